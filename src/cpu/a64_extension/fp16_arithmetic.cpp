#include "cpu/a64_extension/fp16_arithmetic.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace cpu::fp16 {
namespace {

// FPProcessNaN: signaling NaNs are quieted with IOC; FPCR.DN replaces every NaN result.
u16 ProcessNan(const Unpacked& unpacked, u16 bits, FpEnv& env) {
    if (unpacked.kind == Kind::SignalingNan) {
        env.Raise(kFpsrIoc);
        bits |= 0x0200;
    }
    return env.DefaultNan() ? kDefaultNan : bits;
}

// FPProcessNaNs: the first signaling NaN wins, then the first quiet NaN.
std::optional<u16> ProcessNans(const Unpacked& ua, u16 a, const Unpacked& ub, u16 b, FpEnv& env) {
    if (ua.kind == Kind::SignalingNan) {
        return ProcessNan(ua, a, env);
    }
    if (ub.kind == Kind::SignalingNan) {
        return ProcessNan(ub, b, env);
    }
    if (ua.kind == Kind::QuietNan) {
        return ProcessNan(ua, a, env);
    }
    if (ub.kind == Kind::QuietNan) {
        return ProcessNan(ub, b, env);
    }
    return std::nullopt;
}

u16 InvalidOperation(FpEnv& env) {
    env.Raise(kFpsrIoc);
    return kDefaultNan;
}

// Orders non-NaN unpacked values (+0 and -0 compare equal; flushed denormals are zero).
int OrderKey(const Unpacked& unpacked, u16 bits) {
    const int magnitude = unpacked.kind == Kind::Zero ? 0 : (bits & 0x7fff);
    return unpacked.sign ? -magnitude : magnitude;
}

u16 AddSigned(u16 a, u16 b, bool negate_b, FpEnv& env) {
    Unpacked ua = Unpack(a, env);
    Unpacked ub = Unpack(b, env);
    if (auto nan = ProcessNans(ua, a, ub, b, env)) {
        return *nan;
    }
    ub.sign ^= negate_b;
    const bool inf_a = ua.kind == Kind::Infinity;
    const bool inf_b = ub.kind == Kind::Infinity;
    if (inf_a && inf_b && ua.sign != ub.sign) {
        return InvalidOperation(env);
    }
    if (inf_a || inf_b) {
        return Infinity(inf_a ? ua.sign : ub.sign);
    }
    if (ua.kind == Kind::Zero && ub.kind == Kind::Zero && ua.sign == ub.sign) {
        return Zero(ua.sign);
    }
    // Exact sum: exponents lie in [-24, 5], so the aligned operands fit in 40 bits.
    const int exponent = std::min(ua.exponent, ub.exponent);
    const s64 va = s64(ua.mantissa) << (ua.exponent - exponent);
    const s64 vb = s64(ub.mantissa) << (ub.exponent - exponent);
    const s64 sum = (ua.sign ? -va : va) + (ub.sign ? -vb : vb);
    if (sum == 0) {
        return Zero(env.FpcrRounding() == Rounding::MinusInf);
    }
    return RoundToHalf(sum < 0, exponent, static_cast<u64>(sum < 0 ? -sum : sum), false, env);
}

u16 Multiply(u16 a, u16 b, bool extended, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (auto nan = ProcessNans(ua, a, ub, b, env)) {
        return *nan;
    }
    const bool sign = ua.sign != ub.sign;
    const bool inf = ua.kind == Kind::Infinity || ub.kind == Kind::Infinity;
    const bool zero = ua.kind == Kind::Zero || ub.kind == Kind::Zero;
    if (inf && zero) {
        return extended ? static_cast<u16>(0x4000 | Zero(sign)) : InvalidOperation(env);
    }
    if (inf) {
        return Infinity(sign);
    }
    if (zero) {
        return Zero(sign);
    }
    return RoundToHalf(sign, ua.exponent + ub.exponent, u64(ua.mantissa) * ub.mantissa, false, env);
}

u16 MaxOrMin(u16 a, u16 b, bool max, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (auto nan = ProcessNans(ua, a, ub, b, env)) {
        return *nan;
    }
    const int ka = OrderKey(ua, a);
    const int kb = OrderKey(ub, b);
    const bool pick_a = max ? ka > kb : ka < kb;
    const Unpacked& chosen = pick_a ? ua : ub;
    if (chosen.kind == Kind::Zero) {
        return Zero(max ? (ua.sign && ub.sign) : (ua.sign || ub.sign));
    }
    // Finite non-zero halves are exact; FPRound of them changes nothing.
    return pick_a ? a : b;
}

u16 MaxOrMinNum(u16 a, u16 b, bool max, FpEnv& env) {
    const Kind ka = Unpack(a, env).kind;
    const Kind kb = Unpack(b, env).kind;
    const u16 replacement = Infinity(max);  // -inf for max, +inf for min
    if (ka == Kind::QuietNan && kb != Kind::QuietNan) {
        a = replacement;
    } else if (ka != Kind::QuietNan && kb == Kind::QuietNan) {
        b = replacement;
    }
    return MaxOrMin(a, b, max, env);
}

u64 IntegerSqrt(u64 value) {
    u64 root = static_cast<u64>(std::sqrt(static_cast<double>(value)));
    while (root * root > value) {
        --root;
    }
    while ((root + 1) * (root + 1) <= value) {
        ++root;
    }
    return root;
}

}  // namespace

u16 Add(u16 a, u16 b, FpEnv& env) {
    return AddSigned(a, b, false, env);
}
u16 Sub(u16 a, u16 b, FpEnv& env) {
    return AddSigned(a, b, true, env);
}
u16 Mul(u16 a, u16 b, FpEnv& env) {
    return Multiply(a, b, false, env);
}
u16 MulX(u16 a, u16 b, FpEnv& env) {
    return Multiply(a, b, true, env);
}
u16 Max(u16 a, u16 b, FpEnv& env) {
    return MaxOrMin(a, b, true, env);
}
u16 Min(u16 a, u16 b, FpEnv& env) {
    return MaxOrMin(a, b, false, env);
}
u16 MaxNum(u16 a, u16 b, FpEnv& env) {
    return MaxOrMinNum(a, b, true, env);
}
u16 MinNum(u16 a, u16 b, FpEnv& env) {
    return MaxOrMinNum(a, b, false, env);
}
u16 AbsDiff(u16 a, u16 b, FpEnv& env) {
    return Abs(Sub(a, b, env));
}

u16 Div(u16 a, u16 b, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (auto nan = ProcessNans(ua, a, ub, b, env)) {
        return *nan;
    }
    const bool sign = ua.sign != ub.sign;
    const bool inf_a = ua.kind == Kind::Infinity;
    const bool inf_b = ub.kind == Kind::Infinity;
    const bool zero_a = ua.kind == Kind::Zero;
    const bool zero_b = ub.kind == Kind::Zero;
    if ((inf_a && inf_b) || (zero_a && zero_b)) {
        return InvalidOperation(env);
    }
    if (inf_a || zero_b) {
        if (!inf_a) {
            env.Raise(kFpsrDzc);
        }
        return Infinity(sign);
    }
    if (zero_a || inf_b) {
        return Zero(sign);
    }
    // 42 extra quotient bits leave at least 31 significant ones; the remainder is the sticky bit.
    const u64 dividend = u64(ua.mantissa) << 42;
    const u64 quotient = dividend / ub.mantissa;
    const bool sticky = dividend % ub.mantissa != 0;
    return RoundToHalf(sign, ua.exponent - ub.exponent - 42, quotient, sticky, env);
}

u16 Sqrt(u16 a, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    if (ua.IsNan()) {
        return ProcessNan(ua, a, env);
    }
    if (ua.kind == Kind::Zero) {
        return Zero(ua.sign);
    }
    if (ua.sign) {
        return InvalidOperation(env);
    }
    if (ua.kind == Kind::Infinity) {
        return kPositiveInfinity;
    }
    // Make the exponent even, then widen by 2^40 so the root has at least 20 bits.
    u64 mantissa = ua.mantissa;
    int exponent = ua.exponent;
    if (exponent & 1) {
        mantissa <<= 1;
        exponent -= 1;
    }
    mantissa <<= 40;
    exponent -= 40;
    const u64 root = IntegerSqrt(mantissa);
    return RoundToHalf(false, exponent / 2, root, root * root != mantissa, env);
}

u32 CompareFlags(u16 a, u16 b, bool signal_quiet_nans, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (ua.IsNan() || ub.IsNan()) {
        if (signal_quiet_nans || ua.kind == Kind::SignalingNan || ub.kind == Kind::SignalingNan) {
            env.Raise(kFpsrIoc);
        }
        return 0x3u << 28;  // unordered: C and V
    }
    const int ka = OrderKey(ua, a);
    const int kb = OrderKey(ub, b);
    if (ka == kb) {
        return 0x6u << 28;  // Z and C
    }
    return ka < kb ? 0x8u << 28 : 0x2u << 28;  // N, or C
}

bool CompareEqual(u16 a, u16 b, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (ua.IsNan() || ub.IsNan()) {
        if (ua.kind == Kind::SignalingNan || ub.kind == Kind::SignalingNan) {
            env.Raise(kFpsrIoc);
        }
        return false;
    }
    return OrderKey(ua, a) == OrderKey(ub, b);
}

bool CompareGreaterEqual(u16 a, u16 b, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (ua.IsNan() || ub.IsNan()) {
        env.Raise(kFpsrIoc);
        return false;
    }
    return OrderKey(ua, a) >= OrderKey(ub, b);
}

bool CompareGreater(u16 a, u16 b, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const Unpacked ub = Unpack(b, env);
    if (ua.IsNan() || ub.IsNan()) {
        env.Raise(kFpsrIoc);
        return false;
    }
    return OrderKey(ua, a) > OrderKey(ub, b);
}

u64 ToFixed(u16 a, int fraction_bits, bool is_unsigned, int width, Rounding rounding, FpEnv& env) {
    const Unpacked ua = Unpack(a, env);
    const u64 width_mask = width >= 64 ? ~u64{0} : (u64{1} << width) - 1;
    const u64 max_magnitude_positive = is_unsigned ? width_mask : width_mask >> 1;
    const u64 max_magnitude_negative = is_unsigned ? 0 : (width_mask >> 1) + 1;
    auto saturate = [&](bool negative) {
        env.Raise(kFpsrIoc);
        if (negative) {
            return is_unsigned ? 0 : (0 - max_magnitude_negative) & width_mask;
        }
        return max_magnitude_positive;
    };
    if (ua.IsNan()) {
        env.Raise(kFpsrIoc);
        return 0;
    }
    if (ua.kind == Kind::Zero) {
        return 0;
    }
    const int scale = ua.exponent + fraction_bits;
    if (ua.kind == Kind::Infinity || (scale > 0 && scale + 11 > 63)) {
        return saturate(ua.sign);
    }
    const Split split = ShiftRightForRounding(ua.mantissa, -scale, false);
    u64 magnitude = split.integer;
    if (RoundsUp(rounding, ua.sign, (magnitude & 1) != 0, split.half, split.rest)) {
        ++magnitude;
    }
    if (magnitude > (ua.sign ? max_magnitude_negative : max_magnitude_positive)) {
        return saturate(ua.sign);
    }
    if (split.half || split.rest) {
        env.Raise(kFpsrIxc);
    }
    return (ua.sign ? 0 - magnitude : magnitude) & width_mask;
}

u16 FromFixed(u64 value, int fraction_bits, bool is_unsigned, int width, FpEnv& env) {
    if (width < 64) {
        value &= (u64{1} << width) - 1;
    }
    bool sign = false;
    if (!is_unsigned && width > 0 && ((value >> (width - 1)) & 1) != 0) {
        sign = true;
        value = (width < 64 ? (u64{1} << width) : 0) - value;  // magnitude, modulo 2^width
    }
    if (value == 0) {
        return 0;
    }
    return RoundToHalf(sign, -fraction_bits, value, false, env);
}

}  // namespace cpu::fp16
