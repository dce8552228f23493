#pragma once

#include <vector>

#include "shader/ir/program.h"
#include "shader/passes/structurize.h"

namespace shader::passes {

// CUDA code often relies on a converged warp running each instruction for all its 32 threads
// before the next (shared counters, reads of what neighbours wrote); where the host's subgroups
// are narrower, the translated threads of one warp do not move together. This marks, in
// ProgramInfo::lockstep_points, the memory writes and reconvergence points (BSYNC) that every
// thread of the block reaches together (control flow that no thread-dependent condition
// divides), after which the emitter puts a workgroup barrier on such hosts.
void MarkLockstepPoints(ir::Program& program, const std::vector<Node>& structure);

}  // namespace shader::passes
