#pragma once

// RomFS, a title's read-only data (switchbrew "RomFS"): the level-3 layout of a header,
// directory and file entry tables, a hash table for each keyed by (parent, name), and the file
// data. Lookups by path follow the hash chains, so opening a file never scans the tables.

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "formats/storage.h"

namespace formats {

struct RomfsFile {
    u32 entry = 0;        // offset of the file's entry in the file table
    u64 data_offset = 0;  // from the start of the RomFS
    u64 size = 0;
};

struct RomfsListEntry {
    std::string name;
    bool is_directory = false;
    u64 size = 0;  // files only
};

class RomfsReader {
public:
    explicit RomfsReader(StoragePtr storage);

    const std::string& Name() const { return storage_->Name(); }
    // Paths are '/'-separated; a leading '/' and empty components are ignored.
    std::optional<RomfsFile> FindFile(std::string_view path) const;
    bool IsDirectory(std::string_view path) const;
    // The children of a directory, directories first; throws if there is none at `path`.
    std::vector<RomfsListEntry> List(std::string_view path) const;
    StoragePtr OpenFile(const RomfsFile& file, std::string_view path) const;
    std::vector<u8> ReadFile(std::string_view path) const;
    // Every file with its full path ("/a/b.txt"), in table order, depth first.
    void Walk(const std::function<void(const std::string&, const RomfsFile&)>& visit) const;

private:
    struct DirEntry {
        u32 parent, sibling, child_dir, child_file, hash_next;
        std::string_view name;
    };
    struct FileEntry {
        u32 parent, sibling;
        u64 offset, size;
        u32 hash_next;
        std::string_view name;
    };
    DirEntry ReadDir(u32 offset) const;
    FileEntry ReadFileEntry(u32 offset) const;
    std::optional<u32> FindDirOffset(std::string_view path) const;
    std::optional<u32> LookupDir(u32 parent, std::string_view name) const;
    std::optional<u32> LookupFile(u32 parent, std::string_view name) const;
    RomfsFile ToFile(u32 offset, const FileEntry& entry) const;

    StoragePtr storage_;
    std::vector<u8> dir_hash_, dir_table_, file_hash_, file_table_;
    u64 data_offset_ = 0;
};

u32 RomfsPathHash(u32 parent, std::string_view name);

struct RomfsInputFile {
    std::string path;  // "dir/sub/name"
    std::vector<u8> bytes;
};

// Builds a RomFS image holding `files` (and their folders), for tests and for building images.
std::vector<u8> WriteRomfs(std::span<const RomfsInputFile> files);

}  // namespace formats
