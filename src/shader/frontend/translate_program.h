#pragma once

#include "shader/environment.h"
#include "shader/ir/program.h"

namespace shader::frontend {

// Decodes a program's code and translates it into an SSA program: one IR block per SASS basic
// block (functions reached by CALL are inlined at each call site), predicated instructions as
// selects or, with side effects, as their own blocks. Throws base::Error naming the program and
// the instruction it cannot translate. The environment's target picks native float arithmetic
// where the device gives NVIDIA's results with it.
ir::Program TranslateProgram(const ShaderEnvironment& env);

}  // namespace shader::frontend
