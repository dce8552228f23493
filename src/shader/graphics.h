#pragma once

#include "shader/environment.h"
#include "shader/program.h"

namespace shader {

// Translates a vertex or fragment program (SASS → IR → passes → SPIR-V 1.3 for Vulkan 1.1),
// driven by its stage header: every constant bank it reads becomes a uniform buffer, every
// texture handle a combined image sampler, its attributes Input and Output variables
// (GraphicsProgram::layout). Throws base::Error naming the program (ShaderEnvironment::Name),
// the instruction's offset and text when something cannot be translated.
GraphicsProgram TranslateGraphics(const ShaderEnvironment& env);

}  // namespace shader
