#pragma once

// How a shader's texture reaches its headers: the 3D and compute classes point at a header pool
// (SET_TEX_HEADER_POOL_A/B/C: address, maximum index) and a sampler pool (SET_TEX_SAMPLER_POOL_*),
// at the same offsets in both classes (OGD classes/3d/clb197.h, classes/compute/clb1c0.h); a
// texture handle names a TIC index in bits 19:0 and a TSC index in bits 31:20, and
// SET_SAMPLER_BINDING = 1 (VIA_HEADER_BINDING) takes the sampler index from the header index
// instead (yuzu textures/texture.h; notes/gpu-command-level.md section 3).

#include <array>
#include <optional>
#include <string>

#include "base/types.h"
#include "gpu/engines/register_file.h"
#include "gpu/memory_manager.h"
#include "gpu/sampler_header.h"
#include "gpu/texture_header.h"

namespace gpu {

namespace texture_methods {
inline constexpr u32 kSamplerBinding = 0x1234;
inline constexpr u32 kSamplerPoolA = 0x155C;
inline constexpr u32 kHeaderPoolA = 0x1574;
}  // namespace texture_methods

struct TexturePool {
    u64 address = 0;
    u32 maximum_index = 0;  // the last valid entry
};

struct TexturePools {
    TexturePool headers;
    TexturePool samplers;
    bool sampler_via_header = false;  // SET_SAMPLER_BINDING VIA_HEADER_BINDING
    TextureHeaderLayout layout = TextureHeaderLayout::Maxwell;
};

// The pools from a 3D or compute engine's registers (method byte offsets / 4 index them).
TexturePools TexturePoolsOf(const engines::RegisterFile& registers, TextureHeaderLayout layout);

struct TextureHandle {
    u32 header_index = 0;
    u32 sampler_index = 0;
};

// A bindless handle's indices (the sampler's from the header's when the pools say so).
TextureHandle DecodeTextureHandle(u32 handle, const TexturePools& pools);

struct BoundTexture {
    TextureHandle indices;
    TextureHeader header;
    SamplerHeader sampler;
    std::array<u32, kTextureHeaderWords> header_words{};  // as read (what caches key on)
    std::array<u32, kSamplerHeaderWords> sampler_words{};
};

// Reads and decodes the two headers a handle names; nothing (and `why`) when an index is past
// its pool's maximum, the pool memory is not mapped or the header is not a valid one.
std::optional<BoundTexture> ReadBoundTexture(const TexturePools& pools, const MemoryManager& memory,
                                             u32 handle, std::string* why = nullptr);

}  // namespace gpu
