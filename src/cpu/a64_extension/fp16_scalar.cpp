// Scalar half-precision instructions of the "floating-point data processing" encoding groups
// (type = 11) that dynarmic 6.4.5 rejects as unallocated: FADD, FSUB, FMUL, FDIV, FMAX, FMIN,
// FMAXNM, FMINNM, FNMUL, FSQRT, FCMP, FCMPE, FCCMP, FCCMPE, FCSEL and SCVTF/UCVTF from general
// registers (integer and fixed-point). FABS, FNEG, FMOV, FMADD…, FRINT*, FCVT* run in dynarmic.

#include "cpu/a64_extension/extension_internal.h"
#include "cpu/a64_extension/fp16_arithmetic.h"
#include "cpu/a64_extension/fp16_registers.h"

namespace cpu::extension {
namespace {

using fp16::FpEnv;

bool ConditionHolds(unsigned cond, u32 nzcv) {
    const bool n = (nzcv >> 31) & 1;
    const bool z = (nzcv >> 30) & 1;
    const bool c = (nzcv >> 29) & 1;
    const bool v = (nzcv >> 28) & 1;
    bool result = false;
    switch (cond >> 1) {
        case 0:
            result = z;
            break;
        case 1:
            result = c;
            break;
        case 2:
            result = n;
            break;
        case 3:
            result = v;
            break;
        case 4:
            result = c && !z;
            break;
        case 5:
            result = n == v;
            break;
        case 6:
            result = n == v && !z;
            break;
        default:
            return true;  // AL and NV both mean always
    }
    return (cond & 1) ? !result : result;
}

u16 Scalar(const ExtensionState& state, unsigned index) {
    return GetLane(state.GetV(index), 0);
}

void FinishFpsr(ExtensionState& state, const FpEnv& env) {
    if (env.flags != 0) {
        state.SetFpsr(state.GetFpsr() | env.flags);
    }
}

ExtensionOutcome TwoSource(u32 instruction, ExtensionState& state) {
    const u16 a = Scalar(state, Field(instruction, 5, 5));
    const u16 b = Scalar(state, Field(instruction, 16, 5));
    FpEnv env{state.GetFpcr()};
    u16 result;
    switch (Field(instruction, 12, 4)) {
        case 0:
            result = fp16::Mul(a, b, env);
            break;
        case 1:
            result = fp16::Div(a, b, env);
            break;
        case 2:
            result = fp16::Add(a, b, env);
            break;
        case 3:
            result = fp16::Sub(a, b, env);
            break;
        case 4:
            result = fp16::Max(a, b, env);
            break;
        case 5:
            result = fp16::Min(a, b, env);
            break;
        case 6:
            result = fp16::MaxNum(a, b, env);
            break;
        case 7:
            result = fp16::MinNum(a, b, env);
            break;
        case 8:
            result = fp16::Neg(fp16::Mul(a, b, env));  // FNMUL negates NaN results too
            break;
        default:
            return ExtensionOutcome::NotHandled;
    }
    SetScalarHalf(state, Field(instruction, 0, 5), result);
    FinishFpsr(state, env);
    return ExtensionOutcome::Executed;
}

ExtensionOutcome Compare(u32 instruction, ExtensionState& state) {
    const bool with_zero = Field(instruction, 3, 1) != 0;
    const bool signal_all = Field(instruction, 4, 1) != 0;
    const u16 a = Scalar(state, Field(instruction, 5, 5));
    const u16 b = with_zero ? 0 : Scalar(state, Field(instruction, 16, 5));
    FpEnv env{state.GetFpcr()};
    state.SetNzcv(fp16::CompareFlags(a, b, signal_all, env));
    FinishFpsr(state, env);
    return ExtensionOutcome::Executed;
}

ExtensionOutcome ConditionalCompare(u32 instruction, ExtensionState& state) {
    if (!ConditionHolds(Field(instruction, 12, 4), state.GetNzcv())) {
        state.SetNzcv(Field(instruction, 0, 4) << 28);
        return ExtensionOutcome::Executed;
    }
    const u16 a = Scalar(state, Field(instruction, 5, 5));
    const u16 b = Scalar(state, Field(instruction, 16, 5));
    FpEnv env{state.GetFpcr()};
    state.SetNzcv(fp16::CompareFlags(a, b, Field(instruction, 4, 1) != 0, env));
    FinishFpsr(state, env);
    return ExtensionOutcome::Executed;
}

ExtensionOutcome ConditionalSelect(u32 instruction, ExtensionState& state) {
    const bool take_n = ConditionHolds(Field(instruction, 12, 4), state.GetNzcv());
    const u16 value = Scalar(state, Field(instruction, take_n ? 5 : 16, 5));
    SetScalarHalf(state, Field(instruction, 0, 5), value);
    return ExtensionOutcome::Executed;
}

// SCVTF/UCVTF Hd, Wn|Xn[, #fbits].
ExtensionOutcome FromGeneral(u32 instruction, ExtensionState& state, int fraction_bits) {
    const bool is_64 = Field(instruction, 31, 1) != 0;
    const bool is_unsigned = Field(instruction, 16, 1) != 0;
    const u64 value = ReadXzr(state, Field(instruction, 5, 5));
    FpEnv env{state.GetFpcr()};
    const u16 result = fp16::FromFixed(value, fraction_bits, is_unsigned, is_64 ? 64 : 32, env);
    SetScalarHalf(state, Field(instruction, 0, 5), result);
    FinishFpsr(state, env);
    return ExtensionOutcome::Executed;
}

}  // namespace

ExtensionOutcome ExecuteFp16Scalar(u32 instruction, ExtensionState& state) {
    if ((instruction & 0xffe00c00) == 0x1ee00800) {
        return TwoSource(instruction, state);
    }
    if ((instruction & 0xfffffc00) == 0x1ee1c000) {  // FSQRT Hd, Hn
        FpEnv env{state.GetFpcr()};
        SetScalarHalf(state, Field(instruction, 0, 5),
                      fp16::Sqrt(Scalar(state, Field(instruction, 5, 5)), env));
        FinishFpsr(state, env);
        return ExtensionOutcome::Executed;
    }
    if ((instruction & 0xffe0fc07) == 0x1ee02000) {
        return Compare(instruction, state);
    }
    if ((instruction & 0xffe00c00) == 0x1ee00400) {
        return ConditionalCompare(instruction, state);
    }
    if ((instruction & 0xffe00c00) == 0x1ee00c00) {
        return ConditionalSelect(instruction, state);
    }
    if ((instruction & 0x7ffefc00) == 0x1ee20000) {  // SCVTF, UCVTF (integer)
        return FromGeneral(instruction, state, 0);
    }
    if ((instruction & 0x7ffe0000) == 0x1ec20000) {  // SCVTF, UCVTF (fixed-point)
        const unsigned scale = Field(instruction, 10, 6);
        if (Field(instruction, 31, 1) == 0 && scale < 32) {
            return ExtensionOutcome::NotHandled;  // more fraction bits than a W register has
        }
        return FromGeneral(instruction, state, 64 - static_cast<int>(scale));
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace cpu::extension
