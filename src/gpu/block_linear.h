#pragma once

// NVIDIA's block-linear surface layout: 64-byte by 8-row GOBs of 512 bytes, stacked 2^h GOBs
// tall into blocks, blocks laid out row by row (Tegra X1 TRM, "Block Linear"; libnx
// display/framebuffer.c swizzles into it). Render targets, textures and the display's buffers
// are all kept this way.

#include <span>

#include "base/types.h"

namespace gpu {

inline constexpr u32 kGobWidthBytes = 64;
inline constexpr u32 kGobHeight = 8;
inline constexpr u32 kGobSize = 512;

// A 3D surface stacks slices: a block is also 2^d GOBs deep, its GOBs going down Y first, then
// Z (yuzu textures/decoders.cpp; the DMA copy engine's SET_*_DEPTH and BLOCK_SIZE depth).
struct BlockLinearSurface {
    u32 width_bytes = 0;        // a row's bytes (pixels x bytes per pixel)
    u32 height = 0;             // rows
    u32 block_height_log2 = 0;  // GOBs per block, as a power of two (0 to 5)
    u32 depth = 1;              // slices
    u32 block_depth_log2 = 0;   // GOBs a block is deep, as a power of two (0 to 5)

    u32 GobsPerRow() const { return (width_bytes + kGobWidthBytes - 1) / kGobWidthBytes; }
    u32 BlockRows() const { return kGobHeight << block_height_log2; }
    u64 BlockBytes() const { return u64{kGobSize} << (block_height_log2 + block_depth_log2); }
    // Bytes one slab of blocks (2^d slices) takes.
    u64 SlabBytes() const;
    // Bytes the surface takes: whole blocks in every direction.
    u64 SizeBytes() const;
    // Where byte `x_bytes` of row `y` of slice `z` lies.
    u64 Offset(u32 x_bytes, u32 y, u32 z = 0) const;
};

// Copies `surface` (every slice of it) from block-linear `tiled` into `linear`, rows of
// `linear_pitch` bytes, slices of `linear_pitch * height` bytes one after the other. False (and
// nothing copied) when `tiled` is smaller than the surface or `linear` smaller than its rows.
bool DeswizzleBlockLinear(const BlockLinearSurface& surface, std::span<const u8> tiled,
                          std::span<u8> linear, u32 linear_pitch);

// The reverse, for tests and for the engines that write surfaces.
bool SwizzleBlockLinear(const BlockLinearSurface& surface, std::span<const u8> linear,
                        u32 linear_pitch, std::span<u8> tiled);

}  // namespace gpu
