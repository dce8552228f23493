// Advanced SIMD in a region: integer lanes as LLVM vectors; FP lanes through the scalar FP
// semantics (fp_translator.cpp), which work lane by lane on vectors. Semantics from the Arm
// ARM's pseudocode of each instruction (C7.2) and AdvSIMDExpandImm.

#include <bit>

#include "cpu/llvm/fp_semantics.h"
#include "cpu/llvm/translator.h"

namespace cpu::llvm_tier {
namespace {

// AdvSIMDExpandImm(op, cmode, imm8): the 64-bit pattern of a modified immediate.
u64 ExpandImmediate(bool op, unsigned cmode, u64 imm8) {
    const auto replicate = [](u64 element, unsigned bits) {
        u64 result = 0;
        for (unsigned position = 0; position < 64; position += bits) {
            result |= element << position;
        }
        return result;
    };
    switch (cmode >> 1) {
        case 0:
            return replicate(imm8, 32);
        case 1:
            return replicate(imm8 << 8, 32);
        case 2:
            return replicate(imm8 << 16, 32);
        case 3:
            return replicate(imm8 << 24, 32);
        case 4:
            return replicate(imm8, 16);
        case 5:
            return replicate(imm8 << 8, 16);
        case 6:
            return (cmode & 1) ? replicate((imm8 << 16) | 0xffff, 32)
                               : replicate((imm8 << 8) | 0xff, 32);
        default:
            break;
    }
    const u64 b7 = imm8 >> 7;
    const u64 b6 = (imm8 >> 6) & 1;
    if ((cmode & 1) == 0) {
        if (!op) {
            return replicate(imm8, 8);
        }
        u64 result = 0;  // each bit of imm8 a byte of ones or zeros
        for (unsigned bit = 0; bit < 8; ++bit) {
            result |= ((imm8 >> bit) & 1 ? u64{0xff} : 0) << (8 * bit);
        }
        return result;
    }
    if (!op) {  // FMOV (vector, single)
        const u64 single =
            (b7 << 31) | ((b6 ^ 1) << 30) | ((b6 ? u64{0x1f} : 0) << 25) | ((imm8 & 0x3f) << 19);
        return replicate(single, 32);
    }
    return (b7 << 63) | ((b6 ^ 1) << 62) | ((b6 ? u64{0xff} : 0) << 54) | ((imm8 & 0x3f) << 48);
}

}  // namespace

Value* Translator::Splat(Value* element, unsigned count) {
    return builder_.CreateVectorSplat(count, element);
}

Value* Translator::FpLanes(unsigned index, bool is_double, bool q) {
    Value* lanes = VLanes(index, is_double ? 64 : 32, true);
    if (q) {
        return lanes;
    }
    Value* ones = llvm::ConstantInt::get(lanes->getType(), 0x3f800000u);
    return builder_.CreateShuffleVector(lanes, ones, llvm::ArrayRef<int>{0, 1, 6, 7});
}

void Translator::SetFpLanes(unsigned index, Value* lanes, bool q) {
    if (!q) {
        lanes = builder_.CreateShuffleVector(lanes, llvm::ArrayRef<int>{0, 1});
    }
    SetVLanes(index, lanes);
}

void Translator::EmitSimdThreeSame() {
    const u32 opcode = F(11, 5);
    if (opcode < 0b11000) {
        return EmitSimdThreeSameInteger();
    }
    const bool q = F(30, 1) != 0;
    const bool high = F(23, 1) != 0;
    const bool is_double = F(22, 1) != 0;
    Value* n = FpLanes(Rn(), is_double, q);
    Value* m = FpLanes(Rm(), is_double, q);
    Value* result = nullptr;
    switch (opcode) {
        case 0b11010:  // FADD 2, FSUB 3
            result = FpBinary(high ? 3 : 2, n, m);
            break;
        case 0b11011:  // FMUL
            result = FpBinary(0, n, m);
            break;
        case 0b11111:  // FDIV
            result = FpBinary(1, n, m);
            break;
        case 0b11110:  // FMAX 4, FMIN 5
            result = FpBinary(high ? 5 : 4, n, m);
            break;
        case 0b11000:  // FMAXNM 6, FMINNM 7
            result = FpBinary(high ? 7 : 6, n, m);
            break;
        default:  // FMLA, FMLS: FPMulAdd(d, n or -n, m)
            result = FpMulAdd(FpLanes(Rd(), is_double, q), high ? fp::Negate(builder_, n) : n, m);
            break;
    }
    SetFpLanes(Rd(), result, q);
}

void Translator::EmitSimdThreeSameInteger() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const bool u = F(29, 1) != 0;
    const unsigned size = F(22, 2);
    const u32 opcode = F(11, 5);
    if (opcode == 0b00011) {  // bitwise: as bytes
        Value* n = VLanes(Rn(), 8, q);
        Value* m = VLanes(Rm(), 8, q);
        Value* d = VLanes(Rd(), 8, q);
        Value* result = nullptr;
        switch ((u ? 4 : 0) | size) {
            case 0:
                result = b.CreateAnd(n, m);
                break;
            case 1:
                result = b.CreateAnd(n, b.CreateNot(m));  // BIC
                break;
            case 2:
                result = b.CreateOr(n, m);
                break;
            case 3:
                result = b.CreateOr(n, b.CreateNot(m));  // ORN
                break;
            case 4:
                result = b.CreateXor(n, m);
                break;
            case 5:  // BSL: d selects n (1) or m (0)
                result = b.CreateXor(m, b.CreateAnd(b.CreateXor(m, n), d));
                break;
            case 6:  // BIT: n where m is 1
                result = b.CreateXor(d, b.CreateAnd(b.CreateXor(d, n), m));
                break;
            default:  // BIF: n where m is 0
                result = b.CreateXor(d, b.CreateAnd(b.CreateXor(d, n), b.CreateNot(m)));
                break;
        }
        return SetVLanes(Rd(), result);
    }
    const unsigned bits = 8u << size;
    Value* n = VLanes(Rn(), bits, q);
    Value* m = VLanes(Rm(), bits, q);
    auto mask = [&](Value* condition) { return b.CreateSExt(condition, n->getType()); };
    switch (opcode) {
        case 0b10000:
            return SetVLanes(Rd(), u ? b.CreateSub(n, m) : b.CreateAdd(n, m));
        case 0b10011:
            return SetVLanes(Rd(), b.CreateMul(n, m));
        case 0b10001:  // CMEQ, CMTST
            return SetVLanes(Rd(),
                             mask(u ? b.CreateICmpEQ(n, m)
                                    : b.CreateICmpNE(b.CreateAnd(n, m),
                                                     llvm::Constant::getNullValue(n->getType()))));
        case 0b00110:  // CMHI, CMGT
            return SetVLanes(Rd(), mask(u ? b.CreateICmpUGT(n, m) : b.CreateICmpSGT(n, m)));
        default:  // CMHS, CMGE
            return SetVLanes(Rd(), mask(u ? b.CreateICmpUGE(n, m) : b.CreateICmpSGE(n, m)));
    }
}

void Translator::EmitSimdCopy() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const u32 imm5 = F(16, 5);
    const u32 imm4 = F(11, 4);
    const unsigned size = std::countr_zero(imm5);
    const unsigned bits = 8u << size;
    const unsigned index = imm5 >> (size + 1);
    const unsigned count = (q ? 128 : 64) / bits;
    if (F(29, 1)) {  // INS (element)
        Value* element = b.CreateExtractElement(VLanes(Rn(), bits, true), imm4 >> size);
        return SetVLanes(Rd(), b.CreateInsertElement(VLanes(Rd(), bits, true), element, index));
    }
    switch (imm4) {
        case 0b0000:  // DUP (element)
            return SetVLanes(Rd(),
                             Splat(b.CreateExtractElement(VLanes(Rn(), bits, true), index), count));
        case 0b0001:  // DUP (general)
            return SetVLanes(Rd(), Splat(b.CreateTrunc(Reg(Rn(), true), b.getIntNTy(bits)), count));
        case 0b0011:  // INS (general)
            return SetVLanes(Rd(), b.CreateInsertElement(
                                       VLanes(Rd(), bits, true),
                                       b.CreateTrunc(Reg(Rn(), true), b.getIntNTy(bits)), index));
        case 0b0101: {  // SMOV
            Value* element = b.CreateExtractElement(VLanes(Rn(), bits, true), index);
            return SetReg(Rd(), b.CreateSExt(element, q ? b.getInt64Ty() : b.getInt32Ty()));
        }
        default:  // UMOV
            return SetReg(Rd(),
                          b.CreateZExt(b.CreateExtractElement(VLanes(Rn(), bits, true), index),
                                       b.getInt64Ty()));
    }
}

void Translator::EmitSimdModifiedImmediate() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const bool op = F(29, 1) != 0;
    const unsigned cmode = F(12, 4);
    const u64 imm8 = (F(16, 3) << 5) | F(5, 5);
    const u64 immediate = ExpandImmediate(op, cmode, imm8);
    Value* pattern =
        llvm::ConstantInt::get(llvm::FixedVectorType::get(b.getInt64Ty(), q ? 2 : 1), immediate);
    const bool orr_or_bic = (cmode < 12) && (cmode & 1);  // cmode 0xx1, 10x1
    if (orr_or_bic) {
        Value* d = VLanes(Rd(), 64, q);
        return SetVLanes(Rd(), op ? b.CreateAnd(d, b.CreateNot(pattern)) : b.CreateOr(d, pattern));
    }
    // MVNI: op 1 with cmode 0xx0, 10x0, 110x.
    const bool inverted = op && cmode < 14;
    SetVLanes(Rd(), inverted ? b.CreateNot(pattern) : pattern);
}

void Translator::EmitSimdShiftImmediate() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const bool u = F(29, 1) != 0;
    const u32 immh = F(19, 4);
    const unsigned bits = 8u << (std::bit_width(immh) - 1);
    const unsigned immhb = F(16, 7);
    Value* n = VLanes(Rn(), bits, q);
    const u32 opcode = F(11, 5);
    if (opcode == 0b01010) {  // SHL
        return SetVLanes(Rd(), b.CreateShl(n, llvm::ConstantInt::get(n->getType(), immhb - bits)));
    }
    const unsigned shift = 2 * bits - immhb;  // 1 to bits
    Value* shifted = nullptr;
    if (u) {
        shifted = shift == bits ? llvm::Constant::getNullValue(n->getType())
                                : b.CreateLShr(n, llvm::ConstantInt::get(n->getType(), shift));
    } else {
        shifted = b.CreateAShr(n, llvm::ConstantInt::get(n->getType(), std::min(shift, bits - 1)));
    }
    if (opcode == 0b00010) {  // SSRA, USRA
        shifted = b.CreateAdd(VLanes(Rd(), bits, q), shifted);
    }
    SetVLanes(Rd(), shifted);
}

void Translator::EmitSimdTwoRegisterMisc() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const bool u = F(29, 1) != 0;
    const unsigned size = F(22, 2);
    const u32 opcode = F(12, 5);
    if (opcode == 0b01111) {  // FABS, FNEG: the sign bit only, no flag, any FPCR
        Value* n = VLanes(Rn(), size == 3 ? 64 : 32, q);
        return SetVLanes(Rd(), u ? fp::Negate(b, n) : fp::Magnitude(b, n));
    }
    const unsigned bits = 8u << size;
    Value* n = VLanes(Rn(), bits, q);
    Value* zero = llvm::Constant::getNullValue(n->getType());
    auto mask = [&](Value* condition) { return b.CreateSExt(condition, n->getType()); };
    switch (opcode) {
        case 0b01011:  // ABS, NEG (wrapping, as the pseudocode's truncation)
            return SetVLanes(Rd(), u ? b.CreateNeg(n)
                                     : b.CreateSelect(b.CreateICmpSLT(n, zero), b.CreateNeg(n), n));
        case 0b01000:  // CMGT, CMGE (zero)
            return SetVLanes(Rd(), mask(u ? b.CreateICmpSGE(n, zero) : b.CreateICmpSGT(n, zero)));
        case 0b01001:  // CMEQ, CMLE (zero)
            return SetVLanes(Rd(), mask(u ? b.CreateICmpSLE(n, zero) : b.CreateICmpEQ(n, zero)));
        case 0b01010:  // CMLT (zero)
            return SetVLanes(Rd(), mask(b.CreateICmpSLT(n, zero)));
        case 0b00101:  // NOT, CNT
            return SetVLanes(
                Rd(), u ? b.CreateNot(n) : b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, n));
        default: {  // REV64: the elements of each doubleword reversed
            const unsigned count = (q ? 128 : 64) / bits;
            const unsigned per_doubleword = 64 / bits;
            llvm::SmallVector<int, 16> reversed;
            for (unsigned lane = 0; lane < count; ++lane) {
                const unsigned base = lane - lane % per_doubleword;
                reversed.push_back(
                    static_cast<int>(base + per_doubleword - 1 - lane % per_doubleword));
            }
            return SetVLanes(Rd(), b.CreateShuffleVector(n, reversed));
        }
    }
}

void Translator::EmitSimdByElement() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const unsigned size = F(22, 2);
    const u32 opcode = F(12, 4);
    const unsigned h = F(11, 1);
    const unsigned l = F(21, 1);
    const unsigned m_bit = F(20, 1);
    if (opcode == 0b1000) {  // MUL (by element)
        const unsigned bits = 8u << size;
        const unsigned index = size == 1 ? (h << 2) | (l << 1) | m_bit : (h << 1) | l;
        const unsigned rm = size == 1 ? F(16, 4) : F(16, 5);
        Value* n = VLanes(Rn(), bits, q);
        Value* element = b.CreateExtractElement(VLanes(rm, bits, true), index);
        return SetVLanes(Rd(), b.CreateMul(n, Splat(element, (q ? 128 : 64) / bits)));
    }
    const bool is_double = size == 3;
    const unsigned index = is_double ? h : (h << 1) | l;
    Value* element = b.CreateExtractElement(VLanes(F(16, 5), is_double ? 64 : 32, true), index);
    Value* n = FpLanes(Rn(), is_double, q);
    Value* m = Splat(element, is_double ? 2 : 4);
    if (!q) {  // the padding lanes of n are 1.0; m's must be harmless too
        m = b.CreateShuffleVector(m, FpLanes(Rn(), false, false), llvm::ArrayRef<int>{0, 1, 6, 7});
    }
    Value* result = nullptr;
    if (opcode == 0b1001) {
        result = FpBinary(0, n, m);  // FMUL
    } else {                         // FMLA, FMLS
        result = FpMulAdd(FpLanes(Rd(), is_double, q), opcode == 0b0101 ? fp::Negate(b, n) : n, m);
    }
    SetFpLanes(Rd(), result, q);
}

void Translator::EmitSimdLoadReplicate() {
    auto& b = builder_;
    const bool q = F(30, 1) != 0;
    const unsigned size = F(10, 2);
    const unsigned bytes = 1u << size;
    Value* base = RegOrSp(Rn(), true);
    Value* element = Load(base, bytes);
    SetVLanes(Rd(), Splat(element, (q ? 16 : 8) / bytes));
    if (F(23, 1)) {  // post-index: by the element's size (Rm 31) or by Rm
        Value* offset = Rm() == 31 ? b.getInt64(bytes) : Reg(Rm(), true);
        SetRegOrSp(Rn(), b.CreateAdd(base, offset));
    }
}

void Translator::EmitSimdPermute() {
    const bool q = F(30, 1) != 0;
    const unsigned bits = 8u << F(22, 2);
    const unsigned count = (q ? 128 : 64) / bits;
    const unsigned opcode = F(12, 3);
    const unsigned part = opcode >> 2;  // 0: UZP1/TRN1/ZIP1, 1: the second of each
    Value* n = VLanes(Rn(), bits, q);
    Value* m = VLanes(Rm(), bits, q);
    // Indices into n then m (m's lanes from count on).
    llvm::SmallVector<int, 16> indices;
    for (unsigned lane = 0; lane < count; ++lane) {
        const unsigned pair = lane / 2;
        const bool odd = lane % 2 != 0;
        switch (opcode & 3) {
            case 1:  // UZP: the even (or odd) elements of n:m
                indices.push_back(static_cast<int>(2 * lane + part));
                break;
            case 2:  // TRN: n[2i + part], m[2i + part]
                indices.push_back(static_cast<int>(2 * pair + part + (odd ? count : 0)));
                break;
            default:  // ZIP: n[base + i], m[base + i] with base 0 or count / 2
                indices.push_back(static_cast<int>(part * count / 2 + pair + (odd ? count : 0)));
                break;
        }
    }
    SetVLanes(Rd(), builder_.CreateShuffleVector(n, m, indices));
}

void Translator::EmitSimdExtract() {
    const bool q = F(30, 1) != 0;
    const unsigned position = F(11, 4);
    const unsigned count = q ? 16 : 8;
    // The bytes of m:n (n the low half) from position on.
    llvm::SmallVector<int, 16> indices;
    for (unsigned lane = 0; lane < count; ++lane) {
        indices.push_back(static_cast<int>(position + lane));
    }
    SetVLanes(Rd(), builder_.CreateShuffleVector(VLanes(Rn(), 8, q), VLanes(Rm(), 8, q), indices));
}

}  // namespace cpu::llvm_tier
