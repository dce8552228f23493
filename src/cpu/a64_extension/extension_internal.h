#pragma once

// Shared by the instruction groups of the extension interpreter: register access with the
// A64 meaning of register 31, and the per-group entry points ExecuteExtension dispatches to.

#include "base/types.h"
#include "cpu/a64_extension.h"

namespace cpu::extension {

// Register 31 as a data operand: XZR reads zero, writes vanish.
inline u64 ReadXzr(const ExtensionState& state, unsigned index) {
    return index == 31 ? 0 : state.GetX(index);
}
inline void WriteXzr(ExtensionState& state, unsigned index, u64 value) {
    if (index != 31) {
        state.SetX(index, value);
    }
}
// Register 31 as a base address: SP.
inline u64 ReadBase(const ExtensionState& state, unsigned index) {
    return index == 31 ? state.GetSP() : state.GetX(index);
}

inline constexpr unsigned Field(u32 instruction, unsigned lo, unsigned count) {
    return (instruction >> lo) & ((1u << count) - 1);
}

// Each returns NotHandled for a word outside its group, leaving the state untouched.
ExtensionOutcome ExecuteAtomicMemory(u32 instruction, ExtensionState& state, u64& fault_address);
ExtensionOutcome ExecuteCompareAndSwap(u32 instruction, ExtensionState& state, u64& fault_address);
ExtensionOutcome ExecuteRcpc(u32 instruction, ExtensionState& state, u64& fault_address);
ExtensionOutcome ExecutePointerAuth(u32 instruction, ExtensionState& state, u64& fault_address);
ExtensionOutcome ExecuteFlagManipulation(u32 instruction, ExtensionState& state);
ExtensionOutcome ExecuteFp16Scalar(u32 instruction, ExtensionState& state);
ExtensionOutcome ExecuteFp16Simd(u32 instruction, ExtensionState& state);
ExtensionOutcome ExecuteSimdSaturating(u32 instruction, ExtensionState& state);

}  // namespace cpu::extension
