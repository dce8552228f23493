#pragma once

#include <array>
#include <map>
#include <optional>
#include <vector>

#include "base/types.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "video/compute_device.h"
#include "video/kernel_arguments.h"

namespace video {

// One launch of a CUDA kernel, as `<<<grid, block, dynamic_shared_bytes>>>(arguments...)`.
struct KernelLaunch {
    std::array<u32, 3> grid{1, 1, 1};
    std::array<u32, 3> block{1, 1, 1};
    u32 dynamic_shared_bytes = 0;
    std::vector<KernelArgument> arguments;  // one per kernel parameter, in order
    u32 repeat = 1;  // dispatches in one submission, for timing (buffers see every one)
};

struct KernelResult {
    std::map<u32, std::vector<u8>> buffers;  // out and inout buffers, by parameter index
    std::optional<u64> gpu_time_ns;          // all repeats together, when timestamps exist
};

// Throws base::Error unless the arguments fit the kernel's parameters and the block is one
// CUDA allows (each side at least 1, at most 1024 x 1024 x 64 and 1024 threads in all).
void CheckKernelLaunch(const shader::sass::CubinKernel& kernel, const KernelLaunch& launch);

// Translates `kernel` for the device (shader::TranslateCompute) and runs it.
KernelResult RunKernel(ComputeDevice& device, const shader::sass::CubinKernel& kernel,
                       const KernelLaunch& launch);

// Runs an already translated kernel: builds constant bank 0, binds each pointer argument the
// program names as its storage buffer, dispatches `launch.grid` groups. Throws base::Error on
// arguments that do not fit the kernel or a program that binds something other than a
// pointer argument.
KernelResult RunTranslatedKernel(ComputeDevice& device, const shader::sass::CubinKernel& kernel,
                                 const shader::ComputeProgram& program, const KernelLaunch& launch);

}  // namespace video
