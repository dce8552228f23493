#include "shader/compute.h"

#include <algorithm>

#include "base/error.h"
#include "shader/frontend/translate_program.h"
#include "shader/passes/lockstep.h"
#include "shader/passes/module_data.h"
#include "shader/passes/passes.h"
#include "shader/passes/structurize.h"
#include "shader/spirv/emit_compute.h"

namespace shader {
namespace {

// Images that only TXQ names take their dimension from the launch.
void GiveImagesTheirDimensions(ir::Program& program, const sass::CubinKernel& kernel,
                               const ComputeState& state) {
    for (const u32 index : program.info.images_without_dim) {
        ImageBinding& image = program.info.images[index];
        const auto given =
            std::find_if(state.image_dims.begin(), state.image_dims.end(),
                         [&](const auto& entry) { return entry.first == image.cbank0_offset; });
        if (given == state.image_dims.end()) {
            base::Fail(
                "kernel {}: the texture at c[0x0][{:#x}] is only queried (TXQ), which does not "
                "say whether it is 1D, 2D or 3D; the launch must (a manifest's tex2d or tex3d "
                "argument for `nxhost shader run`; ComputeState::image_dims)",
                kernel.name, image.cbank0_offset);
        }
        image.dim = given->second;
    }
    program.info.images_without_dim.clear();
}

}  // namespace

ComputeProgram TranslateCompute(const sass::CubinKernel& kernel, const TargetProfile& target,
                                const ComputeState& state) {
    ir::Program program = frontend::TranslateKernel(kernel, target);
    GiveImagesTheirDimensions(program, kernel, state);
    passes::FoldConstants(program);
    passes::LowerGlobalMemory(program, kernel);
    passes::BindModuleData(program, kernel);
    passes::RemoveDeadCode(program);
    const std::vector<passes::Node> structure = passes::Structurize(program);
    passes::MarkLockstepPoints(program, structure);
    ComputeProgram result;
    spirv::EmitCompute(program, structure, target, state, result);
    return result;
}

}  // namespace shader
