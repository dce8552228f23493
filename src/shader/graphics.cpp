#include "shader/graphics.h"

#include "base/error.h"
#include "shader/frontend/translate_program.h"
#include "shader/passes/passes.h"
#include "shader/passes/structurize.h"
#include "shader/sph.h"
#include "shader/spirv/emit_compute.h"

namespace shader {

GraphicsProgram TranslateGraphics(const ShaderEnvironment& env) {
    if (env.GetStage() != Stage::Vertex && env.GetStage() != Stage::Fragment) {
        base::Fail("{}: {} stages are not translated yet (vertex and fragment are)", env.Name(),
                   StageName(env.GetStage()));
    }
    if (env.Header() == nullptr) {
        base::Fail("{}: a {} stage without a shader program header", env.Name(),
                   StageName(env.GetStage()));
    }
    const bool pixel_header = env.Header()->shader_type == SphShaderType::Pixel;
    if (pixel_header != (env.GetStage() == Stage::Fragment) ||
        (!pixel_header && env.Header()->shader_type != SphShaderType::Vertex)) {
        base::Fail("{}: a {} stage whose program header is for shader type {}", env.Name(),
                   StageName(env.GetStage()), static_cast<u32>(env.Header()->shader_type));
    }
    ir::Program program = frontend::TranslateProgram(env);
    passes::FoldConstants(program);
    passes::RemoveDeadCode(program);
    passes::BindConstantBanks(program, env.Name());
    const std::vector<passes::Node> structure = passes::Structurize(program);
    GraphicsProgram result;
    spirv::EmitGraphics(program, structure, env, result);
    return result;
}

}  // namespace shader
