#pragma once

// The fast path for ARMv8.1 atomics under a JIT that lacks them (dynarmic 6.4.5 exits its
// block to InterpreterFallback on every one). The backend hands dynarmic, through
// MemoryReadCode, a B to a trampoline in place of the LSE instruction; the trampoline does
// the same operation with the ARMv8.0 exclusives the JIT compiles inline (an LDXR/op/STXR
// retry loop), then branches back to pc + 4.
//
// The trampoline preserves every register and NZCV except the instruction's own results: it
// spills its scratch registers to the 32 bytes (48 for single-core CASP) below SP (no SP
// change, so Rn = SP needs no adjustment; A64 has no red zone and guest code never keeps data
// below SP) and picks them outside Rs, Rt, Rn (and the pair partners of CASP). Whatever
// compares (LDSMAX/LDSMIN/LDUMAX/LDUMIN, single-core CAS and CASP) saves and restores NZCV
// around it; the exclusive CAS compares with EOR and CBNZ.
//
// On a single emulated core (kSingleCore) the exclusives are pure cost (dynarmic's LDXR/STXR
// pair takes 80-100 ns here), and a plain LDR / op / STR is atomic as long as nothing can run
// between the load and the store. Guest threads change only where a run of the core stops,
// and dynarmic stops only at the end of a block (the halt and tick checks sit in the block's
// terminal) or, with check_halt_on_memory_access (precise faults), after an access whose halt
// flag is set. The single-core trampolines are straight-line code: no branch until the final
// B back, so load and store sit in one block; CAS and CASP select with CSEL and always store
// (the loaded value back on a failed compare, invisible on one core; CAS needs write
// permission either way). The halt flag is only ever set by a faulting access (the guest stops
// there) or by the kernel from inside a supervisor call on the same host thread, never
// between two instructions of a trampoline. Acquire and release keep their ordering (LDAR,
// STLR; barriers around CASP's LDP/STP) for what else reads guest memory (the GPU).
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

enum class LseRewriteMode {
    kExclusive,   // LDXR/STXR retry loops: atomic against other cores
    kSingleCore,  // plain load / op / store: atomic only when one core runs the process
};

inline constexpr u64 kLseTrampolineMaxBytes = 4 * 24;
inline constexpr u64 kBranchRange = u64{128} << 20;

// nullopt when `instruction` is not an LSE atomic / CAS / CASP / LDAPR, is an UNDEFINED form
// (CASP with odd registers), or the trampoline is out of B range of pc (both 4-aligned).
std::optional<LseRewrite> RewriteLse(u32 instruction, u64 pc, u64 trampoline,
                                     LseRewriteMode mode = LseRewriteMode::kExclusive);

}  // namespace cpu
