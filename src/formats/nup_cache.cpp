// The unpack cache behind `nxhost run IMAGE.nup`.

#include <cstdlib>

#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "formats/nup.h"

namespace formats {

std::filesystem::path NupCacheRoot() {
    const char* cache_home = std::getenv("XDG_CACHE_HOME");
    std::filesystem::path base;
    if (cache_home && *cache_home) {
        base = cache_home;
    } else {
        const char* home = std::getenv("HOME");
        base = std::filesystem::path(home ? home : ".") / ".cache";
    }
    return base / "nxhost" / "nup";
}

std::filesystem::path UnpackNupToCache(const std::filesystem::path& image_path) {
    const NupImage image = NupImage::Open(image_path);
    // Keyed by the content hash alone: a new nxhost, or the same game packed again with other
    // settings, reuses the unpack.
    const std::filesystem::path folder = NupCacheRoot() / HashHex(image.header.content_hash);
    const NupUnpackResult result = UnpackNup(image_path, folder);
    if (!result.damaged.empty()) {
        std::string names;
        for (const std::string& name : result.damaged) {
            names += "\n  " + name;
        }
        base::Fail("{}: {} damaged file{} not unpacked (run `nxhost verify`):{}",
                   image_path.string(), result.damaged.size(),
                   result.damaged.size() == 1 ? "" : "s", names);
    }
    if (!result.already_complete) {
        LOG_INFO("nup", "unpacked {} into {} ({} files written, {} kept)", image_path.string(),
                 folder.string(), result.files_written, result.files_kept);
    }
    // The program's own files are small; check them on every start, so that a cache damaged
    // after unpacking is never run.
    for (const NupFile& file : image.toc.files) {
        if (!file.path.starts_with("exefs/")) {
            continue;
        }
        const std::filesystem::path path = folder / file.path;
        std::error_code error;
        const bool present = std::filesystem::is_regular_file(path, error);
        std::vector<u8> bytes;
        if (present) {
            bytes = base::ReadFile(path);
        }
        if (!present || Xxh3Hash128(bytes) != file.hash) {
            // Drop the marker so that the next start repairs the cache.
            std::filesystem::remove(folder / kNupCompleteMarker, error);
            base::Fail("{}: the cached copy of {} is damaged; run again to unpack it anew",
                       folder.string(), file.path);
        }
    }
    return folder;
}

}  // namespace formats
