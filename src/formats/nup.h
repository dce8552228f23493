#pragma once

// Packing a game folder into a NUP image, unpacking it (resumable) and verifying it. The
// layout is in nup_format.h.

#include <filesystem>
#include <string>
#include <vector>

#include "formats/nup_format.h"

namespace formats {

struct NupPackOptions {
    u64 chunk_size = kNupDefaultChunkSize;
    int level = 3;         // zstd level
    unsigned threads = 0;  // 0: one per core
    bool quiet = false;    // no progress output
};

struct NupPackResult {
    u64 files = 0;
    u64 folders = 0;
    u64 raw_bytes = 0;
    u64 image_bytes = 0;
    Hash128 content_hash{};
};

// Writes `output` atomically (a temporary file renamed into place).
NupPackResult PackNup(const std::filesystem::path& folder, const std::filesystem::path& output,
                      const NupPackOptions& options = {});

struct NupUnpackOptions {
    unsigned threads = 0;
    bool quiet = false;
};

struct NupUnpackResult {
    bool already_complete = false;  // the folder's marker named this image's content
    u64 files_written = 0;
    u64 files_kept = 0;  // present and whole from an earlier, interrupted unpack
    u64 bytes_written = 0;
    std::vector<std::string> damaged;  // files not written because their data is damaged
};

// The marker an unpack leaves in its folder when every file is whole; it holds the content
// hash, so that a later unpack of the same content returns at once.
inline constexpr const char* kNupCompleteMarker = ".nup-unpacked";

// Each file is written as NAME.nup-part and renamed once all its bytes are written and its
// hash matches, so a file under its own name is always whole. An interrupted unpack resumes:
// files already whole are kept, and chunks holding only such files are not even read.
// Damaged files are listed in the result and never appear under their name.
NupUnpackResult UnpackNup(const std::filesystem::path& image, const std::filesystem::path& folder,
                          const NupUnpackOptions& options = {});

struct NupVerifyResult {
    u64 files = 0;
    u64 bytes = 0;
    std::vector<std::size_t> damaged_chunks;
    std::vector<std::string> damaged_files;
    bool Ok() const { return damaged_chunks.empty() && damaged_files.empty(); }
};

// Reads every chunk, checks its hashes and every file's hash. A damaged header or table of
// contents throws base::Error.
NupVerifyResult VerifyNup(const std::filesystem::path& image, const NupUnpackOptions& options = {});

// For `nxhost run IMAGE.nup`: unpacks into $XDG_CACHE_HOME/nxhost/nup/<content hash>/ unless
// a complete unpack of the same content is there, checks the ExeFS files against the image's
// hashes, and returns the folder.
std::filesystem::path UnpackNupToCache(const std::filesystem::path& image);
std::filesystem::path NupCacheRoot();

std::string DescribeNup(const NupImage& image);

}  // namespace formats
