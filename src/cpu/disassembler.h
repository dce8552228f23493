#pragma once

#include <string>

#include "base/types.h"

namespace cpu {

// One AArch64 instruction as text ("ldr x0, [x1, #8]"). An instruction the Switch 2's Cortex-A78C
// does not have (SVE, MTE, later extensions) is named with " (not a Cortex-A78C instruction)"
// after it; a word that is no instruction at all is "<undefined>".
std::string DisassembleA64(u32 instruction, u64 address);

}  // namespace cpu
