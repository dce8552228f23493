#pragma once

// The host GPU the engines drive (src/video implements it on Vulkan). Surfaces are described as
// the guest's GPU sees them: a GPU address in a channel's address space, a render-target format
// number, a size, a layout and array layers. The host keeps its own copy of a surface while it
// works on it: a surface is read from guest memory when the host first uses it, and what the
// host wrote goes back into guest memory, in the guest's layout, at Synchronize(), which the
// engines call before a syncpoint increment, a semaphore release or a memory access of their
// own lands, so that a fence completes only when the work before it is in guest memory.
// Commands are recorded by one thread at a time (the GPU thread).

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

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

struct ColorClear {
    Surface target;
    u32 layer = 0;
    Rect area;
    // SET_COLOR_CLEAR_VALUE's words: float bits for float, normalised and sRGB formats, the
    // integers themselves for integer formats.
    std::array<u32, 4> value{};
    u32 component_mask = 0xF;  // bit 0 R, 1 G, 2 B, 3 A
};

struct DepthStencilClear {
    Surface target;
    u32 layer = 0;
    Rect area;
    bool depth = false;
    bool stencil = false;
    float depth_value = 0;
    u8 stencil_value = 0;
};

// What a draw will hand the host (the Maxwell shader frontend is not connected yet, so the
// engines do not make draws; these are the shapes the pipeline cache will key on).
enum class ShaderStageKind { VertexA, VertexB, TessControl, TessEval, Geometry, Fragment };
struct ShaderStage {
    ShaderStageKind kind = ShaderStageKind::VertexB;
    std::vector<u32> spirv;  // translated by src/shader
};
struct VertexStream {
    u64 address = 0;
    u64 size = 0;
    u32 stride = 0;
};
struct DrawCall {
    std::vector<ShaderStage> stages;
    std::vector<VertexStream> vertex_streams;
    std::vector<Surface> color_targets;
    std::optional<Surface> zeta_target;
    u32 topology = 0;  // BEGIN's primitive
    u32 first = 0;
    u32 count = 0;
    u32 instance_count = 1;
    std::optional<u64> index_buffer;  // GPU address; indices of index_size bytes
    u32 index_size = 0;
};

class HostGpu {
public:
    virtual ~HostGpu() = default;
    virtual std::string_view Name() const = 0;

    // Clears `area` of one layer of a colour or zeta surface. A format or request the host
    // cannot do is named in the log (once) and not done.
    virtual void ClearColor(const ColorClear& clear) = 0;
    virtual void ClearDepthStencil(const DepthStencilClear& clear) = 0;
    // A draw; false (nothing drawn, named in the log once) where the host does not draw yet.
    virtual bool Draw(const DrawCall& draw) = 0;
    // Waits for the host's work so far and writes the surfaces it changed back into guest
    // memory; the next use of a surface reads it from guest memory again (the CPU or another
    // engine may write it meanwhile).
    virtual void Synchronize() = 0;
};

// The host GPU of a run without one (`--gpu off`, or no Vulkan device): 3D work is named in the
// log once and not executed.
std::shared_ptr<HostGpu> MakeNoHostGpu();

}  // namespace gpu
