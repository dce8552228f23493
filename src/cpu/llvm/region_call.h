#pragma once

// Calling a compiled region in the guest's floating-point environment.

#include "cpu/llvm/region_compiler.h"

namespace cpu::llvm_tier {

// Runs function on state with the host's FP control set as the translation assumes
// (round to nearest, no flush to zero, every exception masked, no flag raised) and ORs the
// exception flags the host raised into state.fpsr as FPSR's cumulative flags (IOC, DZC, OFC,
// UFC, IXC), the way dynarmic folds its guest MXCSR into FPSR. The host's FP control is restored.
void CallRegion(RegionFunction function, RegionState& state);

}  // namespace cpu::llvm_tier
