#pragma once

// Where every mip level, array layer and 3D slice of a texture lies in guest memory, for both
// layouts. Block-linear: each level is a block-linear surface of its own, laid one after the
// other inside a layer; a level's block height and depth shrink while the level is no larger
// than half a block (a level of 8 rows needs 1 GOB, not 16); layers follow one another at the
// layer's size rounded up to a block of level 0 (yuzu texture_cache/util.cpp; notes section 5).
// Pitch: one level of one layer, `pitch` bytes a row. Compressed formats count in blocks.

#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "gpu/block_linear.h"
#include "gpu/texture_format.h"
#include "gpu/texture_header.h"

namespace gpu {

struct TextureLevel {
    u32 width = 0;  // texels
    u32 height = 0;
    u32 depth = 1;         // slices (3D textures), else 1
    u32 width_blocks = 0;  // in the format's blocks (texels for uncompressed formats)
    u32 height_blocks = 0;
    u64 offset = 0;              // from the start of a layer
    u64 size = 0;                // bytes the level takes
    BlockLinearSurface surface;  // block-linear only: the level as a surface (width in bytes)
};

struct TextureLayout {
    bool block_linear = true;
    u32 pitch = 0;  // pitch layout
    u32 layers = 1;
    u64 layer_stride = 0;
    std::vector<TextureLevel> levels;
    u64 SizeBytes() const { return layer_stride * (layers - 1) + layer_stride_used; }
    u64 layer_stride_used = 0;  // bytes of the last layer (its levels, unpadded)
};

// The shrunk block height (or depth) log2 for `extent` GOB rows (or slices) of a level.
u32 ShrinkBlockLog2(u32 block_log2, u32 extent_gobs);

// The layout of `header` in `format`; nothing (and `why`) for sizes that do not fit: a pitch
// smaller than a row, more levels than the size has, a 1D buffer (it has no layout of levels).
std::optional<TextureLayout> LayoutOf(const TextureHeader& header, TextureFormat format,
                                      std::string* why = nullptr);

}  // namespace gpu
