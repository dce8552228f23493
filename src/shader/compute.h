#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/sass/cubin.h"

namespace shader {

// What the host's Vulkan device offers; the translator picks its code paths by it (and it is
// part of the shader cache key). Filled by video::ComputeDevice from the physical device.
struct TargetProfile {
    u32 subgroup_size = 32;               // the host's subgroup size (lavapipe: 4, 8 or 16)
    bool full_32_wide_subgroups = false;  // a 32-wide subgroup can be required for a pipeline
    bool float64 = false;
    bool int64 = false;
    bool int16 = false;
    bool int8 = false;
    bool float16 = false;
    bool storage_8bit = false;   // 8-bit loads and stores in storage buffers
    bool storage_16bit = false;  // 16-bit loads and stores in storage buffers
    bool int64_atomics = false;
    bool float32_atomic_add = false;         // VK_EXT_shader_atomic_float, storage buffers
    bool float32_atomic_add_shared = false;  // the same on workgroup memory
    bool float64_atomic_add = false;
    bool float32_atomic_min_max = false;  // VK_EXT_shader_atomic_float2
    bool subgroup_ballot = false;
    bool subgroup_shuffle = false;
    bool subgroup_vote = false;
    bool subgroup_arithmetic = false;
    // VK_KHR_shader_clock with shaderSubgroupClock: OpReadClockKHR at subgroup scope, for
    // SR_CLOCKLO / SR_CLOCKHI (clock(), clock64()).
    bool shader_clock = false;
    // VkPhysicalDeviceFloatControlsProperties: denormals kept (the DenormPreserve execution
    // mode is declared for the width) and signed zeros, infinities and NaNs not optimised away
    // (SignedZeroInfNanPreserve), both through SPV_KHR_float_controls.
    bool denorm_preserve_f32 = false;
    bool denorm_preserve_f64 = false;
    bool signed_zero_inf_nan_preserve_f32 = false;
    bool signed_zero_inf_nan_preserve_f64 = false;
    // GLSL.std.450 Fma on f32 rounds once (Vulkan allows an fma rounded as a multiply and an
    // add): measured by video::ComputeDevice when it opens the device.
    bool fused_fma_f32 = false;
    bool operator==(const TargetProfile&) const = default;
};

// The launch state a kernel is translated for: CUDA's block size becomes the SPIR-V workgroup
// size, so it is part of the translation (and of the cache key).
enum class ImageKind : u8 { Sampled, Storage };
enum class ImageDim : u8 { D1, D2, D3 };

struct ComputeState {
    std::array<u32, 3> block{1, 1, 1};
    u32 dynamic_shared_bytes = 0;
    // The dimension of each texture parameter (by its offset in constant bank 0) as the launch
    // binds it: what a kernel that only asks a texture's size (TXQ) cannot say itself, as the
    // GPU reads it from the texture's header.
    std::vector<std::pair<u32, ImageDim>> image_dims{};
    bool operator==(const ComputeState&) const = default;
};

// c[0x0][0x18]: the 64-bit generic address of the block's shared memory, which the launch writes
// in constant bank 0 (CUDA's cvta.shared adds it; generic accesses in that window are shared).
inline constexpr u32 kCbank0SharedWindow = 0x18;

// Descriptor set 0 of a translated compute kernel.
struct GlobalBufferBinding {
    u32 binding = 0;
    u32 cbank0_offset = 0;  // the 64-bit pointer parameter at c[0x0][offset] this buffer backs
};

// A constant bank other than 0 and 2 that the kernel reads, as a uniform buffer: bank 3 holds
// the module's `__constant__` variables (sass::CubinModule::constant3, then what the launch
// sets).
struct ConstantBankBinding {
    u32 bank = 0;
    u32 binding = 0;
    u32 bytes = 0;  // a multiple of 16
};

// A texture or surface object parameter (cudaTextureObject_t / cudaSurfaceObject_t: a 64-bit
// handle in constant bank 0) as an image of descriptor set 0: a combined image sampler (TEX,
// TLD, TLD4, TXD, TXQ) or a storage image of unsigned texels (SULD, SUST, raw data).
struct ImageBinding {
    u32 binding = 0;
    u32 cbank0_offset = 0;  // the handle parameter at c[0x0][offset]
    ImageKind kind = ImageKind::Sampled;
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;  // a 2D array view (some instruction names layers)
    u32 texel_words = 4;   // storage images: R32_UINT, R32G32_UINT or R32G32B32A32_UINT
    bool operator==(const ImageBinding&) const = default;
};

struct ComputeProgram {
    std::vector<u32> spirv;
    std::string entry_point = "main";
    std::array<u32, 3> workgroup_size{1, 1, 1};
    // A uniform buffer holding the bytes of constant bank 0 (driver constants, then the
    // kernel's parameters at CubinKernel::param_base).
    u32 cbank0_binding = 0;
    u32 cbank0_bytes = 0;
    // One storage buffer per pointer parameter the kernel reaches global memory through; a
    // global address is resolved to (buffer, byte offset) by subtracting the parameter's value.
    std::vector<GlobalBufferBinding> global_buffers;
    std::vector<ConstantBankBinding> constant_banks;
    // The module's global memory (sass::CubinModule::global: `__device__` variables, CUDA's
    // tables) as one storage buffer, when the kernel reaches it through the addresses of
    // constant bank 4.
    std::optional<u32> module_global_binding;
    // One image per texture or surface parameter, bound after the constant banks.
    std::vector<ImageBinding> images;
    u32 shared_bytes = 0;  // static plus dynamic
    u32 local_bytes = 0;   // per thread
    bool requires_32_wide_subgroups = false;
};

// Translates one kernel of a cubin (SASS → IR → passes → SPIR-V). Throws base::Error naming
// the kernel, the instruction's offset and text when something cannot be translated.
ComputeProgram TranslateCompute(const sass::CubinKernel& kernel, const TargetProfile& target,
                                const ComputeState& state);

}  // namespace shader
