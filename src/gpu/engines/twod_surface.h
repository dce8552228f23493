#pragma once

// The 2D class's surfaces and operation (OGD classes/twod/cl902d.h), shared by its blits
// (twod_blit.h) and solid primitives (twod_solid.h): SET_DST_* at 0x200 and SET_SRC_* at 0x230,
// each FORMAT, MEMORY_LAYOUT, BLOCK_SIZE (height 6:4, depth 10:8), DEPTH, LAYER, PITCH, WIDTH,
// HEIGHT, OFFSET_UPPER, OFFSET_LOWER; SET_OPERATION (0x2AC) and SET_CLIP_ENABLE (0x290).

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/types.h"
#include "gpu/block_linear.h"
#include "gpu/engines/register_file.h"
#include "gpu/memory_manager.h"
#include "gpu/render_target_pixels.h"

namespace gpu::engines {

inline constexpr u32 kTwodDstFormat = 0x0200 / 4;
inline constexpr u32 kTwodSrcFormat = 0x0230 / 4;

struct TwodSurface {
    u64 address = 0;
    u32 format = 0;
    PixelLayout pixel;
    bool pitch_layout = false;
    u32 pitch = 0;
    u32 width = 0;
    u32 height = 0;
    u32 layer = 0;  // the slice of a block-linear surface DEPTH slices deep
    BlockLinearSurface block_linear;

    u64 SizeBytes() const { return pitch_layout ? u64{pitch} * height : block_linear.SizeBytes(); }
    u64 Offset(u32 x, u32 y) const {
        return pitch_layout ? u64{y} * pitch + u64{x} * pixel.bytes
                            : block_linear.Offset(x * pixel.bytes, y, layer);
    }
};

// The surface whose registers start at `base` (kTwodDstFormat, kTwodSrcFormat); nothing, and
// why, for one nxhost cannot read or write (`side` names it: "destination", "source").
std::optional<TwodSurface> TwodSurfaceOf(const RegisterFile& registers, u32 base,
                                         std::string_view side, std::string& why_not);

// SET_OPERATION's SRCCOPY_AND (a source pixel of alpha 0 leaves the destination's) and SRCCOPY.
enum class TwodOperation { SrcCopyAnd, SrcCopy };
// The operation, or nothing and why for the blends and ROPs, or with clipping enabled.
std::optional<TwodOperation> TwodOperationOf(const RegisterFile& registers, std::string& why_not);

// Writes [x0, x1) x [y0, y1) of `bytes` (the surface's SizeBytes as read, then changed) back
// into guest memory: the rectangle's rows (pitch) or the GOBs it touches (block-linear).
void WriteTwodArea(MemoryManager& memory, const TwodSurface& surface, std::span<const u8> bytes,
                   s64 x0, s64 y0, s64 x1, s64 y1);

}  // namespace gpu::engines
