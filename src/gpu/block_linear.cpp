#include "gpu/block_linear.h"

#include <algorithm>
#include <cstring>

namespace gpu {

u64 BlockLinearSurface::SlabBytes() const {
    const u64 block_rows = (u64{height} + BlockRows() - 1) / BlockRows();
    return block_rows * GobsPerRow() * BlockBytes();
}

u64 BlockLinearSurface::SizeBytes() const {
    const u64 slabs = (u64{std::max(depth, 1u)} + (1u << block_depth_log2) - 1) >> block_depth_log2;
    return slabs * SlabBytes();
}

u64 BlockLinearSurface::Offset(u32 x_bytes, u32 y, u32 z) const {
    const u64 gob_in_block = ((u64{z} & ((1u << block_depth_log2) - 1)) << block_height_log2) |
                             ((y / kGobHeight) & ((1u << block_height_log2) - 1));
    const u64 block = (u64{y} / BlockRows()) * GobsPerRow() + x_bytes / kGobWidthBytes;
    const u64 gob = (block << (block_height_log2 + block_depth_log2) | gob_in_block) +
                    (u64{z} >> block_depth_log2) * (SlabBytes() / kGobSize);
    // Inside a GOB: two 32-byte halves of 256 bytes each, each half four pairs of rows of
    // two 16-byte sectors.
    const u32 x = x_bytes % kGobWidthBytes;
    const u32 row = y % kGobHeight;
    const u32 in_gob =
        (x / 32) * 256 + (row / 2) * 64 + ((x % 32) / 16) * 32 + (row % 2) * 16 + x % 16;
    return gob * kGobSize + in_gob;
}

namespace {

// Walks the surface in 16-byte runs, which stay contiguous in both layouts.
template <typename Copy>
bool ForEachRun(const BlockLinearSurface& surface, u64 tiled_size, u64 linear_size,
                u32 linear_pitch, Copy&& copy) {
    if (surface.SizeBytes() > tiled_size || linear_pitch < surface.width_bytes ||
        (surface.height != 0 &&
         u64{linear_pitch} * (surface.height - 1) + surface.width_bytes > linear_size)) {
        return false;
    }
    for (u32 y = 0; y < surface.height; ++y) {
        for (u32 x = 0; x < surface.width_bytes; x += 16) {
            const u32 length = std::min<u32>(16, surface.width_bytes - x);
            copy(surface.Offset(x, y), u64{y} * linear_pitch + x, length);
        }
    }
    return true;
}

}  // namespace

bool DeswizzleBlockLinear(const BlockLinearSurface& surface, std::span<const u8> tiled,
                          std::span<u8> linear, u32 linear_pitch) {
    return ForEachRun(surface, tiled.size(), linear.size(), linear_pitch,
                      [&](u64 tiled_at, u64 linear_at, u32 length) {
                          std::memcpy(linear.data() + linear_at, tiled.data() + tiled_at, length);
                      });
}

bool SwizzleBlockLinear(const BlockLinearSurface& surface, std::span<const u8> linear,
                        u32 linear_pitch, std::span<u8> tiled) {
    return ForEachRun(surface, tiled.size(), linear.size(), linear_pitch,
                      [&](u64 tiled_at, u64 linear_at, u32 length) {
                          std::memcpy(tiled.data() + tiled_at, linear.data() + linear_at, length);
                      });
}

}  // namespace gpu
