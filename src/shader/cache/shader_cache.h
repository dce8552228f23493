#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>

#include "base/types.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace shader {

// The translator's output version. Bump it whenever TranslateCompute's output for the same input
// changes (a fix, a new optimisation): entries of an older version then miss and are rebuilt.
inline constexpr u32 kTranslatorVersion = 26;

// XXH3-128 of everything a translation depends on: the kernel's code and layout, the target, the
// launch state and the translator version.
struct ShaderCacheKey {
    u64 low = 0;
    u64 high = 0;
    bool operator==(const ShaderCacheKey&) const = default;
    // 32 lowercase hex digits, high half first: the entry's file name.
    std::string Hex() const;
};

// Every field of the kernel except its name (identical kernels under two names share an entry)
// is hashed one by one, never as raw struct bytes, so padding never reaches the key.
ShaderCacheKey MakeShaderCacheKey(const sass::CubinKernel& kernel, const TargetProfile& target,
                                  const ComputeState& state,
                                  u32 translator_version = kTranslatorVersion);

// $XDG_CACHE_HOME/nxhost/shaders, or $HOME/.cache/nxhost/shaders when XDG_CACHE_HOME is unset
// or relative (and .cache/nxhost/shaders in the working folder when HOME is unset too).
std::filesystem::path DefaultShaderCacheFolder();

struct ShaderCacheStats {
    u64 hits = 0;
    u64 misses = 0;   // including the damaged ones
    u64 damaged = 0;  // entries that were there but could not be used
    u64 stored = 0;
};

// Translated compute programs on disk, one file per key. Entries are written atomically
// (temporary file, fsync, rename, fsync of the folder); an entry that is truncated, corrupted or
// of another format is logged once, counts as a miss and is replaced by the next Store. When the
// folder cannot be written (read-only, full) that is logged once and the cache goes on serving
// what it has without storing. Safe to use from several threads; several caches (or processes)
// may share a folder.
class ShaderCache {
public:
    explicit ShaderCache(std::filesystem::path folder = DefaultShaderCacheFolder());

    std::optional<ComputeProgram> Load(const ShaderCacheKey& key);
    void Store(const ShaderCacheKey& key, const ComputeProgram& program);

    // Load, or on a miss shader::TranslateCompute and Store. Translation errors propagate
    // (base::Error) and nothing is stored for them.
    ComputeProgram GetOrTranslate(const sass::CubinKernel& kernel, const TargetProfile& target,
                                  const ComputeState& state);

    ShaderCacheStats Stats() const;
    const std::filesystem::path& Folder() const { return folder_; }
    std::filesystem::path EntryPath(const ShaderCacheKey& key) const;

private:
    void CountDamaged(const std::filesystem::path& path, const std::string& reason);

    std::filesystem::path folder_;
    mutable std::mutex mutex_;  // stats_ and storing_disabled_
    ShaderCacheStats stats_;
    bool storing_disabled_ = false;
};

}  // namespace shader
