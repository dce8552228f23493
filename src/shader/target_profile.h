#pragma once

#include "base/types.h"

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
    // VK_SUBGROUP_FEATURE_QUAD_BIT in fragment stages: the quad exchanges that NVIDIA's fragment
    // code computes derivatives with (SHFL.BFLY within a quad, FSWZADD).
    bool fragment_quad_operations = false;
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
    // A vertex stage may write the ViewportIndex built-in (VK_EXT_shader_viewport_index_layer's
    // ShaderViewportIndexLayerEXT, with multiViewport): NVIDIA's viewport index output a[0x68].
    bool vertex_viewport_index = false;
    bool operator==(const TargetProfile&) const = default;
};

}  // namespace shader
