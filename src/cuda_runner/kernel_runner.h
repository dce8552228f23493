#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "cuda_runner/kernel_arguments.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "video/compute_device.h"

namespace cuda_runner {

// A module-scope variable (`__constant__` or `__device__`) set before the launch, as
// cudaMemcpyToSymbol does: its bytes in the module's memory replaced by these.
struct ModuleGlobalValue {
    std::string symbol;
    std::vector<u8> bytes;  // exactly the symbol's size
    std::string source;     // where the value came from, for messages
};

// One launch of a CUDA kernel, as `<<<grid, block, dynamic_shared_bytes>>>(arguments...)`.
struct KernelLaunch {
    std::array<u32, 3> grid{1, 1, 1};
    std::array<u32, 3> block{1, 1, 1};
    u32 dynamic_shared_bytes = 0;
    std::vector<KernelArgument> arguments;   // one per kernel parameter, in order
    std::vector<ModuleGlobalValue> globals;  // set before the launch, in order
    u32 repeat = 1;  // dispatches in one submission, for timing (buffers see every one)
};

struct KernelResult {
    std::map<u32, std::vector<u8>> buffers;  // out and inout buffers, by parameter index
    std::optional<u64> gpu_time_ns;          // all repeats together, when timestamps exist
};

// Throws base::Error unless the arguments fit the kernel's parameters, the block is one CUDA
// allows (each side at least 1, at most 1024 x 1024 x 64 and 1024 threads in all) and each
// global names a variable of the module (sass::CubinModule) and has its size.
void CheckKernelLaunch(const shader::sass::CubinKernel& kernel, const KernelLaunch& launch);

// What a launch fixes of the translation (shader::ComputeState): the block, the dynamic shared
// memory and each texture argument's dimension.
shader::ComputeState LaunchComputeState(const shader::sass::CubinKernel& kernel,
                                        const KernelLaunch& launch);

// Translates `kernel` for the device (shader::TranslateCompute) and runs it.
KernelResult RunKernel(video::ComputeDevice& device, const shader::sass::CubinKernel& kernel,
                       const KernelLaunch& launch);

// Runs an already translated kernel: builds constant bank 0, binds each pointer argument the
// program names as its storage buffer, each texture or surface argument it names as its image
// (surfaces come back in KernelResult::buffers), constant bank 3 and the module's global
// memory (from the cubin, with `launch.globals` applied) where the program binds them,
// dispatches `launch.grid` groups. Throws base::Error on arguments that do not fit the kernel
// or a program that binds something other than those arguments.
KernelResult RunTranslatedKernel(video::ComputeDevice& device,
                                 const shader::sass::CubinKernel& kernel,
                                 const shader::ComputeProgram& program, const KernelLaunch& launch);

}  // namespace cuda_runner
