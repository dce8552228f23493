#pragma once

#include "shader/compute.h"
#include "shader/ir/program.h"
#include "shader/sass/cubin.h"

namespace shader::frontend {

// Decodes a kernel's code and translates it into an SSA program: one IR block per SASS basic
// block (functions reached by CALL are inlined at each call site), predicated instructions as
// selects or, with side effects, as their own blocks. Throws base::Error naming the kernel and
// the instruction it cannot translate. `target` picks native float arithmetic where the device
// gives NVIDIA's results with it.
ir::Program TranslateKernel(const sass::CubinKernel& kernel, const TargetProfile& target);

}  // namespace shader::frontend
