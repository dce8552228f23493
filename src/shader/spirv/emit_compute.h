#pragma once

#include <vector>

#include "shader/environment.h"
#include "shader/ir/program.h"
#include "shader/passes/structurize.h"
#include "shader/program.h"

namespace shader::spirv {

// Emits a GLCompute SPIR-V 1.3 module for a structured program; fills `program`'s spirv and the
// resource layout (bindings, sizes) it declares.
void EmitCompute(const ir::Program& ir, const std::vector<passes::Node>& structure,
                 const ShaderEnvironment& env, ComputeProgram& program);

// The same for a vertex or fragment stage (emit_graphics.cpp): entry point Vertex or Fragment
// (OriginUpperLeft), inputs and outputs as the stage header declares them.
void EmitGraphics(const ir::Program& ir, const std::vector<passes::Node>& structure,
                  const ShaderEnvironment& env, GraphicsProgram& program);

}  // namespace shader::spirv
