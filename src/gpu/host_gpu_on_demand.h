#pragma once

// A host GPU opened when the first 3D work reaches it, not when the run starts: opening Vulkan
// takes about a tenth of a second (lavapipe here), which a program that never draws through
// the GPU (most homebrew: they write the framebuffer with the CPU) should not pay.

#include <functional>
#include <memory>

#include "gpu/host_gpu.h"

namespace gpu {

// `open` runs once, on the first clear, draw or compute launch (the GPU thread's), and must
// not return null.
std::shared_ptr<HostGpu> MakeHostGpuOnDemand(std::function<std::shared_ptr<HostGpu>()> open);

}  // namespace gpu
