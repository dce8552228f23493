#pragma once

// IEEE half precision as AArch64 computes it: unpacking under FPCR.FZ16, rounding an exact
// (or exact-plus-sticky) value to half under FPCR.RMode/FZ16, and the FPSR flags this raises.
// Everything is integer arithmetic, so results never depend on the host's floating-point
// environment and every operation is rounded exactly once.

#include <bit>

#include "base/types.h"

namespace cpu::fp16 {

// FPCR fields.
inline constexpr u32 kFpcrAhp = 1u << 26;
inline constexpr u32 kFpcrDn = 1u << 25;
inline constexpr u32 kFpcrFz = 1u << 24;
inline constexpr u32 kFpcrFz16 = 1u << 19;
inline constexpr unsigned kFpcrRModeShift = 22;

// FPSR cumulative exception flags.
inline constexpr u32 kFpsrIoc = 1u << 0;  // invalid operation
inline constexpr u32 kFpsrDzc = 1u << 1;  // divide by zero
inline constexpr u32 kFpsrOfc = 1u << 2;  // overflow
inline constexpr u32 kFpsrUfc = 1u << 3;  // underflow
inline constexpr u32 kFpsrIxc = 1u << 4;  // inexact
inline constexpr u32 kFpsrIdc = 1u << 7;  // input denormal (never raised for half: FZ16 is silent)

enum class Rounding : u8 { TieEven, PlusInf, MinusInf, Zero, TieAway };

// The FPCR an instruction runs under and the FPSR flags it accumulates.
struct FpEnv {
    u32 fpcr = 0;
    u32 flags = 0;

    constexpr Rounding FpcrRounding() const {
        return static_cast<Rounding>((fpcr >> kFpcrRModeShift) & 3);
    }
    constexpr bool Fz16() const { return (fpcr & kFpcrFz16) != 0; }
    constexpr bool DefaultNan() const { return (fpcr & kFpcrDn) != 0; }
    constexpr void Raise(u32 flag) { flags |= flag; }
};

inline constexpr u16 kDefaultNan = 0x7e00;
inline constexpr u16 kPositiveInfinity = 0x7c00;
inline constexpr u16 kMaxNormal = 0x7bff;
inline constexpr u16 kSignBit = 0x8000;

enum class Kind : u8 { Zero, Finite, Infinity, QuietNan, SignalingNan };

// A half unpacked as in the Arm pseudocode's FPUnpack: finite values are exactly
// mantissa * 2^exponent (mantissa < 2^11). FZ16 turns denormal inputs into zero, silently.
struct Unpacked {
    Kind kind;
    bool sign;
    u32 mantissa;
    int exponent;

    bool IsNan() const { return kind == Kind::QuietNan || kind == Kind::SignalingNan; }
};

constexpr Unpacked Unpack(u16 bits, const FpEnv& env) {
    const bool sign = (bits & kSignBit) != 0;
    const u32 biased = (bits >> 10) & 0x1f;
    const u32 fraction = bits & 0x3ff;
    if (biased == 0x1f) {
        if (fraction == 0) {
            return {Kind::Infinity, sign, 0, 0};
        }
        return {(fraction & 0x200) ? Kind::QuietNan : Kind::SignalingNan, sign, 0, 0};
    }
    if (biased == 0) {
        if (fraction == 0 || env.Fz16()) {
            return {Kind::Zero, sign, 0, 0};
        }
        return {Kind::Finite, sign, fraction, -24};
    }
    return {Kind::Finite, sign, fraction | 0x400, static_cast<int>(biased) - 25};
}

constexpr u16 Zero(bool sign) {
    return sign ? kSignBit : 0;
}
constexpr u16 Infinity(bool sign) {
    return kPositiveInfinity | Zero(sign);
}

// Whether a value truncated to an integer part should be rounded up (away from zero), given
// the first discarded bit (half), whether any lower bit was set (rest) and the sign.
constexpr bool RoundsUp(Rounding rounding, bool sign, bool odd, bool half, bool rest) {
    switch (rounding) {
        case Rounding::TieEven:
            return half && (rest || odd);
        case Rounding::TieAway:
            return half;
        case Rounding::PlusInf:
            return !sign && (half || rest);
        case Rounding::MinusInf:
            return sign && (half || rest);
        case Rounding::Zero:
            return false;
    }
    return false;
}

// Splits mantissa * 2^-shift into its integer part and the rounding bits below it.
struct Split {
    u64 integer;
    bool half;
    bool rest;
};

constexpr Split ShiftRightForRounding(u64 mantissa, int shift, bool sticky) {
    if (shift <= 0) {
        // Exact (left shifts stay below 64 bits for every caller); sticky bits stay below half.
        return {mantissa << -shift, false, sticky};
    }
    if (shift > 64) {
        return {0, false, mantissa != 0 || sticky};
    }
    if (shift == 64) {
        return {0, (mantissa >> 63) != 0, (mantissa << 1) != 0 || sticky};
    }
    const u64 dropped = mantissa & ((u64{1} << shift) - 1);
    const u64 half_bit = u64{1} << (shift - 1);
    return {mantissa >> shift, (dropped & half_bit) != 0,
            (dropped & (half_bit - 1)) != 0 || sticky};
}

// Rounds (-1)^sign * (mantissa + sticky*epsilon) * 2^exponent to half precision as FPRound
// does: tininess before rounding, UFC only when tiny and inexact, FZ16 flushes tiny results to
// zero with UFC, overflow gives infinity or the largest normal by rounding mode. mantissa or
// sticky must be nonzero.
constexpr u16 RoundToHalf(bool sign, int exponent, u64 mantissa, bool sticky, FpEnv& env,
                          Rounding rounding) {
    if (mantissa == 0) {
        // Only a sticky remainder: far below the smallest denormal.
        mantissa = 1;
        exponent -= 64;
        sticky = false;
    }
    const int top_bit = 63 - std::countl_zero(mantissa);
    const int unbiased = exponent + top_bit;  // value is in [2^unbiased, 2^(unbiased+1))
    const bool tiny = unbiased < -14;
    if (tiny && env.Fz16()) {
        env.Raise(kFpsrUfc);
        return Zero(sign);
    }
    // The result's last kept bit weighs 2^(unbiased-10) when normal, 2^-24 when denormal.
    const int lsb_exponent = tiny ? -24 : unbiased - 10;
    const Split split = ShiftRightForRounding(mantissa, lsb_exponent - exponent, sticky);
    const bool inexact = split.half || split.rest;
    if (tiny && inexact) {
        env.Raise(kFpsrUfc);
    }
    u64 integer = split.integer;
    if (RoundsUp(rounding, sign, (integer & 1) != 0, split.half, split.rest)) {
        ++integer;
    }
    // Adding the implicit-bit-included mantissa to (biased exponent - 1) << 10 carries a
    // rounding overflow of the mantissa into the exponent field, denormal to normal included.
    const u64 bits = (tiny ? 0 : u64(unbiased + 14) << 10) + integer;
    if (bits >= kPositiveInfinity) {
        env.Raise(kFpsrOfc | kFpsrIxc);
        bool to_infinity = false;
        switch (rounding) {
            case Rounding::TieEven:
            case Rounding::TieAway:
                to_infinity = true;
                break;
            case Rounding::PlusInf:
                to_infinity = !sign;
                break;
            case Rounding::MinusInf:
                to_infinity = sign;
                break;
            case Rounding::Zero:
                break;
        }
        return to_infinity ? Infinity(sign) : static_cast<u16>(kMaxNormal | Zero(sign));
    }
    if (inexact) {
        env.Raise(kFpsrIxc);
    }
    return static_cast<u16>(bits | Zero(sign));
}

constexpr u16 RoundToHalf(bool sign, int exponent, u64 mantissa, bool sticky, FpEnv& env) {
    return RoundToHalf(sign, exponent, mantissa, sticky, env, env.FpcrRounding());
}

// Exact widening; NaN payloads are kept (signaling stays signaling), denormals are kept.
constexpr float HalfToFloat(u16 bits) {
    const u32 sign = u32(bits & kSignBit) << 16;
    const u32 biased = (bits >> 10) & 0x1f;
    u32 fraction = bits & 0x3ff;
    if (biased == 0x1f) {
        return std::bit_cast<float>(sign | 0x7f800000u | (fraction << 13));
    }
    if (biased == 0) {
        if (fraction == 0) {
            return std::bit_cast<float>(sign);
        }
        // Normalise the denormal: value = fraction * 2^-24.
        const int shift = std::countl_zero(fraction) - 21;  // moves the top bit to bit 10
        fraction = (fraction << shift) & 0x3ff;
        return std::bit_cast<float>(sign | u32(127 - 14 - shift) << 23 | (fraction << 13));
    }
    return std::bit_cast<float>(sign | (biased + 112) << 23 | (fraction << 13));
}

// Narrowing with one rounding under env's FPCR (as FCVT Hd, Sn does with AHP = 0); NaNs are
// quieted (IOC for signaling) and keep their top payload bits unless FPCR.DN is set.
constexpr u16 FloatToHalf(float value, FpEnv& env) {
    const u32 bits = std::bit_cast<u32>(value);
    const bool sign = (bits >> 31) != 0;
    const u32 biased = (bits >> 23) & 0xff;
    const u32 fraction = bits & 0x7fffff;
    if (biased == 0xff) {
        if (fraction == 0) {
            return Infinity(sign);
        }
        if ((fraction & 0x400000) == 0) {
            env.Raise(kFpsrIoc);
        }
        if (env.DefaultNan()) {
            return kDefaultNan;
        }
        return static_cast<u16>(Zero(sign) | 0x7e00 | (fraction >> 13));
    }
    if (biased == 0) {
        // Single-precision denormals are far below half's range; FPCR.FZ flushes them first.
        if (fraction == 0 || (env.fpcr & kFpcrFz) != 0) {
            if (fraction != 0) {
                env.Raise(kFpsrIdc);
            }
            return Zero(sign);
        }
        return RoundToHalf(sign, -149, fraction, false, env);
    }
    return RoundToHalf(sign, static_cast<int>(biased) - 150, fraction | 0x800000, false, env);
}

}  // namespace cpu::fp16
