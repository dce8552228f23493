#include "gpu/texture_bindings.h"

#include <array>

#include <fmt/format.h>

namespace gpu {
namespace {

TexturePool PoolAt(const engines::RegisterFile& registers, u32 byte_offset) {
    const u32 a = byte_offset / 4;
    return {registers.Address(a), registers.Get(a + 2) & 0x3FFFFF};
}

bool Fail(std::string* why, std::string text) {
    if (why) {
        *why = std::move(text);
    }
    return false;
}

}  // namespace

TexturePools TexturePoolsOf(const engines::RegisterFile& registers, TextureHeaderLayout layout) {
    TexturePools pools;
    pools.headers = PoolAt(registers, texture_methods::kHeaderPoolA);
    pools.samplers = PoolAt(registers, texture_methods::kSamplerPoolA);
    pools.sampler_via_header = (registers.Get(texture_methods::kSamplerBinding / 4) & 1) != 0;
    pools.layout = layout;
    return pools;
}

TextureHandle DecodeTextureHandle(u32 handle, const TexturePools& pools) {
    TextureHandle indices;
    indices.header_index = handle & 0xFFFFF;
    indices.sampler_index = pools.sampler_via_header ? indices.header_index : handle >> 20;
    return indices;
}

std::optional<BoundTexture> ReadBoundTexture(const TexturePools& pools, const MemoryManager& memory,
                                             u32 handle, std::string* why) {
    BoundTexture bound;
    bound.indices = DecodeTextureHandle(handle, pools);
    if (bound.indices.header_index > pools.headers.maximum_index) {
        Fail(why, fmt::format("texture header {} is past the pool's last entry {}",
                              bound.indices.header_index, pools.headers.maximum_index));
        return std::nullopt;
    }
    if (bound.indices.sampler_index > pools.samplers.maximum_index) {
        Fail(why, fmt::format("sampler {} is past the pool's last entry {}",
                              bound.indices.sampler_index, pools.samplers.maximum_index));
        return std::nullopt;
    }
    std::array<u32, kTextureHeaderWords> tic{};
    std::array<u32, kSamplerHeaderWords> tsc{};
    const u64 tic_address =
        pools.headers.address + u64{kTextureHeaderBytes} * bound.indices.header_index;
    const u64 tsc_address = pools.samplers.address + u64{32} * bound.indices.sampler_index;
    if (!memory.Read(tic_address, {reinterpret_cast<u8*>(tic.data()), sizeof(tic)},
                     "a texture header") ||
        !memory.Read(tsc_address, {reinterpret_cast<u8*>(tsc.data()), sizeof(tsc)},
                     "a sampler header")) {
        Fail(why,
             fmt::format("the headers at {:#x} / {:#x} are not mapped", tic_address, tsc_address));
        return std::nullopt;
    }
    std::string header_why;
    auto header = DecodeTextureHeader(tic, pools.layout, &header_why);
    if (!header) {
        Fail(why, fmt::format("texture header {} at {:#x}: {}", bound.indices.header_index,
                              tic_address, header_why));
        return std::nullopt;
    }
    bound.header = *header;
    bound.header_words = tic;
    bound.sampler_words = tsc;
    bound.sampler = DecodeSamplerHeader(tsc);
    return bound;
}

}  // namespace gpu
