#pragma once

#include <array>

#include "base/types.h"

namespace cpu {

class GuestMemory;

// What the extension interpreter needs of a core: the guest's registers and memory.
class ExtensionState {
public:
    using Vector = std::array<u64, 2>;

    virtual ~ExtensionState() = default;
    // Index 0..30; callers handle register 31 (XZR or SP) themselves.
    virtual u64 GetX(unsigned index) const = 0;
    virtual void SetX(unsigned index, u64 value) = 0;
    virtual u64 GetSP() const = 0;
    virtual void SetSP(u64 value) = 0;
    virtual Vector GetV(unsigned index) const = 0;
    virtual void SetV(unsigned index, Vector value) = 0;
    virtual u32 GetFpcr() const = 0;
    virtual u32 GetFpsr() const = 0;
    virtual void SetFpsr(u32 value) = 0;
    // PSTATE.NZCV in bits 31..28 (N=31, Z=30, C=29, V=28), the layout of MRS NZCV; other bits 0.
    virtual u32 GetNzcv() const = 0;
    virtual void SetNzcv(u32 value) = 0;
    virtual GuestMemory& Memory() = 0;
};

enum class ExtensionOutcome {
    Executed,    // done; the caller advances PC by 4
    NotHandled,  // not an instruction the extension knows
    ReadFault,   // a load faulted; nothing was written
    WriteFault,  // a store or an atomic read-modify-write faulted; nothing was written
};

// Executes one ARMv8.1-8.3 instruction that the JIT does not (LSE atomics, LDAPR, FP16
// arithmetic, the saturating AdvSIMD multiply-accumulates and rounding shifts, the pointer
// authentication forms of a64_extension/pointer_auth.h). Atomic operations are atomic
// against other host threads.
ExtensionOutcome ExecuteExtension(u32 instruction, ExtensionState& state, u64& fault_address);

}  // namespace cpu
