#pragma once

#include <array>
#include <span>
#include <vector>

#include "base/types.h"
#include "cuda_runner/kernel_arguments.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace cuda_runner {

// Offsets of the CUDA driver's constants in bank 0 that sm_86 code reads (seen in ptxas
// output: `MOV R1, c[0x0][0x28]` starts every kernel's local frame, `S2R` of the block
// index is scaled by c[0x0][0x0] for blockDim.x, `desc[UR4]` loads c[0x0][0x118], and a
// generic pointer into shared memory is c[0x0][0x18] plus the shared offset:
// shader::kCbank0SharedWindow).
inline constexpr u32 kCbank0BlockDim = 0x0;            // blockDim.x, .y, .z (u32 each)
inline constexpr u32 kCbank0GridDim = 0xc;             // gridDim.x, .y, .z
inline constexpr u32 kCbank0StackPointer = 0x28;       // initial local memory stack pointer
inline constexpr u32 kCbank0GlobalDescriptor = 0x118;  // 64-bit memory descriptor, any value

// The made-up device address of the buffer of parameter `index`: distinct, never 0, and
// 2^32-aligned so that the low word of any address inside the buffer is its byte offset.
u64 KernelBufferAddress(std::size_t parameter_index);
// The made-up generic address of a block's shared memory (below every buffer's, 2^32-aligned).
inline constexpr u64 kKernelSharedWindowAddress = u64{1} << 39;

struct ConstantBank0Launch {
    std::array<u32, 3> grid{1, 1, 1};
    std::array<u32, 3> block{1, 1, 1};
    u32 local_bytes = 0;  // per thread: the initial stack pointer
    u32 min_bytes = 0;    // the translated program's cbank0 size
};

// Constant bank 0 for one launch: the driver constants, then each argument at
// param_base + its parameter's offset (buffers as KernelBufferAddress). At least
// param_base + param_bytes long and a multiple of 16 bytes (a uniform buffer of vec4s).
// Expects arguments that CheckKernelArguments accepted.
std::vector<u8> BuildConstantBank0(const shader::sass::CubinKernel& kernel,
                                   const ConstantBank0Launch& launch,
                                   std::span<const KernelArgument> arguments);

}  // namespace cuda_runner
