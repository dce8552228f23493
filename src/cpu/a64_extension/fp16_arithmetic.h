#pragma once

// Half-precision operations as the Arm ARM's pseudocode defines them (FPAdd, FPMul, FPMax,
// FPCompare, FPToFixed …): NaN propagation, FPCR.DN/FZ16/RMode and FPSR flags included.

#include "base/types.h"
#include "cpu/a64_extension/half_float.h"

namespace cpu::fp16 {

u16 Add(u16 a, u16 b, FpEnv& env);
u16 Sub(u16 a, u16 b, FpEnv& env);
u16 Mul(u16 a, u16 b, FpEnv& env);
u16 MulX(u16 a, u16 b, FpEnv& env);  // as Mul, but infinity * zero is +-2.0
u16 Div(u16 a, u16 b, FpEnv& env);
u16 Sqrt(u16 a, FpEnv& env);
u16 Max(u16 a, u16 b, FpEnv& env);
u16 Min(u16 a, u16 b, FpEnv& env);
u16 MaxNum(u16 a, u16 b, FpEnv& env);  // IEEE maxNum: a quiet NaN loses to a number
u16 MinNum(u16 a, u16 b, FpEnv& env);
u16 AbsDiff(u16 a, u16 b, FpEnv& env);  // FABD: |a - b|, sign of a NaN result cleared too

inline constexpr u16 Neg(u16 a) {
    return a ^ kSignBit;
}
inline constexpr u16 Abs(u16 a) {
    return a & ~kSignBit;
}

// FCMP/FCMPE: NZCV in bits 31..28. signal_quiet_nans is FCMPE's IOC on any NaN.
u32 CompareFlags(u16 a, u16 b, bool signal_quiet_nans, FpEnv& env);
bool CompareEqual(u16 a, u16 b, FpEnv& env);         // quiet: IOC only for signaling NaNs
bool CompareGreaterEqual(u16 a, u16 b, FpEnv& env);  // signaling: IOC for any NaN
bool CompareGreater(u16 a, u16 b, FpEnv& env);

// FPToFixed: a * 2^fraction_bits rounded to an integer of `width` bits, saturated (IOC, no
// IXC) when out of range or NaN (0 then). Returns the integer's bits, zero-extended.
u64 ToFixed(u16 a, int fraction_bits, bool is_unsigned, int width, Rounding rounding, FpEnv& env);

// FixedToFP: the low `width` bits of value (signed or not) / 2^fraction_bits, rounded per FPCR.
u16 FromFixed(u64 value, int fraction_bits, bool is_unsigned, int width, FpEnv& env);

}  // namespace cpu::fp16
