#include "gpu/texture_layout.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "base/bits.h"

namespace gpu {
namespace {

u32 DivideUp(u32 value, u32 divisor) {
    return (value + divisor - 1) / divisor;
}

bool Fail(std::string* why, std::string text) {
    if (why) {
        *why = std::move(text);
    }
    return false;
}

}  // namespace

u32 ShrinkBlockLog2(u32 block_log2, u32 extent) {
    // A block of 2^b GOBs is kept while the level needs more than half of it.
    while (block_log2 > 0 && extent <= (1u << (block_log2 - 1))) {
        --block_log2;
    }
    return block_log2;
}

std::optional<TextureLayout> LayoutOf(const TextureHeader& header, TextureFormat format,
                                      std::string* why) {
    const TextureFormatInfo info = InfoOf(format);
    if (info.block_bytes == 0) {
        Fail(why, "a format without a size");
        return std::nullopt;
    }
    if (header.version == TextureHeaderVersion::OneDBuffer) {
        Fail(why, "a 1D buffer texture has no levels");
        return std::nullopt;
    }
    TextureLayout layout;
    layout.block_linear = header.IsBlockLinear();
    layout.layers = header.Layers();
    const bool three_d = header.type == TextureType::ThreeD;
    const u32 levels = header.Levels();
    const u32 largest = std::max({header.width, header.height, three_d ? header.depth : 1u});
    if (levels > 1 && (levels - 1) > static_cast<u32>(std::bit_width(largest) - 1)) {
        Fail(why, fmt::format("{} levels for a {}x{}x{} texture", levels, header.width,
                              header.height, header.depth));
        return std::nullopt;
    }

    if (!layout.block_linear) {
        const u32 row_bytes = DivideUp(header.width, info.block_width) * info.block_bytes;
        if (header.pitch < row_bytes) {
            Fail(why,
                 fmt::format("pitch {} is less than a row of {} bytes", header.pitch, row_bytes));
            return std::nullopt;
        }
        TextureLevel level;
        level.width = header.width;
        level.height = header.height;
        level.width_blocks = DivideUp(header.width, info.block_width);
        level.height_blocks = DivideUp(header.height, info.block_height);
        level.size = u64{header.pitch} * level.height_blocks;
        layout.pitch = header.pitch;
        layout.levels.push_back(level);
        layout.layer_stride = level.size;
        layout.layer_stride_used = level.size;
        return layout;
    }

    u64 offset = 0;
    u32 level0_block_log2 = 0;
    for (u32 i = 0; i < levels; ++i) {
        TextureLevel level;
        level.width = std::max(header.width >> i, 1u);
        level.height = std::max(header.height >> i, 1u);
        level.depth = three_d ? std::max(header.depth >> i, 1u) : 1u;
        level.width_blocks = DivideUp(level.width, info.block_width);
        level.height_blocks = DivideUp(level.height, info.block_height);
        BlockLinearSurface& surface = level.surface;
        surface.width_bytes = level.width_blocks * info.block_bytes;
        surface.height = level.height_blocks;
        surface.depth = level.depth;
        surface.block_height_log2 =
            ShrinkBlockLog2(header.block_height_log2, DivideUp(level.height_blocks, kGobHeight));
        surface.block_depth_log2 =
            three_d ? ShrinkBlockLog2(header.block_depth_log2, level.depth) : 0;
        level.offset = offset;
        level.size = surface.SizeBytes();
        offset += level.size;
        if (i == 0) {
            level0_block_log2 = surface.block_height_log2 + surface.block_depth_log2;
        }
        layout.levels.push_back(level);
    }
    layout.layer_stride_used = offset;
    layout.layer_stride =
        layout.layers > 1 ? base::AlignUp<u64>(offset, u64{kGobSize} << level0_block_log2) : offset;
    return layout;
}

}  // namespace gpu
