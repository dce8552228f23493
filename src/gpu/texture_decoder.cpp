#include "gpu/texture_decoder.h"

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

#include "gpu/astc_decoder.h"
#include "gpu/bcn_decoder.h"

namespace gpu {
namespace {

using F = TextureFormat;

bool IsAstc(TextureFormat format) {
    return format >= F::Astc4x4Unorm && format <= F::Astc12x12Srgb;
}

bool IsAstcSrgb(TextureFormat format) {
    // Each sRGB value follows its UNORM one in the enum (texture_format.h).
    return (static_cast<u16>(format) - static_cast<u16>(F::Astc4x4Unorm)) % 2 == 1;
}

}  // namespace

std::optional<TextureFormat> DecodedFormatOf(TextureFormat format) {
    switch (format) {
        case F::Bc1Unorm:
        case F::Bc2Unorm:
        case F::Bc3Unorm:
        case F::Bc7Unorm:
            return F::R8G8B8A8Unorm;
        case F::Bc1Srgb:
        case F::Bc2Srgb:
        case F::Bc3Srgb:
        case F::Bc7Srgb:
            return F::R8G8B8A8Srgb;
        case F::Bc4Unorm:
            return F::R16Unorm;
        case F::Bc4Snorm:
            return F::R16Snorm;
        case F::Bc5Unorm:
            return F::R16G16Unorm;
        case F::Bc5Snorm:
            return F::R16G16Snorm;
        case F::Bc6hSfloat:
        case F::Bc6hUfloat:
            return F::R16G16B16A16Float;
        default:
            break;
    }
    if (IsAstc(format)) {
        return IsAstcSrgb(format) ? F::R8G8B8A8Srgb : F::R8G8B8A8Unorm;
    }
    return std::nullopt;
}

bool DecodeTextureLevel(TextureFormat format, std::span<const u8> blocks, u32 width, u32 height,
                        u32 depth, std::span<u8> texels, std::string* why) {
    const TextureFormatInfo info = InfoOf(format);
    const auto decoded = DecodedFormatOf(format);
    if (!decoded) {
        if (why) {
            *why = fmt::format("{} is not a compressed format nxhost decodes", info.name);
        }
        return false;
    }
    const u32 texel_bytes = InfoOf(*decoded).block_bytes;
    const u64 blocks_x = (width + info.block_width - 1) / info.block_width;
    const u64 blocks_y = (height + info.block_height - 1) / info.block_height;
    if (blocks.size() < blocks_x * blocks_y * depth * info.block_bytes ||
        texels.size() < u64{width} * height * depth * texel_bytes) {
        if (why) {
            *why = fmt::format("a {}x{}x{} {} level does not fit its buffers", width, height, depth,
                               info.name);
        }
        return false;
    }
    if (IsAstc(format)) {
        return DecodeAstc(
            {info.block_width, info.block_height, IsAstcSrgb(format), width, height, depth}, blocks,
            texels, why);
    }
    // BCn: each 4x4 block decoded, the texels inside the level copied out.
    std::array<u8, 16 * 8> block_texels{};
    for (u32 z = 0; z < depth; ++z) {
        for (u64 by = 0; by < blocks_y; ++by) {
            for (u64 bx = 0; bx < blocks_x; ++bx) {
                const u64 at = ((z * blocks_y + by) * blocks_x + bx) * info.block_bytes;
                DecodeBcBlock(format, blocks.subspan(at, info.block_bytes), block_texels);
                const u32 columns = std::min<u32>(4, width - static_cast<u32>(bx) * 4);
                for (u32 y = 0; y < 4 && by * 4 + y < height; ++y) {
                    const u64 row = (u64{z} * height + by * 4 + y) * width + bx * 4;
                    std::memcpy(texels.data() + row * texel_bytes,
                                block_texels.data() + y * 4 * texel_bytes, columns * texel_bytes);
                }
            }
        }
    }
    return true;
}

}  // namespace gpu
