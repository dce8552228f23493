#pragma once

// A surface as the guest's GPU sees it: a GPU address in a channel's address space, a
// render-target format number, a size, a layout and array layers.

#include <memory>

#include "base/types.h"
#include "gpu/memory_manager.h"
#include "gpu/render_target_format.h"

namespace gpu {

enum class SurfaceLayout { BlockLinear, Pitch };

struct Surface {
    std::shared_ptr<MemoryManager> memory;  // the address space `address` is in
    u64 address = 0;                        // of layer 0
    RenderTargetFormat format;
    u32 width = 0;  // pixels
    u32 height = 0;
    SurfaceLayout layout = SurfaceLayout::BlockLinear;
    u32 pitch = 0;              // bytes a row takes (pitch layout)
    u32 block_height_log2 = 0;  // block-linear: GOBs a block is tall and deep, as powers of two
    u32 block_depth_log2 = 0;
    u32 layers = 1;
    u64 layer_stride = 0;  // bytes from one layer to the next
};

// A rectangle of pixels, [x0, x1) x [y0, y1).
struct Rect {
    u32 x0 = 0;
    u32 y0 = 0;
    u32 x1 = 0;
    u32 y1 = 0;
    bool Empty() const { return x1 <= x0 || y1 <= y0; }
};

}  // namespace gpu
