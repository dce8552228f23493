#include "cpu/llvm/a64_instruction.h"

#include <bit>

namespace cpu::llvm_tier {
namespace {

constexpr bool Matches(u32 word, u32 mask, u32 value) {
    return (word & mask) == value;
}

// Loads with writeback into their own base register are CONSTRAINED UNPREDICTABLE (Arm ARM
// C6.2, "LDR (immediate)"): left to the core.
bool WritesBackOverData(u32 word, bool writeback, bool pair) {
    const u32 rt = Field(word, 0, 5);
    const u32 rn = Field(word, 5, 5);
    const u32 rt2 = Field(word, 10, 5);
    return writeback && rn != 31 && (rn == rt || (pair && rn == rt2));
}

std::optional<A64Op> ClassifyLoadStoreImmediateOrRegister(u32 word, A64Op op) {
    const u32 size = Field(word, 30, 2);
    const u32 opc = Field(word, 22, 2);
    const u32 index_mode =
        Field(word, 10, 2);  // imm9 forms: 00 unscaled, 01 post, 10 unprivileged, 11 pre
    const bool imm9 = op == A64Op::LoadStoreImmediate && !Matches(word, 0x3f000000, 0x39000000);
    const bool writeback = imm9 && (index_mode == 1 || index_mode == 3);
    if (opc == 3 && size >= 2) {
        return std::nullopt;
    }
    // PRFM (size 3, opc 2) exists with an unsigned offset, a register offset and unscaled.
    if (opc == 2 && size == 3 && imm9 && index_mode != 0) {
        return std::nullopt;
    }
    if (op == A64Op::LoadStoreRegister && Field(word, 14, 1) == 0) {
        return std::nullopt;  // option<1> = 0 is reserved
    }
    if (WritesBackOverData(word, writeback, false)) {
        return std::nullopt;
    }
    return op;
}

std::optional<A64Op> ClassifyLoadStorePair(u32 word) {
    const u32 opc = Field(word, 30, 2);
    const u32 type = Field(word, 23, 2);  // 0 no-allocate, 1 post, 2 offset, 3 pre
    const bool load = Field(word, 22, 1) != 0;
    if (opc == 3 || (opc == 1 && (!load || type == 0))) {
        return std::nullopt;
    }
    if (load && Field(word, 0, 5) == Field(word, 10, 5)) {
        return std::nullopt;  // LDP with Rt == Rt2 is CONSTRAINED UNPREDICTABLE
    }
    if (WritesBackOverData(word, type == 1 || type == 3, true)) {
        return std::nullopt;
    }
    return A64Op::LoadStorePair;
}

// Loads and stores of SIMD&FP registers (V 1): opc<1> 1 is the 128-bit form, with size 0 only.
std::optional<A64Op> ClassifyVectorLoadStore(u32 word, A64Op op) {
    const u32 size = Field(word, 30, 2);
    const u32 opc = Field(word, 22, 2);
    if (opc >= 2 && size != 0) {
        return std::nullopt;
    }
    const bool imm9 = op == A64Op::LoadStoreImmediate && !Matches(word, 0x3f000000, 0x3d000000);
    if (imm9 && Field(word, 10, 2) == 2) {
        return std::nullopt;  // there is no unprivileged SIMD&FP access
    }
    if (op == A64Op::LoadStoreRegister && Field(word, 14, 1) == 0) {
        return std::nullopt;
    }
    return op;
}

std::optional<A64Op> ClassifyVectorLoadStorePair(u32 word) {
    if (Field(word, 30, 2) == 3) {
        return std::nullopt;
    }
    if (Field(word, 22, 1) != 0 && Field(word, 0, 5) == Field(word, 10, 5)) {
        return std::nullopt;  // LDP with Rt == Rt2 is CONSTRAINED UNPREDICTABLE
    }
    return A64Op::LoadStorePair;
}

std::optional<A64Op> ClassifyDataProcessing3(u32 word) {
    const bool sf = Field(word, 31, 1) != 0;
    const u32 op31 = Field(word, 21, 3);
    const u32 o0 = Field(word, 15, 1);
    if (Field(word, 29, 2) != 0) {
        return std::nullopt;
    }
    if (op31 == 0) {
        return A64Op::DataProcessing3;
    }
    if (!sf) {
        return std::nullopt;
    }
    switch (op31) {
        case 1:
        case 5:
            return A64Op::DataProcessing3;
        case 2:
        case 6:
            // SMULH and UMULH: Ra is (1)(1)(1)(1)(1).
            if (o0 == 0 && Field(word, 10, 5) == 31) {
                return A64Op::DataProcessing3;
            }
            return std::nullopt;
        default:
            return std::nullopt;
    }
}

std::optional<A64Op> ClassifyDataProcessing(u32 word) {
    const bool sf = Field(word, 31, 1) != 0;
    const u32 n = Field(word, 22, 1);
    if (Matches(word, 0x1f800000, 0x11000000)) {
        return A64Op::AddSubImmediate;
    }
    if (Matches(word, 0x1f800000, 0x12000000)) {
        if ((!sf && n != 0) ||
            !DecodeBitMasks(n, Field(word, 10, 6), Field(word, 16, 6), true, sf ? 64 : 32)) {
            return std::nullopt;
        }
        return A64Op::LogicalImmediate;
    }
    if (Matches(word, 0x1f800000, 0x12800000)) {
        if (Field(word, 29, 2) == 1 || (!sf && Field(word, 21, 2) >= 2)) {
            return std::nullopt;
        }
        return A64Op::MoveWide;
    }
    if (Matches(word, 0x1f800000, 0x13000000)) {
        const u32 immr = Field(word, 16, 6);
        const u32 imms = Field(word, 10, 6);
        if (Field(word, 29, 2) == 3 || n != u32{sf} || (!sf && (immr >= 32 || imms >= 32)) ||
            !DecodeBitMasks(n, imms, immr, false, sf ? 64 : 32)) {
            return std::nullopt;
        }
        return A64Op::Bitfield;
    }
    if (Matches(word, 0x1f800000, 0x13800000)) {
        if (Field(word, 29, 2) != 0 || Field(word, 21, 1) != 0 || n != u32{sf} ||
            (!sf && Field(word, 10, 6) >= 32)) {
            return std::nullopt;
        }
        return A64Op::Extract;
    }
    if (Matches(word, 0x1f000000, 0x10000000)) {
        return A64Op::PcRelative;
    }
    if (Matches(word, 0x1f000000, 0x0a000000)) {
        if (!sf && Field(word, 15, 1) != 0) {
            return std::nullopt;
        }
        return A64Op::LogicalShifted;
    }
    if (Matches(word, 0x1f200000, 0x0b000000)) {
        if (Field(word, 22, 2) == 3 || (!sf && Field(word, 15, 1) != 0)) {
            return std::nullopt;
        }
        return A64Op::AddSubShifted;
    }
    if (Matches(word, 0x1f200000, 0x0b200000)) {
        if (Field(word, 22, 2) != 0 || Field(word, 10, 3) > 4) {
            return std::nullopt;
        }
        return A64Op::AddSubExtended;
    }
    if (Matches(word, 0x1fe0fc00, 0x1a000000)) {
        return A64Op::AddSubCarry;
    }
    if (Matches(word, 0x3fe00410, 0x3a400000)) {
        return A64Op::ConditionalCompare;
    }
    if (Matches(word, 0x3fe00800, 0x1a800000)) {
        return A64Op::ConditionalSelect;
    }
    if (Matches(word, 0x7fe00000, 0x1ac00000)) {
        switch (Field(word, 10, 6)) {
            case 0b000010:
            case 0b000011:
            case 0b001000:
            case 0b001001:
            case 0b001010:
            case 0b001011:
                return A64Op::DataProcessing2;
            default:
                return std::nullopt;
        }
    }
    if (Matches(word, 0x7fff0000, 0x5ac00000)) {
        const u32 opcode = Field(word, 10, 6);
        if (opcode > 0b000101 || (opcode == 0b000011 && !sf)) {
            return std::nullopt;
        }
        return A64Op::DataProcessing1;
    }
    if (Matches(word, 0x1f000000, 0x1b000000)) {
        return ClassifyDataProcessing3(word);
    }
    return std::nullopt;
}

}  // namespace

std::optional<A64Op> Classify(u32 word) {
    if (word == 0xd503201f) {
        return A64Op::Nop;
    }
    if (Matches(word, 0xfc000000, 0x14000000)) {
        return A64Op::Branch;
    }
    if (Matches(word, 0xfc000000, 0x94000000)) {
        return A64Op::BranchLink;
    }
    if (Matches(word, 0xff000010, 0x54000000)) {
        return A64Op::BranchConditional;
    }
    if (Matches(word, 0x7e000000, 0x34000000)) {
        return A64Op::CompareBranch;
    }
    if (Matches(word, 0x7e000000, 0x36000000)) {
        return A64Op::TestBranch;
    }
    if (Matches(word, 0xfffffc1f, 0xd61f0000)) {
        return A64Op::BranchRegister;
    }
    if (Matches(word, 0xfffffc1f, 0xd63f0000)) {
        return A64Op::BranchLinkRegister;
    }
    if (Matches(word, 0xfffffc1f, 0xd65f0000)) {
        return A64Op::Return;
    }
    if (Matches(word, 0x3f000000, 0x39000000)) {
        return ClassifyLoadStoreImmediateOrRegister(word, A64Op::LoadStoreImmediate);
    }
    // MRS Xt, NZCV; MSR NZCV, Xt; MRS Xt, FPCR (C5.2.9-C5.2.10; NZCV is op0 3, op1 3, CRn 4,
    // CRm 2, op2 0 and FPCR CRm 4, op2 0). MSR FPCR changes what a region assumes at its entry
    // and MRS/MSR FPSR would need the host's flags folded mid-region: left to the core.
    if (Matches(word, 0xffffffe0, 0xd53b4200) || Matches(word, 0xffffffe0, 0xd51b4200) ||
        Matches(word, 0xffffffe0, 0xd53b4400)) {
        return A64Op::SystemRegister;
    }
    if (Matches(word, 0x3f200000, 0x38000000)) {
        return ClassifyLoadStoreImmediateOrRegister(word, A64Op::LoadStoreImmediate);
    }
    if (Matches(word, 0x3f200c00, 0x38200800)) {
        return ClassifyLoadStoreImmediateOrRegister(word, A64Op::LoadStoreRegister);
    }
    if (Matches(word, 0x3f000000, 0x18000000)) {
        return A64Op::LoadLiteral;
    }
    if (Matches(word, 0x3e000000, 0x28000000)) {
        return ClassifyLoadStorePair(word);
    }
    if (Matches(word, 0x3f000000, 0x3d000000) || Matches(word, 0x3f200000, 0x3c000000)) {
        return ClassifyVectorLoadStore(word, A64Op::LoadStoreImmediate);
    }
    if (Matches(word, 0x3f200c00, 0x3c200800)) {
        return ClassifyVectorLoadStore(word, A64Op::LoadStoreRegister);
    }
    if (Matches(word, 0x3f000000, 0x1c000000)) {
        return Field(word, 30, 2) == 3 ? std::nullopt : std::optional{A64Op::LoadLiteral};
    }
    if (Matches(word, 0x3e000000, 0x2c000000)) {
        return ClassifyVectorLoadStorePair(word);
    }
    if (Matches(word, 0x0e000000, 0x0e000000)) {
        if (const auto op = ClassifyFloatingPoint(word)) {
            return op;
        }
        return ClassifySimd(word);
    }
    if (Matches(word, 0xbf000000, 0x0d000000)) {
        return ClassifySimd(word);  // LD1R
    }
    return ClassifyDataProcessing(word);
}

u64 BranchTarget(A64Op op, u32 word, u64 pc) {
    switch (op) {
        case A64Op::Branch:
        case A64Op::BranchLink:
            return pc + (SignExtend(Field(word, 0, 26), 26) << 2);
        case A64Op::BranchConditional:
        case A64Op::CompareBranch:
            return pc + (SignExtend(Field(word, 5, 19), 19) << 2);
        case A64Op::TestBranch:
            return pc + (SignExtend(Field(word, 5, 14), 14) << 2);
        default:
            return pc;
    }
}

std::optional<BitMasks> DecodeBitMasks(unsigned n, unsigned imms, unsigned immr, bool immediate,
                                       unsigned datasize) {
    const unsigned combined = (n << 6) | (~imms & 0x3f);
    if (combined == 0) {
        return std::nullopt;
    }
    const int len = std::bit_width(combined) - 1;
    if (len < 1) {
        return std::nullopt;
    }
    const unsigned levels = (1u << len) - 1;
    if (immediate && (imms & levels) == levels) {
        return std::nullopt;
    }
    const unsigned s = imms & levels;
    const unsigned r = immr & levels;
    const unsigned d = (s - r) & levels;
    const unsigned esize = 1u << len;
    if (esize > datasize) {
        return std::nullopt;
    }
    const auto ones = [](unsigned count) { return count >= 64 ? ~u64{0} : (u64{1} << count) - 1; };
    const u64 element_mask = ones(esize);
    const u64 welem = ones(s + 1);
    const u64 telem = ones(d + 1);
    const u64 rotated = r == 0 ? welem : ((welem >> r) | (welem << (esize - r))) & element_mask;
    u64 wmask = 0;
    u64 tmask = 0;
    for (unsigned position = 0; position < datasize; position += esize) {
        wmask |= rotated << position;
        tmask |= telem << position;
    }
    return BitMasks{wmask, tmask};
}

}  // namespace cpu::llvm_tier
