#include "shader/compute.h"

#include "base/error.h"
#include "shader/cubin_environment.h"
#include "shader/frontend/translate_program.h"
#include "shader/passes/lockstep.h"
#include "shader/passes/module_data.h"
#include "shader/passes/passes.h"
#include "shader/passes/structurize.h"
#include "shader/spirv/emit_compute.h"

namespace shader {

ComputeProgram TranslateCompute(const sass::CubinKernel& kernel, const TargetProfile& target,
                                const ComputeState& state) {
    const CubinEnvironment env(kernel, target, state);
    ir::Program program = frontend::TranslateProgram(env);
    passes::FoldConstants(program);
    passes::LowerGlobalMemory(program, kernel);
    passes::BindModuleData(program, kernel);
    passes::RemoveDeadCode(program);
    const std::vector<passes::Node> structure = passes::Structurize(program);
    passes::MarkLockstepPoints(program, structure);
    ComputeProgram result;
    spirv::EmitCompute(program, structure, env, result);
    return result;
}

ComputeProgram TranslateCompute(const ShaderEnvironment& env) {
    if (env.GetStage() != Stage::Compute) {
        base::Fail("{}: a {} stage given to TranslateCompute", env.Name(),
                   StageName(env.GetStage()));
    }
    ir::Program program = frontend::TranslateProgram(env);
    passes::FoldConstants(program);
    passes::LowerGlobalMemory(program, env.StorageBufferAddresses(), env.Name());
    passes::RemoveDeadCode(program);
    // Banks other than 0 (deko3d's uniform buffers from c[0x2]) as the graphics stages bind
    // them; bank 0 has its own binding.
    passes::BindConstantBanks(program, env.Name());
    program.info.constant_banks.erase(0);
    const std::vector<passes::Node> structure = passes::Structurize(program);
    passes::MarkLockstepPoints(program, structure);
    ComputeProgram result;
    spirv::EmitCompute(program, structure, env, result);
    return result;
}

}  // namespace shader
