#include "video/kernel_runner.h"

namespace video {

KernelResult RunKernel(ComputeDevice& device, const shader::sass::CubinKernel& kernel,
                       const KernelLaunch& launch) {
    CheckKernelLaunch(kernel, launch);
    shader::ComputeState state;
    state.block = launch.block;
    state.dynamic_shared_bytes = launch.dynamic_shared_bytes;
    const shader::ComputeProgram program = shader::TranslateCompute(kernel, device.Target(), state);
    return RunTranslatedKernel(device, kernel, program, launch);
}

}  // namespace video
