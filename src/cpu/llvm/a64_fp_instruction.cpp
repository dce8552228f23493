// The scalar floating-point classes the tier translates (Arm ARM C4.1.96, "Data Processing --
// Scalar Floating-Point and Advanced SIMD": M 0, S 0, ftype 00 single or 01 double; half
// precision is left to the core with FP16 as a whole).

#include "cpu/llvm/a64_instruction.h"

namespace cpu::llvm_tier {
namespace {

constexpr bool Matches(u32 word, u32 mask, u32 value) {
    return (word & mask) == value;
}

bool SingleOrDouble(u32 word) {
    return Field(word, 22, 2) <= 1;
}

std::optional<A64Op> ClassifyConversion(u32 word) {
    const u32 rmode_opcode = (Field(word, 19, 2) << 3) | Field(word, 16, 3);
    switch (rmode_opcode) {
        case 0b00'010:  // SCVTF
        case 0b00'011:  // UCVTF
        case 0b11'000:  // FCVTZS
        case 0b11'001:  // FCVTZU
            return A64Op::FpIntegerConversion;
        case 0b00'110:  // FMOV to a general register
        case 0b00'111:  // FMOV from one: W with S, X with D
            if (Field(word, 31, 1) == Field(word, 22, 2)) {
                return A64Op::FpIntegerConversion;
            }
            return std::nullopt;
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyDataProcessing1(u32 word) {
    const u32 opcode = Field(word, 15, 6);
    const bool is_double = Field(word, 22, 2) == 1;
    switch (opcode) {
        case 0:   // FMOV
        case 1:   // FABS
        case 2:   // FNEG
        case 3:   // FSQRT
        case 8:   // FRINTN
        case 9:   // FRINTP
        case 10:  // FRINTM
        case 11:  // FRINTZ
        case 12:  // FRINTA
        case 14:  // FRINTX
        case 15:  // FRINTI
            return A64Op::FpDataProcessing1;
        case 4:  // FCVT to single
            return is_double ? std::optional{A64Op::FpDataProcessing1} : std::nullopt;
        case 5:  // FCVT to double
            return is_double ? std::nullopt : std::optional{A64Op::FpDataProcessing1};
        default:
            return std::nullopt;
    }
}

}  // namespace

std::optional<A64Op> ClassifyFloatingPoint(u32 word) {
    if (!SingleOrDouble(word)) {
        return std::nullopt;
    }
    if (Matches(word, 0xff000000, 0x1f000000)) {
        return A64Op::FpDataProcessing3;
    }
    if (Matches(word, 0x7f20fc00, 0x1e200000)) {
        return ClassifyConversion(word);
    }
    if (Matches(word, 0xff207c00, 0x1e204000)) {
        return ClassifyDataProcessing1(word);
    }
    if (Matches(word, 0xff200c00, 0x1e200800)) {
        return Field(word, 12, 4) <= 8 ? std::optional{A64Op::FpDataProcessing2} : std::nullopt;
    }
    if (Matches(word, 0xff20fc07, 0x1e202000)) {
        // The #0.0 forms (opc<0> 1) have Rm (0)(0)(0)(0)(0).
        if (Field(word, 3, 1) != 0 && Field(word, 16, 5) != 0) {
            return std::nullopt;
        }
        return A64Op::FpCompare;
    }
    if (Matches(word, 0xff200c00, 0x1e200400)) {
        return A64Op::FpConditionalCompare;
    }
    if (Matches(word, 0xff200c00, 0x1e200c00)) {
        return A64Op::FpConditionalSelect;
    }
    if (Matches(word, 0xff201fe0, 0x1e201000)) {
        return A64Op::FpImmediate;
    }
    return std::nullopt;
}

}  // namespace cpu::llvm_tier
