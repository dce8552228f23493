#include "shader/compute.h"

#include "shader/frontend/translate_program.h"
#include "shader/passes/lockstep.h"
#include "shader/passes/module_data.h"
#include "shader/passes/passes.h"
#include "shader/passes/structurize.h"
#include "shader/spirv/emit_compute.h"

namespace shader {

ComputeProgram TranslateCompute(const sass::CubinKernel& kernel, const TargetProfile& target,
                                const ComputeState& state) {
    ir::Program program = frontend::TranslateKernel(kernel, target);
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
