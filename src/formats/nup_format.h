#pragma once

// NUP, nxhost's packed game image: one file holding an extracted game folder (exefs/,
// romfs/, anything else), for moving, checking and unpacking once.
//
//   0x000  header (0x100 bytes, ends with the xxh3-128 of its first 0xf0 bytes)
//   0x100  chunks: the files' bytes concatenated in path order, cut into chunks of
//          `chunk_size` raw bytes, each compressed on its own with zstd (or stored, when
//          compression does not help), so that any chunk can be read and checked alone and
//          chunks are (de)compressed in parallel
//   ...    the table of contents, zstd-compressed: chunk records, file records, folder
//          records, then the path strings
//
// Every chunk has the xxh3-128 of its stored and of its raw bytes, every file the xxh3-128 of
// its bytes; the TOC's hash is in the header and the header hashes itself. The content hash
// covers the paths, sizes and file hashes only, so it names the game's files whatever the
// chunking, compression level or format version: the unpack cache is keyed by it.

#include <array>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/storage.h"

namespace formats {

using Hash128 = std::array<u8, 16>;

// xxh3-128 in its canonical (big-endian) byte order, as stored in NUP files and printed.
Hash128 Xxh3Hash128(std::span<const u8> bytes);
std::string HashHex(const Hash128& hash);

class Xxh3Stream {
public:
    Xxh3Stream();
    ~Xxh3Stream();
    Xxh3Stream(const Xxh3Stream&) = delete;
    Xxh3Stream& operator=(const Xxh3Stream&) = delete;
    void Update(std::span<const u8> bytes);
    Hash128 Digest() const;

private:
    void* state_;
};

inline constexpr u32 kNupVersion = 1;
inline constexpr u64 kNupHeaderSize = 0x100;
inline constexpr u64 kNupDefaultChunkSize = 4 << 20;

struct NupChunk {
    u64 offset = 0;  // in the image
    u32 stored_size = 0;
    u32 raw_size = 0;
    bool compressed = false;
    Hash128 stored_hash{};
    Hash128 raw_hash{};
};

struct NupFile {
    std::string path;       // relative, '/'-separated, checked safe to unpack
    u64 stream_offset = 0;  // in the concatenation of all files
    u64 size = 0;
    u32 mode = 0644;
    Hash128 hash{};
};

struct NupToc {
    u64 chunk_size = kNupDefaultChunkSize;
    u64 total_size = 0;
    std::vector<NupChunk> chunks;
    std::vector<NupFile> files;
    std::vector<std::string> folders;  // every folder, so that empty ones survive

    // The files whose bytes lie in chunk `index` (an index range into `files`).
    std::pair<std::size_t, std::size_t> FilesInChunk(std::size_t index) const;
    const NupFile* Find(std::string_view path) const;
};

struct NupHeader {
    u32 version = kNupVersion;
    u64 chunk_size = 0;
    u64 chunk_count = 0;
    u64 file_count = 0;
    u64 folder_count = 0;
    u64 total_size = 0;
    u64 toc_offset = 0;
    u64 toc_size = 0;
    u64 toc_raw_size = 0;
    Hash128 toc_hash{};
    Hash128 content_hash{};
};

bool IsNup(const Storage& storage);
std::vector<u8> WriteNupHeader(const NupHeader& header);
NupHeader ReadNupHeader(const Storage& storage);
// Builds the TOC's raw bytes; ReadNupToc checks hashes, bounds and paths of a whole image.
std::vector<u8> WriteNupTocBytes(const NupToc& toc);
NupToc ReadNupToc(const Storage& storage, const NupHeader& header);
Hash128 NupContentHash(const NupToc& toc);

// Rejects paths that would leave the unpack folder: absolute, "..", "." or empty parts.
void RequireSafeNupPath(std::string_view path, std::string_view source);

// An opened image: header and TOC read and checked.
struct NupImage {
    StoragePtr storage;
    NupHeader header;
    NupToc toc;

    static NupImage Open(const std::filesystem::path& path);
    static NupImage Open(StoragePtr storage);
    // Reads chunk `index`, checks both hashes and decompresses; fails naming the chunk.
    std::vector<u8> ReadChunk(std::size_t index) const;
    // Reads one file through its chunks and checks its hash.
    std::vector<u8> ReadFile(const NupFile& file) const;
};

}  // namespace formats
