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

// Where each of a GOB's 32 16-byte runs lies inside the GOB: run r covers row r / 4, bytes
// (r % 4) * 16 of that row (the in-GOB formula of Offset, done once).
struct GobRuns {
    u32 offset[32];
    constexpr GobRuns() : offset() {
        for (u32 r = 0; r < 32; ++r) {
            const u32 row = r / 4;
            const u32 x = (r % 4) * 16;
            offset[r] = (x / 32) * 256 + (row / 2) * 64 + ((x % 32) / 16) * 32 + (row % 2) * 16;
        }
    }
};
constexpr GobRuns kGobRuns;

// Walks the surface a GOB at a time: whole GOBs copy their 32 runs of 16 bytes at fixed
// offsets; GOBs cut by the surface's right or bottom edge copy what lies inside, row by row.
// `copy(tiled_offset, linear_offset, length)`; rows of `linear_pitch` bytes, slices of
// `linear_pitch * height` bytes one after the other.
template <typename Copy>
bool ForEachRun(const BlockLinearSurface& surface, u64 tiled_size, u64 linear_size,
                u32 linear_pitch, Copy&& copy) {
    const u32 depth = std::max(surface.depth, 1u);
    const u64 slice_pitch = u64{linear_pitch} * surface.height;
    if (surface.SizeBytes() > tiled_size || linear_pitch < surface.width_bytes ||
        (surface.height != 0 && slice_pitch * (depth - 1) +
                                        u64{linear_pitch} * (surface.height - 1) +
                                        surface.width_bytes >
                                    linear_size)) {
        return false;
    }
    const u32 gobs_x = surface.GobsPerRow();
    const u32 gob_rows = (surface.height + kGobHeight - 1) / kGobHeight;
    const u32 bh = surface.block_height_log2;
    const u32 bd = surface.block_depth_log2;
    const u64 block_bytes = surface.BlockBytes();
    const u64 row_bytes = u64{gobs_x} * block_bytes;  // a row of blocks
    const u64 slab_bytes = surface.SlabBytes();
    for (u32 z = 0; z < depth; ++z) {
        const u64 slice_base = (z >> bd) * slab_bytes + (u64{z & ((1u << bd) - 1)} << (9 + bh));
        for (u32 gy = 0; gy < gob_rows; ++gy) {
            const u64 row_base =
                slice_base + (gy >> bh) * row_bytes + (u64{gy & ((1u << bh) - 1)} << 9);
            const u32 y0 = gy * kGobHeight;
            const u32 rows = std::min(kGobHeight, surface.height - y0);
            const u64 linear_row = z * slice_pitch + u64{y0} * linear_pitch;
            for (u32 gx = 0; gx < gobs_x; ++gx) {
                const u64 gob = row_base + gx * block_bytes;
                const u32 x0 = gx * kGobWidthBytes;
                const u32 width = std::min(kGobWidthBytes, surface.width_bytes - x0);
                if (rows == kGobHeight && width == kGobWidthBytes) {
                    for (u32 r = 0; r < 32; ++r) {
                        copy(gob + kGobRuns.offset[r],
                             linear_row + u64{r / 4} * linear_pitch + x0 + (r % 4) * 16, 16);
                    }
                    continue;
                }
                for (u32 y = 0; y < rows; ++y) {
                    for (u32 x = 0; x < width; x += 16) {
                        copy(gob + kGobRuns.offset[y * 4 + x / 16],
                             linear_row + u64{y} * linear_pitch + x0 + x,
                             std::min<u32>(16, width - x));
                    }
                }
            }
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
