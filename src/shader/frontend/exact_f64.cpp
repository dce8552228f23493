// Exact f64 fma in 64-bit integer operations (see exact_float.h): the 106-bit product of the
// significands in 128 bits, the addend aligned to it with the bits shifted out kept as a sticky
// bit (which makes the sum the exact one rounded to odd at bit 0, far below the rounding
// position), one normalization and one rounding. Facts: IEEE 754-2008 (fusedMultiplyAdd rounds
// once; signs of exact zero sums, 6.3; overflow results by rounding direction, 7.4).
#include "shader/frontend/exact_float.h"
#include "shader/frontend/int_ops.h"

namespace shader::frontend {

using ir::Type;
using ir::Value;
using spv::Op;

namespace {

constexpr u64 kSign = u64{1} << 63;
constexpr u64 kInfinity = 0x7ff0000000000000ull;

struct U128 {
    Value hi;  // U64
    Value lo;
};

U128 Select128(IntOps& o, Value condition, U128 a, U128 b) {
    return {o.Select(condition, a.hi, b.hi), o.Select(condition, a.lo, b.lo)};
}

U128 Add128(IntOps& o, U128 a, U128 b) {
    const Value lo = o.Add(a.lo, b.lo);
    const Value carry = o.Bit(o.ULt(lo, a.lo), lo);
    return {o.Add(o.Add(a.hi, b.hi), carry), lo};
}

U128 Sub128(IntOps& o, U128 a, U128 b) {
    const Value borrow = o.Bit(o.ULt(a.lo, b.lo), a.lo);
    return {o.Sub(o.Sub(a.hi, b.hi), borrow), o.Sub(a.lo, b.lo)};
}

// Index of the highest set bit (U32), 0xffffffff for zero.
Value Msb64(IntOps& o, Value x) {
    const Value hi = o.Hi(x);
    return o.Select(o.Ne(hi, Value::U32(0)), o.Add(o.Msb32(hi), Value::U32(32)), o.Msb32(o.Lo(x)));
}

Value Msb128(IntOps& o, U128 x) {
    return o.Select(o.Ne(x.hi, Value::U64(0)), o.Add(Msb64(o, x.hi), Value::U32(64)),
                    Msb64(o, x.lo));
}

// x << s for s in [0, 127].
U128 Shl128(IntOps& o, U128 x, Value s) {
    const Value low_s = o.And(s, Value::U32(63));
    // x.lo >> (64 - low_s), written so that no shift reaches 64.
    const Value carried = o.Shr(o.Shr(x.lo, 1), o.Sub(Value::U32(63), low_s));
    const Value far = o.UGe(s, Value::U32(64));
    const Value moved_lo = o.Shl(x.lo, low_s);
    return {o.Select(far, moved_lo, o.Or(o.Shl(x.hi, low_s), carried)),
            o.Select(far, Value::U64(0), moved_lo)};
}

// x >> s for any s, with every bit shifted out ORed into bit 0.
U128 ShrJam128(IntOps& o, U128 x, Value s) {
    const Value low_s = o.And(s, Value::U32(63));
    const Value low_mask = o.Sub(o.Shl(Value::U64(1), low_s), Value::U64(1));
    const Value far = o.UGe(s, Value::U32(64));
    // s < 64
    const Value near_lo =
        o.Or(o.Shr(x.lo, low_s), o.Shl(o.Shl(x.hi, 1), o.Sub(Value::U32(63), low_s)));
    const Value near_lost = o.And(x.lo, low_mask);
    // 64 <= s < 128
    const Value far_lost = o.Or(x.lo, o.And(x.hi, low_mask));
    Value lo = o.Select(far, o.Shr(x.hi, low_s), near_lo);
    Value hi = o.Select(far, Value::U64(0), o.Shr(x.hi, low_s));
    Value lost = o.Select(far, far_lost, near_lost);
    const Value out = o.UGe(s, Value::U32(128));
    lo = o.Select(out, Value::U64(0), lo);
    hi = o.Select(out, Value::U64(0), hi);
    lost = o.Select(out, o.Or(x.hi, x.lo), lost);
    return {hi, o.Or(lo, o.Bit(o.Ne(lost, Value::U64(0)), lo))};
}

// The 128-bit product of two significands of at most 53 bits.
U128 Mul53(IntOps& o, Value a, Value b) {
    const Value al = o.Widen(o.Lo(a));
    const Value ah = o.Widen(o.Hi(a));
    const Value bl = o.Widen(o.Lo(b));
    const Value bh = o.Widen(o.Hi(b));
    const Value low = o.Mul(al, bl);
    const Value middle = o.Add(o.Mul(al, bh), o.Mul(ah, bl));  // below 2^54
    const Value lo = o.Add(low, o.Shl(middle, 32));
    const Value carry = o.Bit(o.ULt(lo, low), lo);
    return {o.Add(o.Add(o.Mul(ah, bh), o.Shr(middle, 32)), carry), lo};
}

struct Unpacked {
    Value negative;     // Bool
    Value exponent;     // U32: the biased exponent, 1 for subnormals (value = sig * 2^(e-1075))
    Value significand;  // U64
    Value zero, infinite, nan;
};

Unpacked Unpack(IntOps& o, Value bits) {
    const Value field = o.And(o.Shr(o.Hi(bits), 20), Value::U32(0x7ff));
    const Value mantissa = o.And(bits, Value::U64(0xfffffffffffffull));
    const Value special = o.Eq(field, Value::U32(0x7ff));
    const Value mantissa_zero = o.Eq(mantissa, Value::U64(0));
    Unpacked u;
    u.negative = o.ULt(Value::U64(kSign - 1), bits);
    u.exponent = o.UMax(field, Value::U32(1));
    u.significand =
        o.Select(o.Eq(field, Value::U32(0)), mantissa, o.Or(mantissa, Value::U64(u64{1} << 52)));
    u.zero = o.Eq(o.Shl(bits, 1), Value::U64(0));
    u.infinite = o.LAnd(special, mantissa_zero);
    u.nan = o.LAnd(special, o.LNot(mantissa_zero));
    return u;
}

// a * b + c rounded once, to nearest, up or toward zero.
Value Fma(Translator& t, Value a_bits, Value b_bits, Value c_bits, Rounding mode) {
    IntOps o(t);
    const Unpacked a = Unpack(o, a_bits);
    const Unpacked b = Unpack(o, b_bits);
    const Unpacked c = Unpack(o, c_bits);
    const Value product_negative = o.LNe(a.negative, b.negative);
    const Value product_zero = o.LOr(a.zero, b.zero);

    // Both terms normalized with their leading bit at bit 125; value = bits * 2^exponent
    // (exponents as signed U32).
    const U128 product = Mul53(o, a.significand, b.significand);
    const Value product_shift = o.Sub(Value::U32(125), Msb128(o, product));
    const U128 p = Shl128(o, product, o.And(product_shift, Value::U32(127)));
    const Value p_exponent =
        o.Sub(o.Add(a.exponent, b.exponent), o.Add(product_shift, Value::U32(2150)));
    const Value c_msb = Msb64(o, c.significand);
    const U128 q{o.Shl(c.significand, o.And(o.Sub(Value::U32(61), c_msb), Value::U32(63))),
                 Value::U64(0)};
    const Value q_exponent = o.Sub(o.Add(c.exponent, c_msb), Value::U32(1200));

    // The larger magnitude first; a zero term is the smaller one (and is all zero bits).
    const Value p_bigger =
        o.LAnd(o.LNot(product_zero),
               o.LOr(c.zero, o.LOr(o.SGt(p_exponent, q_exponent),
                                   o.LAnd(o.Eq(p_exponent, q_exponent), o.UGe(p.hi, q.hi)))));
    const U128 big = Select128(o, p_bigger, p, q);
    const U128 small = Select128(o, p_bigger, q, p);
    const Value big_exponent = o.Select(p_bigger, p_exponent, q_exponent);
    const Value distance = o.Sub(big_exponent, o.Select(p_bigger, q_exponent, p_exponent));
    const Value negative = o.Select(p_bigger, product_negative, c.negative);
    const U128 aligned = ShrJam128(o, small, distance);
    const Value subtract = o.LNe(product_negative, c.negative);
    const U128 sum = Select128(o, subtract, Sub128(o, big, aligned), Add128(o, big, aligned));
    const Value sum_zero = o.Eq(o.Or(sum.hi, sum.lo), Value::U64(0));

    // Leading bit to bit 126: the result's biased exponent is then exponent + 1149.
    const Value sum_shift = o.Sub(Value::U32(126), Msb128(o, sum));
    U128 r = Shl128(o, sum, o.And(sum_shift, Value::U32(127)));
    const Value biased = o.Add(o.Sub(big_exponent, sum_shift), Value::U32(1149));
    // Below half the smallest subnormal (more than 127 bits to drop): a sticky bit alone.
    const Value tiny = o.SLt(biased, Value::U32(static_cast<u32>(-52)));
    r = Select128(o, tiny, U128{Value::U64(0), Value::U64(1)}, r);
    // Bits below 74 are dropped for normal results (53 kept), more for subnormal ones.
    const Value below = o.Sub(Value::U32(1), o.SMin(biased, Value::U32(1)));
    const Value drop_hi = o.UMin(o.Add(below, Value::U32(10)), Value::U32(63));
    const Value kept = o.Shr(r.hi, drop_hi);
    const Value half = o.Shl(Value::U64(1), o.Sub(drop_hi, Value::U32(1)));
    const Value rest_hi = o.And(r.hi, o.Sub(o.Shl(half, 1), Value::U64(1)));
    const Value rest_lo_zero = o.Eq(r.lo, Value::U64(0));
    Value away = Value::Bool(false);
    if (mode == Rounding::Nearest) {
        const Value above =
            o.LOr(o.UGt(rest_hi, half), o.LAnd(o.Eq(rest_hi, half), o.LNot(rest_lo_zero)));
        const Value tie = o.LAnd(o.Eq(rest_hi, half), rest_lo_zero);
        const Value odd = o.Ne(o.And(kept, Value::U64(1)), Value::U64(0));
        away = o.LOr(above, o.LAnd(tie, odd));
    } else if (mode == Rounding::Up) {
        const Value inexact = o.LOr(o.Ne(rest_hi, Value::U64(0)), o.LNot(rest_lo_zero));
        away = o.LAnd(o.LNot(negative), inexact);
    }
    // kept carries the implicit bit of normal results, so the exponent field adds one less.
    const Value field =
        o.Widen(o.Sub(o.SMax(o.SMin(biased, Value::U32(2047)), Value::U32(1)), Value::U32(1)));
    Value magnitude = o.Add(o.Add(o.Shl(field, 52), kept), o.Bit(away, kept));
    const Value overflow =
        o.LOr(o.SGe(biased, Value::U32(2047)), o.UGe(magnitude, Value::U64(kInfinity)));
    Value overflow_value = Value::U64(kInfinity);
    if (mode == Rounding::Zero) {
        overflow_value = Value::U64(kInfinity - 1);
    } else if (mode == Rounding::Up) {
        overflow_value = o.Select(negative, Value::U64(kInfinity - 1), Value::U64(kInfinity));
    }
    magnitude = o.Select(overflow, overflow_value, magnitude);
    Value result = o.Or(magnitude, o.Select(negative, Value::U64(kSign), Value::U64(0)));

    // Exact zeros: +0 when the terms cancel or are zeros of different signs (-0 only when
    // rounding down, done by the caller through negation), -0 when both are -0.
    result = o.Select(sum_zero, Value::U64(0), result);
    const Value both_negative_zero = o.LAnd(product_negative, c.negative);
    result = o.Select(o.LAnd(product_zero, c.zero),
                      o.Select(both_negative_zero, Value::U64(kSign), Value::U64(0)), result);
    // Infinities and NaNs.
    const Value product_infinite = o.LOr(a.infinite, b.infinite);
    const Value nan = o.LOr(o.LOr(o.LOr(a.nan, b.nan), c.nan),
                            o.LOr(o.LAnd(product_infinite, product_zero),
                                  o.LAnd(o.LAnd(product_infinite, c.infinite), subtract)));
    const Value product_infinity =
        o.Select(product_negative, Value::U64(kSign | kInfinity), Value::U64(kInfinity));
    result = o.Select(c.infinite, c_bits, result);
    result = o.Select(product_infinite, product_infinity, result);
    return o.Select(nan, Value::U64(kCanonicalNaN64), result);
}

Value Negate(Translator& t, Value bits) {
    return t.Spv(Op::OpBitwiseXor, Type::U64, {bits, Value::U64(kSign)});
}

}  // namespace

Value FmaF64Bits(Translator& t, Value a, Value b, Value c, Rounding mode) {
    if (mode != Rounding::Down) {
        return Fma(t, a, b, c, mode);
    }
    // Rounding down is rounding up of the negated operation, negated (zero sums included).
    return Negate(t, Fma(t, Negate(t, a), b, Negate(t, c), Rounding::Up));
}

Value AddF64Bits(Translator& t, Value a, Value b, Rounding mode) {
    return FmaF64Bits(t, a, Value::U64(0x3ff0000000000000ull), b, mode);
}

Value MulF64Bits(Translator& t, Value a, Value b, Rounding mode) {
    // A zero addend of the sign that leaves a zero product's sign alone in this mode (after
    // FmaF64Bits' negation when rounding down).
    return FmaF64Bits(t, a, b, Value::U64(mode == Rounding::Down ? 0 : kSign), mode);
}

}  // namespace shader::frontend
