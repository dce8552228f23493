// Advanced SIMD half-precision instructions that dynarmic 6.4.5 hands to InterpreterFallback
// or rejects (measured, see tests/cpu/a64_extension_fp16_test.cpp): three-same arithmetic,
// compares and pairwise ops, two-register-misc conversions, compares with zero and FSQRT,
// FMUL/FMULX by element, FMAXV-style reductions, and fixed-point conversions by immediate —
// in their vector (4H/8H) and scalar (Hd) forms. FMLA/FMLS, FCMEQ, FRECPS/FRSQRTS, FRECPE,
// FRSQRTE, FRINT*, FABS and FNEG run in dynarmic and are left to it.

#include "cpu/a64_extension/extension_internal.h"
#include "cpu/a64_extension/fp16_arithmetic.h"
#include "cpu/a64_extension/fp16_registers.h"

namespace cpu::extension {
namespace {

using fp16::FpEnv;
using fp16::Rounding;
using Vector = ExtensionState::Vector;
using BinaryOp = u16 (*)(u16, u16, FpEnv&);

constexpr u16 Mask(bool condition) {
    return condition ? 0xffff : 0;
}

u16 CompareEq(u16 a, u16 b, FpEnv& env) {
    return Mask(fp16::CompareEqual(a, b, env));
}
u16 CompareGe(u16 a, u16 b, FpEnv& env) {
    return Mask(fp16::CompareGreaterEqual(a, b, env));
}
u16 CompareGt(u16 a, u16 b, FpEnv& env) {
    return Mask(fp16::CompareGreater(a, b, env));
}
u16 AbsCompareGe(u16 a, u16 b, FpEnv& env) {
    return CompareGe(fp16::Abs(a), fp16::Abs(b), env);
}
u16 AbsCompareGt(u16 a, u16 b, FpEnv& env) {
    return CompareGt(fp16::Abs(a), fp16::Abs(b), env);
}

// Three-same FP16, keyed by U:a:opcode. Pairwise ops are flagged; null means "dynarmic's".
struct ThreeSameOp {
    BinaryOp op = nullptr;
    bool pairwise = false;
};

ThreeSameOp DecodeThreeSame(unsigned key) {
    switch (key) {
        case 0x00:
            return {fp16::MaxNum};
        case 0x02:
            return {fp16::Add};
        case 0x03:
            return {fp16::MulX};
        case 0x04:
            return {CompareEq};
        case 0x06:
            return {fp16::Max};
        case 0x08:
            return {fp16::MinNum};
        case 0x0a:
            return {fp16::Sub};
        case 0x0e:
            return {fp16::Min};
        case 0x10:
            return {fp16::MaxNum, true};
        case 0x12:
            return {fp16::Add, true};
        case 0x13:
            return {fp16::Mul};
        case 0x14:
            return {CompareGe};
        case 0x15:
            return {AbsCompareGe};
        case 0x16:
            return {fp16::Max, true};
        case 0x17:
            return {fp16::Div};
        case 0x18:
            return {fp16::MinNum, true};
        case 0x1a:
            return {fp16::AbsDiff};
        case 0x1c:
            return {CompareGt};
        case 0x1d:
            return {AbsCompareGt};
        case 0x1e:
            return {fp16::Min, true};
        default:
            return {};  // FMLA, FMLS, FRECPS, FRSQRTS
    }
}

// The scalar three-same FP16 group only has FMULX, the compares and FABD (besides dynarmic's
// FRECPS and FRSQRTS).
bool ScalarThreeSameExists(unsigned key) {
    switch (key) {
        case 0x03:
        case 0x04:
        case 0x14:
        case 0x15:
        case 0x1a:
        case 0x1c:
        case 0x1d:
            return true;
        default:
            return false;
    }
}

void Finish(ExtensionState& state, const FpEnv& env) {
    if (env.flags != 0) {
        state.SetFpsr(state.GetFpsr() | env.flags);
    }
}

unsigned Lanes(u32 instruction) {
    return Field(instruction, 30, 1) ? 8 : 4;
}

ExtensionOutcome ThreeSame(u32 instruction, ExtensionState& state, bool scalar) {
    const unsigned key =
        Field(instruction, 29, 1) << 4 | Field(instruction, 23, 1) << 3 | Field(instruction, 11, 3);
    const ThreeSameOp decoded = DecodeThreeSame(key);
    if (decoded.op == nullptr || (scalar && !ScalarThreeSameExists(key))) {
        return ExtensionOutcome::NotHandled;
    }
    const Vector n = state.GetV(Field(instruction, 5, 5));
    const Vector m = state.GetV(Field(instruction, 16, 5));
    FpEnv env{state.GetFpcr()};
    Vector result{0, 0};
    const unsigned lanes = scalar ? 1 : Lanes(instruction);
    for (unsigned i = 0; i < lanes; ++i) {
        u16 value;
        if (decoded.pairwise) {
            // Pairs of adjacent lanes of the concatenation Vm:Vn, Vn's pairs first.
            const Vector& source = i < lanes / 2 ? n : m;
            const unsigned j = 2 * (i % (lanes / 2));
            value = decoded.op(GetLane(source, j), GetLane(source, j + 1), env);
        } else {
            value = decoded.op(GetLane(n, i), GetLane(m, i), env);
        }
        SetLane(result, i, value);
    }
    state.SetV(Field(instruction, 0, 5), result);
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

enum class MiscOp : u8 { None, ToInt, FromInt, CmpGt0, CmpEq0, CmpLt0, CmpGe0, CmpLe0, Sqrt };

struct MiscDecoded {
    MiscOp op = MiscOp::None;
    Rounding rounding = Rounding::Zero;
};

// Two-register-misc FP16, keyed by U:a:opcode.
MiscDecoded DecodeMisc(unsigned key, bool scalar) {
    switch (key & 0x3f) {  // U handled by the callers: it only selects signedness here
        case 0x1a:
            return {MiscOp::ToInt, Rounding::TieEven};  // FCVTN[SU]
        case 0x1b:
            return {MiscOp::ToInt, Rounding::MinusInf};  // FCVTM[SU]
        case 0x1c:
            return {MiscOp::ToInt, Rounding::TieAway};  // FCVTA[SU]
        case 0x1d:
            return {MiscOp::FromInt};  // [SU]CVTF
        case 0x3a:
            return {MiscOp::ToInt, Rounding::PlusInf};  // FCVTP[SU]
        case 0x3b:
            return {MiscOp::ToInt, Rounding::Zero};  // FCVTZ[SU]
        default:
            break;
    }
    const bool u = (key >> 6) != 0;
    switch (key & 0x3f) {
        case 0x2c:
            return {u ? MiscOp::CmpGe0 : MiscOp::CmpGt0};
        case 0x2d:
            return {u ? MiscOp::CmpLe0 : MiscOp::CmpEq0};
        case 0x2e:
            return {u ? MiscOp::None : MiscOp::CmpLt0};
        case 0x3f:
            return {u && !scalar ? MiscOp::Sqrt : MiscOp::None};  // scalar: FRECPX
        default:
            return {};  // FRINT*, FABS, FNEG, FRECPE, FRSQRTE
    }
}

u16 MiscLane(const MiscDecoded& decoded, bool is_unsigned, u16 x, FpEnv& env) {
    switch (decoded.op) {
        case MiscOp::ToInt:
            return static_cast<u16>(fp16::ToFixed(x, 0, is_unsigned, 16, decoded.rounding, env));
        case MiscOp::FromInt:
            return fp16::FromFixed(x, 0, is_unsigned, 16, env);
        case MiscOp::CmpGt0:
            return CompareGt(x, 0, env);
        case MiscOp::CmpEq0:
            return CompareEq(x, 0, env);
        case MiscOp::CmpLt0:
            return CompareGt(0, x, env);
        case MiscOp::CmpGe0:
            return CompareGe(x, 0, env);
        case MiscOp::CmpLe0:
            return CompareGe(0, x, env);
        case MiscOp::Sqrt:
            return fp16::Sqrt(x, env);
        case MiscOp::None:
            break;
    }
    return 0;
}

ExtensionOutcome TwoRegMisc(u32 instruction, ExtensionState& state, bool scalar) {
    const bool is_unsigned = Field(instruction, 29, 1) != 0;
    const unsigned key =
        Field(instruction, 29, 1) << 6 | Field(instruction, 23, 1) << 5 | Field(instruction, 12, 5);
    const MiscDecoded decoded = DecodeMisc(key, scalar);
    if (decoded.op == MiscOp::None) {
        return ExtensionOutcome::NotHandled;
    }
    const Vector n = state.GetV(Field(instruction, 5, 5));
    FpEnv env{state.GetFpcr()};
    Vector result{0, 0};
    const unsigned lanes = scalar ? 1 : Lanes(instruction);
    for (unsigned i = 0; i < lanes; ++i) {
        SetLane(result, i, MiscLane(decoded, is_unsigned, GetLane(n, i), env));
    }
    state.SetV(Field(instruction, 0, 5), result);
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

// FMUL/FMULX (by element), half-precision: index H:L:M, Rm limited to V0..V15.
ExtensionOutcome ByElement(u32 instruction, ExtensionState& state, bool scalar) {
    if (Field(instruction, 12, 4) != 0x9) {
        return ExtensionOutcome::NotHandled;  // FMLA/FMLS by element run in dynarmic
    }
    const BinaryOp op = Field(instruction, 29, 1) ? fp16::MulX : fp16::Mul;
    const unsigned index =
        Field(instruction, 11, 1) << 2 | Field(instruction, 21, 1) << 1 | Field(instruction, 20, 1);
    const u16 element = GetLane(state.GetV(Field(instruction, 16, 4)), index);
    const Vector n = state.GetV(Field(instruction, 5, 5));
    FpEnv env{state.GetFpcr()};
    Vector result{0, 0};
    const unsigned lanes = scalar ? 1 : Lanes(instruction);
    for (unsigned i = 0; i < lanes; ++i) {
        SetLane(result, i, op(GetLane(n, i), element, env));
    }
    state.SetV(Field(instruction, 0, 5), result);
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

// Max/min reductions and scalar pairwise ops share one opcode map (o1:opcode).
BinaryOp DecodeReduction(unsigned o1, unsigned opcode, bool allow_add) {
    switch (opcode) {
        case 0x0c:
            return o1 ? fp16::MinNum : fp16::MaxNum;
        case 0x0d:
            return (allow_add && !o1) ? fp16::Add : nullptr;
        case 0x0f:
            return o1 ? fp16::Min : fp16::Max;
        default:
            return nullptr;
    }
}

// Reduce() of the pseudocode: a balanced tree, so NaN propagation matches the hardware.
u16 ReduceTree(BinaryOp op, const Vector& v, unsigned first, unsigned count, FpEnv& env) {
    if (count == 1) {
        return GetLane(v, first);
    }
    const unsigned half = count / 2;
    const u16 low = ReduceTree(op, v, first, half, env);
    const u16 high = ReduceTree(op, v, first + half, half, env);
    return op(low, high, env);
}

ExtensionOutcome AcrossLanes(u32 instruction, ExtensionState& state) {
    const BinaryOp op =
        DecodeReduction(Field(instruction, 23, 1), Field(instruction, 12, 5), false);
    if (op == nullptr) {
        return ExtensionOutcome::NotHandled;
    }
    FpEnv env{state.GetFpcr()};
    const u16 result =
        ReduceTree(op, state.GetV(Field(instruction, 5, 5)), 0, Lanes(instruction), env);
    SetScalarHalf(state, Field(instruction, 0, 5), result);
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

ExtensionOutcome ScalarPairwise(u32 instruction, ExtensionState& state) {
    const BinaryOp op = DecodeReduction(Field(instruction, 23, 1), Field(instruction, 12, 5), true);
    if (op == nullptr) {
        return ExtensionOutcome::NotHandled;
    }
    FpEnv env{state.GetFpcr()};
    const Vector n = state.GetV(Field(instruction, 5, 5));
    SetScalarHalf(state, Field(instruction, 0, 5), op(GetLane(n, 0), GetLane(n, 1), env));
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

// SCVTF/UCVTF/FCVTZS/FCVTZU (vector or scalar, fixed-point) with immh = 001x: half lanes,
// fraction bits = 32 - immh:immb.
ExtensionOutcome FixedPoint(u32 instruction, ExtensionState& state, bool scalar) {
    const unsigned opcode = Field(instruction, 11, 5);
    if (opcode != 0x1c && opcode != 0x1f) {
        return ExtensionOutcome::NotHandled;
    }
    const bool is_unsigned = Field(instruction, 29, 1) != 0;
    const int fraction_bits = 32 - static_cast<int>(Field(instruction, 16, 7));
    const Vector n = state.GetV(Field(instruction, 5, 5));
    FpEnv env{state.GetFpcr()};
    Vector result{0, 0};
    const unsigned lanes = scalar ? 1 : Lanes(instruction);
    for (unsigned i = 0; i < lanes; ++i) {
        const u16 x = GetLane(n, i);
        const u16 value = opcode == 0x1c
                              ? fp16::FromFixed(x, fraction_bits, is_unsigned, 16, env)
                              : static_cast<u16>(fp16::ToFixed(x, fraction_bits, is_unsigned, 16,
                                                               Rounding::Zero, env));
        SetLane(result, i, value);
    }
    state.SetV(Field(instruction, 0, 5), result);
    Finish(state, env);
    return ExtensionOutcome::Executed;
}

}  // namespace

ExtensionOutcome ExecuteFp16Simd(u32 instruction, ExtensionState& state) {
    if ((instruction & 0x9f60c400) == 0x0e400400) {
        return ThreeSame(instruction, state, false);
    }
    if ((instruction & 0xdf60c400) == 0x5e400400) {
        return ThreeSame(instruction, state, true);
    }
    if ((instruction & 0x9f7e0c00) == 0x0e780800) {
        return TwoRegMisc(instruction, state, false);
    }
    if ((instruction & 0xdf7e0c00) == 0x5e780800) {
        return TwoRegMisc(instruction, state, true);
    }
    if ((instruction & 0x9fc00400) == 0x0f000000) {
        return ByElement(instruction, state, false);
    }
    if ((instruction & 0xdfc00400) == 0x5f000000) {
        return ByElement(instruction, state, true);
    }
    if ((instruction & 0xbf7e0c00) == 0x0e300800) {
        return AcrossLanes(instruction, state);
    }
    if ((instruction & 0xff7e0c00) == 0x5e300800) {
        return ScalarPairwise(instruction, state);
    }
    if ((instruction & 0x9ff00400) == 0x0f100400) {
        return FixedPoint(instruction, state, false);
    }
    if ((instruction & 0xdff00400) == 0x5f100400) {
        return FixedPoint(instruction, state, true);
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace cpu::extension
