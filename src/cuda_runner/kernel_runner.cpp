#include "cuda_runner/kernel_runner.h"

namespace cuda_runner {

shader::ComputeState LaunchComputeState(const shader::sass::CubinKernel& kernel,
                                        const KernelLaunch& launch) {
    shader::ComputeState state;
    state.block = launch.block;
    state.dynamic_shared_bytes = launch.dynamic_shared_bytes;
    for (std::size_t i = 0; i < launch.arguments.size() && i < kernel.parameters.size(); ++i) {
        const KernelArgument& argument = launch.arguments[i];
        if (argument.kind == ArgumentKind::Texture && argument.image) {
            state.image_dims.emplace_back(kernel.param_base + kernel.parameters[i].offset,
                                          argument.image->dim);
        }
    }
    return state;
}

KernelResult RunKernel(video::ComputeDevice& device, const shader::sass::CubinKernel& kernel,
                       const KernelLaunch& launch) {
    CheckKernelLaunch(kernel, launch);
    const shader::ComputeProgram program =
        shader::TranslateCompute(kernel, device.Target(), LaunchComputeState(kernel, launch));
    return RunTranslatedKernel(device, kernel, program, launch);
}

}  // namespace cuda_runner
