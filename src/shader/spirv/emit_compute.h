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

}  // namespace shader::spirv
