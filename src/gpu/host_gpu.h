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
#include "gpu/compute_call.h"
#include "gpu/draw_call.h"
#include "gpu/surface.h"

namespace gpu {

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

class HostGpu {
public:
    virtual ~HostGpu() = default;
    virtual std::string_view Name() const = 0;

    // Clears `area` of one layer of a colour or zeta surface. A format or request the host
    // cannot do is named in the log (once) and not done.
    virtual void ClearColor(const ColorClear& clear) = 0;
    virtual void ClearDepthStencil(const DepthStencilClear& clear) = 0;
    // A draw; false (nothing drawn, named in the log once with what is missing) where the host
    // cannot make it.
    virtual bool Draw(const DrawCall& draw) = 0;
    // A compute launch: its program translated, its constant buffers and the global memory it
    // reaches read from guest memory and what it wrote written back before this returns; false
    // (nothing run, named in the log with what is missing) where the host cannot make it.
    virtual bool Dispatch(const ComputeCall& call);
    // Waits for the host's work so far and writes the surfaces it changed back into guest
    // memory; the next use of a surface reads it from guest memory again (the CPU or another
    // engine may write it meanwhile).
    virtual void Synchronize() = 0;
    // The samples that passed the depth and stencil tests in the draws that counted them
    // (DrawState::count_samples_passed) since the host GPU opened, after all its work so far
    // (it synchronises first); nothing where the host cannot count them exactly.
    virtual std::optional<u64> SamplesPassed() { return std::nullopt; }
};

// The host GPU of a run without one (`--gpu off`, or no Vulkan device): 3D work is named in the
// log once and not executed.
std::shared_ptr<HostGpu> MakeNoHostGpu();

}  // namespace gpu
