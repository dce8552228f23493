#pragma once

// Compiled regions on disk (issue 18): one file per region, named by a key of everything baked
// into its machine code, so that a second start runs hot code without compiling it again.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace cpu::llvm_tier {

struct Region;

// XXH3-128 of the region's code and addresses and of what compiled it: the cache format, the
// translator, nxhost's build, LLVM's version, the host CPU and its features, the guest address
// width. The host addresses of guest memory are not in it: regions read them from RegionState.
struct RegionKey {
    u64 low = 0;
    u64 high = 0;
    bool operator==(const RegionKey&) const = default;
    std::string Hex() const;
};

// What a key depends on besides the region: the same region under another build, LLVM or CPU
// gets another key.
struct RegionKeyContext {
    std::string build_id;  // nxhost's version (`git describe`)
    std::string llvm_version;
    std::string host_cpu;  // LLVM's host CPU name and its features, as the compiler targets them
    unsigned address_bits = 39;
};

RegionKeyContext HostRegionKeyContext(std::string build_id, unsigned address_bits);
RegionKey MakeRegionKey(const Region& region, const RegionKeyContext& context);

struct RegionCacheStats {
    u64 hits = 0;
    u64 misses = 0;   // including the damaged ones
    u64 damaged = 0;  // entries there but unusable: truncated, corrupted, another key or format
    u64 stored = 0;
};

// Entries are written atomically (temporary file, fsync, rename) and checked when read: magic,
// format, the key inside the file, the payload's size and its XXH3-64. A damaged entry is
// logged, counts as a miss, and is replaced when the region is compiled again. A folder that
// cannot be written is logged once; the cache then only reads. Not thread-safe: the tier calls
// it from the one thread that compiles.
class RegionCache {
public:
    explicit RegionCache(std::filesystem::path folder);

    std::optional<std::vector<u8>> Load(const RegionKey& key);
    void Store(const RegionKey& key, std::span<const u8> object);

    std::filesystem::path EntryPath(const RegionKey& key) const;
    const RegionCacheStats& Stats() const { return stats_; }

private:
    std::filesystem::path folder_;
    RegionCacheStats stats_;
    bool store_failed_ = false;
};

}  // namespace cpu::llvm_tier
