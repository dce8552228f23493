#pragma once

#include <string>

#include "base/types.h"

namespace cpu {

// One AArch64 instruction as text ("ldr x0, [x1, #8]"), or "<undefined>".
std::string DisassembleA64(u32 instruction, u64 address);

}  // namespace cpu
