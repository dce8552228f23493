// Scalar floating point in a region (single and double precision), exact under round to
// nearest without flush to zero (the FPCR a region runs with, see EnterIfFpcrIsTranslated). The
// arithmetic runs on the host's IEEE operations, which round as A64 does; what differs is
// fixed here: NaN propagation (SSE returns the first operand's NaN, A64 signalling before
// quiet), the default NaN (SSE's is negative), min/max and comparisons (done on the bits).
// Semantics from the Arm ARM's pseudocode (FPAdd, FPMulAdd, FPMax(Num), FPCompare, FPToFixed,
// FPRoundInt, FPConvertNaN, VFPExpandImm).

#include <algorithm>
#include <cmath>

#include "cpu/llvm/fp_semantics.h"
#include "cpu/llvm/translator.h"

namespace cpu::llvm_tier {
namespace {

constexpr u32 kIoc = 1u << 0;  // FPSR.IOC, invalid operation

u64 MaxSigned(unsigned bits) {
    return (u64{1} << (bits - 1)) - 1;
}

}  // namespace

void Translator::EnterIfFpcrIsTranslated() {
    const bool has_fp_or_simd =
        std::any_of(region_.words.begin(), region_.words.end(), [](auto& w) {
            const A64Op op = *Classify(w.second);
            return op >= A64Op::FpDataProcessing1 && op < A64Op::Branch;
        });
    if (!has_fp_or_simd) {
        builder_.CreateBr(Target(region_.entry));
        return;
    }
    BasicBlock* other = NewBlock("fpcr_other");
    builder_.CreateCondBr(fp_exact_, Target(region_.entry), other, FaultIsRare());
    builder_.SetInsertPoint(other);
    Exit(builder_.getInt64(region_.entry), RegionExit::FpcrUnsupported);
}

void Translator::RaiseFpsr(Value* condition, u32 bits) {
    if (condition->getType()->isVectorTy()) {
        condition = builder_.CreateOrReduce(condition);
    }
    Value* raised = builder_.CreateSelect(condition, builder_.getInt32(bits), builder_.getInt32(0));
    builder_.CreateStore(
        builder_.CreateOr(builder_.CreateLoad(builder_.getInt32Ty(), fpsr_), raised), fpsr_);
}

Value* Translator::FpApplyDefaultNaN(Value* bits) {
    Value* use_default = builder_.CreateAnd(
        fp::IsNaN(builder_, bits),
        bits->getType()->isVectorTy()
            ? builder_.CreateVectorSplat(
                  llvm::cast<llvm::FixedVectorType>(bits->getType())->getNumElements(),
                  default_nan_)
            : default_nan_);
    return builder_.CreateSelect(use_default, fp::DefaultNaN(bits), bits);
}

Value* Translator::FpHostResult(Value* result_bits) {
    return builder_.CreateSelect(fp::IsNaN(builder_, result_bits), fp::DefaultNaN(result_bits),
                                 result_bits);
}

Value* Translator::HostResultUnlessNaN(Value* host_bits, llvm::function_ref<Value*()> exact) {
    auto& bld = builder_;
    Value* nan = fp::IsNaN(bld, host_bits);
    if (nan->getType()->isVectorTy()) {
        nan = bld.CreateOrReduce(nan);
    }
    BasicBlock* fast = bld.GetInsertBlock();
    BasicBlock* rules = NewBlock("fp_nan_rules");
    BasicBlock* join = NewBlock("fp_result");
    bld.CreateCondBr(bld.CreateNot(nan), join, rules, FaultIsRare());
    bld.SetInsertPoint(rules);
    Value* exact_bits = exact();
    BasicBlock* rules_end = bld.GetInsertBlock();
    bld.CreateBr(join);
    bld.SetInsertPoint(join);
    llvm::PHINode* result = bld.CreatePHI(host_bits->getType(), 2);
    result->addIncoming(host_bits, fast);
    result->addIncoming(exact_bits, rules_end);
    return result;
}

Value* Translator::FpBinary(unsigned opcode, Value* a, Value* b) {
    auto& bld = builder_;
    if (opcode >= 4 && opcode <= 7) {
        // FMAX 4, FMIN 5, FMAXNM 6, FMINNM 7: on the bits, so no host flag; IOC for a
        // signalling NaN only. The NM forms take a quiet NaN beside a number as -inf (max) or
        // +inf (min), so that the number wins (FPMaxNum, FPMinNum).
        const bool max = opcode == 4 || opcode == 6;
        if (opcode >= 6) {
            Value* quiet_a =
                bld.CreateAnd(fp::IsNaN(bld, a), bld.CreateNot(fp::IsSignallingNaN(bld, a)));
            Value* quiet_b =
                bld.CreateAnd(fp::IsNaN(bld, b), bld.CreateNot(fp::IsSignallingNaN(bld, b)));
            const unsigned width = fp::Width(a);
            Value* infinity =
                fp::Constant(a, fp::ExponentMask(width) | (max ? fp::SignBit(width) : 0));
            Value* a_new =
                bld.CreateSelect(bld.CreateAnd(quiet_a, bld.CreateNot(quiet_b)), infinity, a);
            b = bld.CreateSelect(bld.CreateAnd(quiet_b, bld.CreateNot(quiet_a)), infinity, b);
            a = a_new;
        }
        Value* any_nan = bld.CreateOr(fp::IsNaN(bld, a), fp::IsNaN(bld, b));
        RaiseFpsr(bld.CreateOr(fp::IsSignallingNaN(bld, a), fp::IsSignallingNaN(bld, b)), kIoc);
        Value* a_first = max ? bld.CreateICmpSGT(fp::OrderKey(bld, a), fp::OrderKey(bld, b))
                             : bld.CreateICmpSLT(fp::OrderKey(bld, a), fp::OrderKey(bld, b));
        Value* chosen = bld.CreateSelect(a_first, a, b);
        return FpApplyDefaultNaN(bld.CreateSelect(any_nan, fp::ProcessNaNs(bld, {a, b}), chosen));
    }
    Value* x = fp::ToFloat(bld, a);
    Value* y = fp::ToFloat(bld, b);
    Value* host = nullptr;
    switch (opcode) {
        case 0:
        case 8:
            host = bld.CreateFMul(x, y);
            break;
        case 1:
            host = bld.CreateFDiv(x, y);
            break;
        case 2:
            host = bld.CreateFAdd(x, y);
            break;
        default:
            host = bld.CreateFSub(x, y);
            break;
    }
    Value* host_bits = fp::ToBits(bld, host);
    Value* result = HostResultUnlessNaN(host_bits, [&] {
        Value* any_nan = bld.CreateOr(fp::IsNaN(bld, a), fp::IsNaN(bld, b));
        return FpApplyDefaultNaN(
            bld.CreateSelect(any_nan, fp::ProcessNaNs(bld, {a, b}), FpHostResult(host_bits)));
    });
    return opcode == 8 ? fp::Negate(bld, result) : result;  // FNMUL negates even a NaN
}

Value* Translator::FpMulAdd(Value* addend, Value* n, Value* m) {
    auto& bld = builder_;
    llvm::Function* fma = llvm::Intrinsic::getDeclaration(
        function_->getParent(), llvm::Intrinsic::experimental_constrained_fma,
        {fp::FloatTypeFor(bld, n->getType())});
    Value* host_bits = fp::ToBits(
        bld, bld.CreateConstrainedFPCall(
                 fma, {fp::ToFloat(bld, n), fp::ToFloat(bld, m), fp::ToFloat(bld, addend)}));
    return HostResultUnlessNaN(host_bits, [&] {
        Value* any_nan =
            fp::AnyOf(bld, {fp::IsNaN(bld, addend), fp::IsNaN(bld, n), fp::IsNaN(bld, m)});
        // inf * 0 with a quiet NaN addend: the default NaN and IOC (FPMulAdd).
        Value* infinity_times_zero =
            bld.CreateOr(bld.CreateAnd(fp::IsInfinity(bld, n), fp::IsZero(bld, m)),
                         bld.CreateAnd(fp::IsZero(bld, n), fp::IsInfinity(bld, m)));
        Value* quiet_addend =
            bld.CreateAnd(fp::IsNaN(bld, addend), bld.CreateNot(fp::IsSignallingNaN(bld, addend)));
        Value* invalid_with_nan = bld.CreateAnd(quiet_addend, infinity_times_zero);
        RaiseFpsr(invalid_with_nan, kIoc);
        Value* propagated = bld.CreateSelect(invalid_with_nan, fp::DefaultNaN(n),
                                             fp::ProcessNaNs(bld, {addend, n, m}));
        return FpApplyDefaultNaN(bld.CreateSelect(any_nan, propagated, FpHostResult(host_bits)));
    });
}

void Translator::EmitFpDataProcessing2() {
    const unsigned width = F(22, 1) ? 64 : 32;
    SetVScalar(Rd(), FpBinary(F(12, 4), VScalar(Rn(), width), VScalar(Rm(), width)));
}

void Translator::EmitFpDataProcessing3() {
    const unsigned width = F(22, 1) ? 64 : 32;
    Value* addend = VScalar(F(10, 5), width);
    Value* n = VScalar(Rn(), width);
    const bool o1 = F(21, 1) != 0;
    const bool o0 = F(15, 1) != 0;
    // FMADD a + n*m, FMSUB a - n*m, FNMADD -a - n*m, FNMSUB -a + n*m: the negations are of the
    // operands, before NaN processing.
    if (o1) {
        addend = fp::Negate(builder_, addend);
    }
    if (o0 != o1) {
        n = fp::Negate(builder_, n);
    }
    SetVScalar(Rd(), FpMulAdd(addend, n, VScalar(Rm(), width)));
}

void Translator::EmitFpDataProcessing1() {
    auto& bld = builder_;
    const unsigned opcode = F(15, 6);
    const unsigned width = F(22, 1) ? 64 : 32;
    Value* a = VScalar(Rn(), width);
    switch (opcode) {
        case 0:  // FMOV
            return SetVScalar(Rd(), a);
        case 1:  // FABS
            return SetVScalar(Rd(), fp::Magnitude(bld, a));
        case 2:  // FNEG
            return SetVScalar(Rd(), fp::Negate(bld, a));
        default:
            break;
    }
    Value* nan = fp::IsNaN(bld, a);
    Value* x = fp::ToFloat(bld, a);
    if (opcode == 4 || opcode == 5) {  // FCVT: to single (from double), to double
        const bool to_double = opcode == 5;
        Value* converted = to_double ? bld.CreateFPExt(x, bld.getDoubleTy())
                                     : bld.CreateFPTrunc(x, bld.getFloatTy());
        Value* bits = fp::ToBits(bld, converted);
        // FPConvertNaN: the sign, quiet, and the fraction's top bits.
        Value* sign =
            to_double ? bld.CreateShl(bld.CreateZExt(bld.CreateLShr(a, 31), bld.getInt64Ty()), 63)
                      : bld.CreateShl(bld.CreateTrunc(bld.CreateLShr(a, 63), bld.getInt32Ty()), 31);
        Value* fraction =
            to_double
                ? bld.CreateShl(bld.CreateZExt(bld.CreateAnd(a, 0x7fffff), bld.getInt64Ty()), 29)
                : bld.CreateTrunc(bld.CreateLShr(bld.CreateAnd(a, 0xfffffffffffffull), 29),
                                  bld.getInt32Ty());
        Value* converted_nan = bld.CreateOr(bld.CreateOr(sign, fraction), fp::DefaultNaN(bits));
        return SetVScalar(Rd(), FpApplyDefaultNaN(bld.CreateSelect(nan, converted_nan, bits)));
    }
    Value* result = nullptr;
    auto call = [&](llvm::Intrinsic::ID id, Value* operand) {
        llvm::Function* function =
            llvm::Intrinsic::getDeclaration(function_->getParent(), id, {operand->getType()});
        return bld.CreateConstrainedFPCall(function, {operand});
    };
    switch (opcode) {
        case 3:
            result = call(llvm::Intrinsic::experimental_constrained_sqrt, x);
            break;
        case 8:   // FRINTN: ties to even, which is the mode regions run with
        case 15:  // FRINTI: FPCR's mode, without IXC
            result = call(llvm::Intrinsic::experimental_constrained_nearbyint, x);
            break;
        case 9:
            result = call(llvm::Intrinsic::experimental_constrained_ceil, x);
            break;
        case 10:
            result = call(llvm::Intrinsic::experimental_constrained_floor, x);
            break;
        case 11:
            result = call(llvm::Intrinsic::experimental_constrained_trunc, x);
            break;
        case 12: {  // FRINTA: ties away from zero, from trunc (both steps exact, no flag)
            Value* truncated = call(llvm::Intrinsic::experimental_constrained_trunc, x);
            Value* fraction = fp::ToBits(bld, bld.CreateFSub(x, truncated));
            Value* half = fp::Constant(a, width == 32 ? 0x3f000000u : 0x3fe0000000000000ull);
            Value* away = bld.CreateICmpUGE(fp::Magnitude(bld, fraction), half);
            Value* one = fp::Constant(a, width == 32 ? 0x3f800000u : 0x3ff0000000000000ull);
            Value* signed_one =
                bld.CreateOr(one, bld.CreateAnd(a, fp::Constant(a, fp::SignBit(width))));
            Value* rounded_away = bld.CreateFAdd(truncated, fp::ToFloat(bld, signed_one));
            result = bld.CreateSelect(away, rounded_away, truncated);
            break;
        }
        default:  // 14, FRINTX: FPCR's mode, IXC where inexact
            result = call(llvm::Intrinsic::experimental_constrained_rint, x);
            break;
    }
    Value* bits = bld.CreateSelect(nan, fp::Quiet(bld, a), FpHostResult(fp::ToBits(bld, result)));
    SetVScalar(Rd(), FpApplyDefaultNaN(bits));
}

void Translator::EmitFpCompare(bool conditional) {
    auto& bld = builder_;
    const unsigned width = F(22, 1) ? 64 : 32;
    Value* a = VScalar(Rn(), width);
    // FCMP with #0.0 (opc<0>, bit 3) for the plain compare; E (bit 4) signals on quiet NaNs.
    Value* b = !conditional && F(3, 1) ? bld.getIntN(width, 0) : VScalar(Rm(), width);
    const bool signalling = F(4, 1) != 0;
    Value* holds = conditional ? Condition(F(12, 4)) : bld.getTrue();
    Value* unordered = bld.CreateOr(fp::IsNaN(bld, a), fp::IsNaN(bld, b));
    Value* invalid = signalling
                         ? unordered
                         : bld.CreateOr(fp::IsSignallingNaN(bld, a), fp::IsSignallingNaN(bld, b));
    RaiseFpsr(bld.CreateAnd(holds, invalid), kIoc);
    Value* equal =
        bld.CreateOr(bld.CreateICmpEQ(a, b), bld.CreateAnd(fp::IsZero(bld, a), fp::IsZero(bld, b)));
    Value* less = bld.CreateAnd(bld.CreateNot(equal),
                                bld.CreateICmpSLT(fp::OrderKey(bld, a), fp::OrderKey(bld, b)));
    // FPCompare: equal 0110, less 1000, greater 0010, unordered 0011.
    Value* ordered = bld.CreateNot(unordered);
    const std::array<Value*, 4> compared{
        bld.CreateAnd(ordered, less),
        bld.CreateAnd(ordered, equal),
        bld.CreateOr(unordered, bld.CreateNot(less)),
        unordered,
    };
    const unsigned nzcv = F(0, 4);
    for (unsigned flag = 0; flag < 4; ++flag) {
        Value* otherwise = bld.getInt1((nzcv >> (3 - flag)) & 1);
        bld.CreateStore(
            conditional ? bld.CreateSelect(holds, compared[flag], otherwise) : compared[flag],
            flags_[flag]);
    }
}

void Translator::EmitFpConditionalSelect() {
    const unsigned width = F(22, 1) ? 64 : 32;
    Value* holds = Condition(F(12, 4));
    SetVScalar(Rd(), builder_.CreateSelect(holds, VScalar(Rn(), width), VScalar(Rm(), width)));
}

// VFPExpandImm: sign imm8<7>, exponent NOT(imm8<6>):Replicate(imm8<6>):imm8<5:4>, fraction
// imm8<3:0> then zeros.
void Translator::EmitFpImmediate() {
    const u32 imm8 = F(13, 8);
    const u64 sign = imm8 >> 7;
    const u64 b6 = (imm8 >> 6) & 1;
    const u64 low_exponent = (imm8 >> 4) & 3;
    const u64 fraction = imm8 & 0xf;
    if (F(22, 1)) {
        const u64 exponent = ((b6 ^ 1) << 10) | (b6 ? 0xffu << 2 : 0) | low_exponent;
        SetVScalar(Rd(), builder_.getInt64((sign << 63) | (exponent << 52) | (fraction << 48)));
    } else {
        const u64 exponent = ((b6 ^ 1) << 7) | (b6 ? 0x1fu << 2 : 0) | low_exponent;
        SetVScalar(Rd(), builder_.getInt32(
                             static_cast<u32>((sign << 31) | (exponent << 23) | (fraction << 19))));
    }
}

void Translator::EmitFpIntegerConversion() {
    auto& bld = builder_;
    const bool sf = Sf();
    const unsigned int_bits = sf ? 64 : 32;
    const unsigned width = F(22, 1) ? 64 : 32;
    const unsigned rmode_opcode = (F(19, 2) << 3) | F(16, 3);
    if (rmode_opcode == 0b00'110) {  // FMOV to a general register
        return SetReg(Rd(), VScalar(Rn(), width));
    }
    if (rmode_opcode == 0b00'111) {  // FMOV from one
        return SetVScalar(Rd(), Reg(Rn(), sf));
    }
    llvm::Type* float_type = width == 64 ? bld.getDoubleTy() : bld.getFloatTy();
    if (rmode_opcode == 0b00'010 || rmode_opcode == 0b00'011) {  // SCVTF, UCVTF
        Value* integer = Reg(Rn(), sf);
        Value* converted = rmode_opcode == 0b00'010 ? bld.CreateSIToFP(integer, float_type)
                                                    : bld.CreateUIToFP(integer, float_type);
        return SetVScalar(Rd(), fp::ToBits(bld, converted));
    }
    // FCVTZS, FCVTZU (FPToFixed, rounding toward zero): NaN gives 0, a value out of range the
    // nearest bound, both with IOC; the host's truncation raises IXC where a fraction is cut.
    const bool is_signed = rmode_opcode == 0b11'000;
    Value* a = VScalar(Rn(), width);
    Value* x = fp::ToFloat(bld, a);
    auto number = [&](double value) { return llvm::ConstantFP::get(float_type, value); };
    const double upper = std::ldexp(1.0, static_cast<int>(is_signed ? int_bits - 1 : int_bits));
    // Truncation fits above -2^(N-1) - 1 (signed) or -1 (unsigned). -2^(N-1) - 1 is a number
    // of the format only for a double and N = 32; elsewhere the next number below -2^(N-1)
    // is below it too, and -2^(N-1) itself is the bound, inclusive.
    Value* above_lower = nullptr;
    if (!is_signed) {
        above_lower = bld.CreateFCmp(llvm::CmpInst::FCMP_OGT, x, number(-1.0));
    } else if (width == 64 && int_bits == 32) {
        above_lower = bld.CreateFCmp(llvm::CmpInst::FCMP_OGT, x, number(-upper - 1.0));
    } else {
        above_lower = bld.CreateFCmp(llvm::CmpInst::FCMP_OGE, x, number(-upper));
    }
    Value* below_upper = bld.CreateFCmp(llvm::CmpInst::FCMP_OLT, x, number(upper));
    Value* in_range = bld.CreateAnd(above_lower, below_upper);
    RaiseFpsr(bld.CreateNot(in_range), kIoc);
    Value* safe = bld.CreateSelect(in_range, x, number(0.0));
    auto* int_type = bld.getIntNTy(int_bits);
    Value* truncated =
        is_signed ? bld.CreateFPToSI(safe, int_type) : bld.CreateFPToUI(safe, int_type);
    const u64 max = is_signed ? MaxSigned(int_bits) : ~u64{0} >> (64 - int_bits);
    const u64 min = is_signed ? max + 1 : 0;
    Value* saturated = bld.CreateSelect(fp::IsNaN(bld, a), llvm::ConstantInt::get(int_type, 0),
                                        bld.CreateSelect(bld.CreateICmpSLT(a, fp::Constant(a, 0)),
                                                         llvm::ConstantInt::get(int_type, min),
                                                         llvm::ConstantInt::get(int_type, max)));
    SetReg(Rd(), bld.CreateSelect(in_range, truncated, saturated));
}

}  // namespace cpu::llvm_tier
