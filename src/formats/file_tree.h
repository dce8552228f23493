#pragma once

// A read-only tree of files, whatever holds it: a RomFS image (alone or in an NCA), a host
// folder (an extracted game), a folder inside a NUP image, or a flat PFS0. `nxhost romfs`
// and the program loader read games through it.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "formats/nup_format.h"
#include "formats/partition_fs.h"
#include "formats/romfs.h"
#include "formats/zstd_dictionaries.h"

namespace formats {

class FileTree {
public:
    virtual ~FileTree() = default;
    virtual std::string Name() const = 0;
    virtual bool IsDirectory(std::string_view path) const = 0;
    virtual bool IsFile(std::string_view path) const = 0;
    // Children of a folder, folders first; throws if there is no folder at `path`.
    virtual std::vector<RomfsListEntry> List(std::string_view path) const = 0;
    // Throws naming the tree and path if there is no such file.
    virtual std::vector<u8> Read(std::string_view path) const = 0;
};

using FileTreePtr = std::shared_ptr<const FileTree>;

FileTreePtr MakeRomfsTree(StoragePtr romfs);
FileTreePtr MakeHostFolderTree(const std::filesystem::path& folder);
// The files of `image` under `prefix` ("romfs", "exefs"; "" for all).
FileTreePtr MakeNupTree(std::shared_ptr<const NupImage> image, std::string prefix);
FileTreePtr MakePartitionTree(PartitionFs partition);

// Counts files and bytes under `path`, for `nxhost info`.
struct TreeSummary {
    u64 files = 0;
    u64 folders = 0;
    u64 bytes = 0;
};
TreeSummary Summarize(const FileTree& tree);

// Reads files with `.zs` ones decompressed: the dictionaries come from Pack/ZsDic.pack.zs of
// the same tree, loaded on the first `.zs` file and kept.
class PlainFileReader {
public:
    explicit PlainFileReader(FileTreePtr tree) : tree_(std::move(tree)) {}
    std::vector<u8> Read(std::string_view path);
    const ZstdDictionaries& Dictionaries();

private:
    FileTreePtr tree_;
    std::optional<ZstdDictionaries> dictionaries_;
};

inline constexpr const char* kZsDictionaryPack = "Pack/ZsDic.pack.zs";

}  // namespace formats
