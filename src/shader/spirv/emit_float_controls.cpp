// The float controls of the entry point (SPV_KHR_float_controls, SPIR-V 1.4 core; Vulkan:
// VK_KHR_shader_float_controls, core in 1.2). Declared whenever the target has them, so the
// native float arithmetic that the frontend chose by TargetProfile gets the guarantees it was
// chosen for.
#include "shader/spirv/emitter.h"

namespace shader::spirv {

void Emitter::DeclareFloatControls() {
    struct Width {
        u32 bits;
        bool present;
        bool denorm_preserve;
        bool signed_zero_inf_nan;
    };
    const Width widths[] = {
        {32, true, target_.denorm_preserve_f32, target_.signed_zero_inf_nan_preserve_f32},
        {64, target_.float64, target_.denorm_preserve_f64,
         target_.signed_zero_inf_nan_preserve_f64},
    };
    for (const Width& width : widths) {
        if (!width.present) {
            continue;
        }
        if (width.denorm_preserve) {
            m_.AddExtension("SPV_KHR_float_controls");
            m_.AddCapability(spv::Capability::DenormPreserve);
            m_.AddExecutionMode(function_, spv::ExecutionMode::DenormPreserve, {width.bits});
        }
        if (width.signed_zero_inf_nan) {
            m_.AddExtension("SPV_KHR_float_controls");
            m_.AddCapability(spv::Capability::SignedZeroInfNanPreserve);
            m_.AddExecutionMode(function_, spv::ExecutionMode::SignedZeroInfNanPreserve,
                                {width.bits});
        }
    }
}

}  // namespace shader::spirv
