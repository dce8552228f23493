// The Advanced SIMD classes the tier translates (Arm ARM C4.1.96, "Advanced SIMD three same",
// "copy", "modified immediate", "shift by immediate", "two-register miscellaneous", "vector x
// indexed element", "permute", "extract"; C4.1.88 for LD1R). Reserved size/Q combinations are
// left to the core.

#include <bit>

#include "cpu/llvm/a64_instruction.h"

namespace cpu::llvm_tier {
namespace {

constexpr bool Matches(u32 word, u32 mask, u32 value) {
    return (word & mask) == value;
}

std::optional<A64Op> Accept(bool valid, A64Op op) {
    return valid ? std::optional{op} : std::nullopt;
}

std::optional<A64Op> ClassifyThreeSame(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    const bool u = Field(word, 29, 1) != 0;
    const u32 size = Field(word, 22, 2);
    const u32 opcode = Field(word, 11, 5);
    const bool lanes_fit = size != 3 || q;
    switch (opcode) {
        case 0b10000:  // ADD, SUB
        case 0b10001:  // CMTST, CMEQ
        case 0b00110:  // CMGT, CMHI
        case 0b00111:  // CMGE, CMHS
            return Accept(lanes_fit, A64Op::SimdThreeSame);
        case 0b00011:  // AND, BIC, ORR, ORN, EOR, BSL, BIT, BIF
            return A64Op::SimdThreeSame;
        case 0b10011:  // MUL (not PMUL)
            return Accept(!u && size != 3, A64Op::SimdThreeSame);
        default:
            break;
    }
    // Floating point: size<1> picks the operation, size<0> is sz; sz 1 needs Q.
    const bool sz = (size & 1) != 0;
    const bool high = (size & 2) != 0;
    if (sz && !q) {
        return std::nullopt;
    }
    switch (opcode) {
        case 0b11010:  // FADD, FSUB
        case 0b11001:  // FMLA, FMLS
        case 0b11110:  // FMAX, FMIN
        case 0b11000:  // FMAXNM, FMINNM
            return Accept(!u, A64Op::SimdThreeSame);
        case 0b11011:  // FMUL
        case 0b11111:  // FDIV
            return Accept(u && !high, A64Op::SimdThreeSame);
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyCopy(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    const bool op = Field(word, 29, 1) != 0;
    const u32 imm5 = Field(word, 16, 5);
    const u32 imm4 = Field(word, 11, 4);
    const int size = std::countr_zero(imm5);
    if (imm5 == 0 || size > 3) {
        return std::nullopt;
    }
    if (op) {
        return Accept(q, A64Op::SimdCopy);  // INS (element)
    }
    switch (imm4) {
        case 0b0000:  // DUP (element)
        case 0b0001:  // DUP (general)
            return Accept(size != 3 || q, A64Op::SimdCopy);
        case 0b0011:  // INS (general)
            return Accept(q, A64Op::SimdCopy);
        case 0b0101:  // SMOV: to W of bytes and halfwords, to X of those and words
            return Accept(q ? size <= 2 : size <= 1, A64Op::SimdCopy);
        case 0b0111:  // UMOV: to W of up to words, to X of doublewords
            return Accept(q ? size == 3 : size <= 2, A64Op::SimdCopy);
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyShiftImmediate(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    const bool u = Field(word, 29, 1) != 0;
    const u32 immh = Field(word, 19, 4);
    if (immh >= 8 && !q) {
        return std::nullopt;
    }
    switch (Field(word, 11, 5)) {
        case 0b00000:  // SSHR, USHR
        case 0b00010:  // SSRA, USRA
            return A64Op::SimdShiftImmediate;
        case 0b01010:  // SHL
            return Accept(!u, A64Op::SimdShiftImmediate);
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyTwoRegisterMisc(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    const bool u = Field(word, 29, 1) != 0;
    const u32 size = Field(word, 22, 2);
    const bool lanes_fit = size != 3 || q;
    switch (Field(word, 12, 5)) {
        case 0b01011:  // ABS, NEG
        case 0b01000:  // CMGT, CMGE (zero)
        case 0b01001:  // CMEQ, CMLE (zero)
            return Accept(lanes_fit, A64Op::SimdTwoRegisterMisc);
        case 0b01010:  // CMLT (zero)
            return Accept(lanes_fit && !u, A64Op::SimdTwoRegisterMisc);
        case 0b00101:  // CNT, NOT
            return Accept(size == 0, A64Op::SimdTwoRegisterMisc);
        case 0b00000:  // REV64
            return Accept(!u && size != 3, A64Op::SimdTwoRegisterMisc);
        case 0b01111:  // FABS, FNEG: size<1> 1, sz 1 needs Q
            return Accept(size >= 2 && (size == 2 || q), A64Op::SimdTwoRegisterMisc);
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyByElement(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    const bool u = Field(word, 29, 1) != 0;
    const u32 size = Field(word, 22, 2);
    const u32 opcode = Field(word, 12, 4);
    if (u) {
        return std::nullopt;
    }
    if (opcode == 0b1000) {  // MUL (by element): halfwords and words
        return Accept(size == 1 || size == 2, A64Op::SimdByElement);
    }
    if (opcode != 0b0001 && opcode != 0b0101 && opcode != 0b1001) {
        return std::nullopt;  // FMLA, FMLS, FMUL only
    }
    if (size == 2) {
        return A64Op::SimdByElement;
    }
    // Doubles: L 0 and Q 1.
    return Accept(size == 3 && Field(word, 21, 1) == 0 && q, A64Op::SimdByElement);
}

}  // namespace

std::optional<A64Op> ClassifySimd(u32 word) {
    const bool q = Field(word, 30, 1) != 0;
    if (Matches(word, 0xbffff000, 0x0d40c000) || Matches(word, 0xbfe0f000, 0x0dc0c000)) {
        return Accept(Field(word, 10, 2) != 3 || q, A64Op::SimdLoadReplicate);
    }
    if (Matches(word, 0x9f200400, 0x0e200400)) {
        return ClassifyThreeSame(word);
    }
    if (Matches(word, 0x9fe08400, 0x0e000400)) {
        return ClassifyCopy(word);
    }
    if (Matches(word, 0x9ff80400, 0x0f000400)) {
        if (Field(word, 11, 1) != 0) {
            return std::nullopt;  // o2 1: FMOV of half precision
        }
        // op 1, cmode 1111: FMOV (vector, double) needs Q.
        return Accept(!(Field(word, 29, 1) && Field(word, 12, 4) == 0xf && !q),
                      A64Op::SimdModifiedImmediate);
    }
    if (Matches(word, 0x9f800400, 0x0f000400)) {
        return ClassifyShiftImmediate(word);  // immh is not 0 here
    }
    if (Matches(word, 0x9f3e0c00, 0x0e200800)) {
        return ClassifyTwoRegisterMisc(word);
    }
    if (Matches(word, 0x9f000400, 0x0f000000)) {
        return ClassifyByElement(word);
    }
    if (Matches(word, 0xbf208c00, 0x0e000800)) {
        const u32 opcode = Field(word, 12, 3);
        return Accept(opcode != 0 && opcode != 4 && (Field(word, 22, 2) != 3 || q),
                      A64Op::SimdPermute);
    }
    if (Matches(word, 0xbfe08400, 0x2e000000)) {
        return Accept(q || Field(word, 14, 1) == 0, A64Op::SimdExtract);
    }
    return std::nullopt;
}

}  // namespace cpu::llvm_tier
