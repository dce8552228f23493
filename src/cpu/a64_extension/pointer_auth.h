#pragma once

// ARMv8.3 pointer authentication (FEAT_PAuth), which the Switch 2's Cortex-A78C implements:
// code built for it with return-address signing ends every function with RETAA instead of
// AUTIASP + RET, and dynarmic 6.4.5 knows none of the instructions outside the hint space.
//
// nxhost runs guest code with the authentication keys off, as the architecture defines for
// SCTLR_EL1.EnIA/EnIB/EnDA/EnDB = 0: PAC* leave the pointer unchanged, AUT* succeed and leave
// it unchanged, the combined branches and loads use the pointer as it is. A program that signs
// and authenticates its pointers computes exactly what it does on hardware; only the bits of a
// signed pointer differ (and a corrupted pointer is not caught). XPACI/XPACD strip bits
// [63:VA] to copies of bit 55 (no top-byte ignore, like nxhost's memory). PACGA, which no
// enable bit turns off, gives a fixed keyed hash of its operands in bits [63:32].
//
// The frequent forms never reach the interpreter: the backend hands the JIT, through
// MemoryReadCode, the instruction that does the same with keys off (RETAA -> RET, BRAA -> BR,
// BLRAAZ -> BLR, PACIA/AUTDZB/... -> NOP, LDRAA -> LDR/LDUR/pre-index LDR where the offset
// fits). The rest (XPAC*, PACGA, LDRAA offsets no plain load encodes) go to ExecuteExtension.

#include <optional>

#include "base/types.h"

namespace cpu {

// The keys-off equivalent of a pointer authentication instruction, or nullopt for any other
// word (and for the forms ExecuteExtension handles).
std::optional<u32> RewritePointerAuth(u32 instruction);

}  // namespace cpu
