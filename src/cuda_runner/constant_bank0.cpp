#include "cuda_runner/constant_bank0.h"

#include <algorithm>
#include <cstring>

namespace cuda_runner {
namespace {

constexpr u64 kFirstBufferAddress = u64{1} << 40;

template <typename Value>
void Put(std::vector<u8>& bank, u32 offset, Value value) {
    std::memcpy(bank.data() + offset, &value, sizeof(value));  // little-endian, as the GPU
}

}  // namespace

u64 KernelBufferAddress(std::size_t parameter_index) {
    return kFirstBufferAddress + (u64{parameter_index} << 32);
}

std::vector<u8> BuildConstantBank0(const shader::sass::CubinKernel& kernel,
                                   const ConstantBank0Launch& launch,
                                   std::span<const KernelArgument> arguments) {
    const u32 driver_bytes = kCbank0GlobalDescriptor + 8;
    const u32 needed =
        std::max({launch.min_bytes, kernel.param_base + kernel.param_bytes, driver_bytes});
    std::vector<u8> bank((needed + 15) / 16 * 16, 0);
    for (u32 axis = 0; axis < 3; ++axis) {
        Put(bank, kCbank0BlockDim + axis * 4, launch.block[axis]);
        Put(bank, kCbank0GridDim + axis * 4, launch.grid[axis]);
    }
    Put(bank, shader::kCbank0SharedWindow, kKernelSharedWindowAddress);
    Put(bank, kCbank0StackPointer, launch.local_bytes);
    // kCbank0GlobalDescriptor stays 0: translated code addresses buffers, not descriptors.
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const u32 offset = kernel.param_base + kernel.parameters[i].offset;
        const KernelArgument& argument = arguments[i];
        if (IsBuffer(argument.kind)) {
            Put(bank, offset, KernelBufferAddress(i));
        } else if (ParameterBytes(argument.kind) == 4) {
            Put(bank, offset, static_cast<u32>(argument.scalar));
        } else {
            Put(bank, offset, argument.scalar);
        }
    }
    return bank;
}

}  // namespace cuda_runner
