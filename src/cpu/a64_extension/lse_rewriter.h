#pragma once

// The fast path for ARMv8.1 atomics under a JIT that lacks them (dynarmic 6.4.5 exits its
// block to InterpreterFallback on every one). The backend hands dynarmic, through
// MemoryReadCode, a B to a trampoline in place of the LSE instruction; the trampoline does
// the same operation with the ARMv8.0 exclusives the JIT compiles inline (an LDXR/op/STXR
// retry loop), then branches back to pc + 4.
//
// The trampoline preserves every register and NZCV except the instruction's own results: it
// spills its scratch registers to the 32 bytes below SP (no SP change, so Rn = SP needs no
// adjustment; A64 has no red zone and guest code never keeps data below SP) and picks them
// outside Rs, Rt, Rn (and the pair partners of CASP). Only LDSMAX/LDSMIN/LDUMAX/LDUMIN compare,
// and they save and restore NZCV around it; CAS compares with EOR and CBNZ.
//
// LDAPR needs no trampoline: LDAR is the same load with stronger ordering, so the
// replacement word itself does the job.

#include <optional>
#include <vector>

#include "base/types.h"

namespace cpu {

struct LseRewrite {
    u32 replacement;              // the word to put at pc
    std::vector<u32> trampoline;  // empty when the replacement needs none
};

inline constexpr u64 kLseTrampolineMaxBytes = 4 * 24;
inline constexpr u64 kBranchRange = u64{128} << 20;

// nullopt when `instruction` is not an LSE atomic / CAS / CASP / LDAPR, is an UNDEFINED form
// (CASP with odd registers), or the trampoline is out of B range of pc (both 4-aligned).
std::optional<LseRewrite> RewriteLse(u32 instruction, u64 pc, u64 trampoline);

}  // namespace cpu
