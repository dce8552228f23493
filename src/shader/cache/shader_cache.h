#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/types.h"
#include "shader/compute.h"
#include "shader/program.h"
#include "shader/sass/cubin.h"

namespace shader {

// The translator's output version. Bump it whenever TranslateCompute's output for the same input
// changes (a fix, a new optimisation): entries of an older version then miss and are rebuilt.
// Graphics entries are keyed by the build too (GraphicsCacheSource::build), so they need no bump.
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

// What a graphics program's translation depends on besides the target: the environment that
// serves it (its kind fixes what it reads beyond the program itself), the stage, the program's
// header and code as the 3D engine read them, the constant words that environment fixes at
// translation (deko3d's bank 1; none for the engines' own), a vertex stage's attribute types,
// and the nxhost build that translates (so that a changed translator never meets an old entry).
struct GraphicsCacheSource {
    std::string_view environment;  // "engine" or "deko3d"
    Stage stage = Stage::Vertex;
    std::span<const u8> header;
    std::span<const u8> code;
    std::span<const u32> fixed_constants;
    std::span<const AttributeType> attribute_types;
    std::string_view build;
};

ShaderCacheKey MakeGraphicsCacheKey(const GraphicsCacheSource& source, const TargetProfile& target);

// $XDG_CACHE_HOME/nxhost/shaders, or $HOME/.cache/nxhost/shaders when XDG_CACHE_HOME is unset
// or relative (and .cache/nxhost/shaders in the working folder when HOME is unset too).
std::filesystem::path DefaultShaderCacheFolder();

struct ShaderCacheStats {
    u64 hits = 0;
    u64 misses = 0;   // including the damaged ones
    u64 damaged = 0;  // entries that were there but could not be used
    u64 stored = 0;
};

// Translated compute and graphics programs on disk, one file per key. Entries are written
// atomically (temporary file, fsync, rename, fsync of the folder); an entry that is truncated,
// corrupted or of another format is logged once, counts as a miss and is replaced by the next
// Store. When the folder cannot be written (read-only, full) that is logged once and the cache goes
// on serving what it has without storing. Safe to use from several threads; several caches (or
// processes) may share a folder.
class ShaderCache {
public:
    // `build` names the nxhost build that stores and loads graphics entries (their keys hold it).
    explicit ShaderCache(std::filesystem::path folder = DefaultShaderCacheFolder(),
                         std::string build = {});

    std::optional<ComputeProgram> Load(const ShaderCacheKey& key);
    std::optional<GraphicsProgram> LoadGraphics(const ShaderCacheKey& key);
    void Store(const ShaderCacheKey& key, const ComputeProgram& program);
    void Store(const ShaderCacheKey& key, const GraphicsProgram& program);

    // Load, or on a miss shader::TranslateCompute and Store. Translation errors propagate
    // (base::Error) and nothing is stored for them.
    ComputeProgram GetOrTranslate(const sass::CubinKernel& kernel, const TargetProfile& target,
                                  const ComputeState& state);

    ShaderCacheStats Stats() const;
    const std::filesystem::path& Folder() const { return folder_; }
    const std::string& Build() const { return build_; }
    std::filesystem::path EntryPath(const ShaderCacheKey& key) const;

private:
    template <typename Program, typename Decode>
    std::optional<Program> LoadWith(const ShaderCacheKey& key, Decode decode);
    void StoreEntry(const ShaderCacheKey& key, const std::vector<u8>& entry);
    void CountDamaged(const std::filesystem::path& path, const std::string& reason);

    std::filesystem::path folder_;
    std::string build_;
    mutable std::mutex mutex_;  // stats_ and storing_disabled_
    ShaderCacheStats stats_;
    bool storing_disabled_ = false;
};

}  // namespace shader
