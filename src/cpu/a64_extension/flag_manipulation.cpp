// ARMv8.4 flag manipulation (FEAT_FlagM, which the Cortex-A78C implements): SETF8 and SETF16
// (0 0 1 11010000 000000 sz 0010 Rn 0 1101), absent from dynarmic 6.4.5. They set N, Z and V
// from the low 8 or 16 bits of Wn as if those were a signed result, and keep C.

#include "cpu/a64_extension/extension_internal.h"

namespace cpu::extension {

ExtensionOutcome ExecuteFlagManipulation(u32 instruction, ExtensionState& state) {
    if ((instruction & 0xffffbc1f) != 0x3a00080d) {
        return ExtensionOutcome::NotHandled;
    }
    const unsigned width = Field(instruction, 14, 1) != 0 ? 16 : 8;
    const u64 value = ReadXzr(state, Field(instruction, 5, 5));
    const u32 sign = (value >> (width - 1)) & 1;
    const u32 n = sign;
    const u32 z = (value & ((u64{1} << width) - 1)) == 0 ? 1 : 0;
    const u32 v = ((value >> width) & 1) ^ sign;
    const u32 c = (state.GetNzcv() >> 29) & 1;
    state.SetNzcv(n << 31 | z << 30 | c << 29 | v << 28);
    return ExtensionOutcome::Executed;
}

}  // namespace cpu::extension
