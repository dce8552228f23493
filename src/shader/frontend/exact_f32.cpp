// Exact f32 arithmetic through f64 (see exact_float.h). Facts used: IEEE 754 binary64 holds the
// product of two binary32 values exactly and every binary32 value as a normal number; Vulkan
// rounds OpFAdd and OpFMul correctly; Fast2Sum (Dekker 1971): for |x| >= |y| and s = RN(x + y),
// y - (s - x) is exactly x + y - s; round-to-odd (Boldo and Melquiond 2008): a value rounded to
// odd with at least two more bits than the target rounds to the target as the exact value would.
#include "shader/frontend/exact_float.h"
#include "shader/frontend/int_ops.h"

namespace shader::frontend {

using ir::Type;
using ir::Value;
using spv::Op;

namespace {

constexpr u32 kSign = 0x80000000u;

Value F64(Translator& t, Op op, Value a, Value b) {
    return t.Spv(op, Type::F64, {a, b});
}

// The f32 of `sum` + `error` (F64s: `sum` zero, normal, infinite or NaN, the exact value within
// half an ulp of it; `error` empty when `sum` is exact) rounded to nearest, up or toward zero.
Value RoundToF32(Translator& t, Value sum, Value error, Rounding mode) {
    IntOps o(t);
    const Value bits = t.Spv(Op::OpBitcast, Type::U64, {sum});
    const Value hi = o.Hi(bits);
    const Value sign = o.And(hi, Value::U32(kSign));
    const Value negative = o.Ne(sign, Value::U32(0));
    const Value exponent = o.And(o.Shr(hi, 20), Value::U32(0x7ff));
    // Twice the significand, moved one half-ulp toward the exact value when it is not `sum`:
    // the exact value rounded to odd with one more bit.
    const Value significand =
        o.Or(o.And(bits, Value::U64(0xfffffffffffffull)), Value::U64(u64{1} << 52));
    Value doubled = o.Shl(significand, 1);
    if (!error.IsEmpty()) {
        const Value inexact = t.Spv(Op::OpFOrdNotEqual, Type::Bool, {error, Value::F64(0.0)});
        const Value error_negative =
            t.Spv(Op::OpFOrdLessThan, Type::Bool, {error, Value::F64(0.0)});
        const Value grows = o.LEq(error_negative, negative);
        const Value moved =
            o.Select(grows, o.Add(doubled, Value::U64(1)), o.Sub(doubled, Value::U64(1)));
        doubled = o.Select(inexact, moved, doubled);
    }
    // f32 biased exponent = exponent - 896. Normal results drop 30 bits of `doubled`, subnormal
    // ones more (at most 63: everything below half a unit then).
    const Value drop =
        o.UMin(o.Sub(Value::U32(927), o.UMin(exponent, Value::U32(897))), Value::U32(63));
    const Value kept = o.Lo(o.Shr(doubled, drop));
    const Value half = o.Shl(Value::U64(1), o.Sub(drop, Value::U32(1)));
    const Value rest = o.And(doubled, o.Sub(o.Shl(half, 1), Value::U64(1)));
    Value away = Value::Bool(false);
    if (mode == Rounding::Nearest) {
        const Value odd = o.Ne(o.And(kept, Value::U32(1)), Value::U32(0));
        away = o.LOr(o.UGt(rest, half), o.LAnd(o.Eq(rest, half), odd));
    } else if (mode == Rounding::Up) {
        away = o.LAnd(o.LNot(negative), o.Ne(rest, Value::U64(0)));
    }
    // kept carries the implicit bit of normal results, so the exponent field adds one less.
    const Value field =
        o.Sub(o.UMin(o.UMax(exponent, Value::U32(897)), Value::U32(1151)), Value::U32(897));
    Value magnitude = o.Add(o.Add(o.Shl(field, 23), kept), o.Bit(away, kept));
    const Value overflow =
        o.LOr(o.UGe(exponent, Value::U32(1151)), o.UGe(magnitude, Value::U32(0x7f800000)));
    Value overflow_value = Value::U32(0x7f800000);
    if (mode == Rounding::Zero) {
        overflow_value = Value::U32(0x7f7fffff);
    } else if (mode == Rounding::Up) {
        overflow_value = o.Select(negative, Value::U32(0x7f7fffff), Value::U32(0x7f800000));
    }
    magnitude = o.Select(overflow, overflow_value, magnitude);
    magnitude = o.Select(o.Eq(exponent, Value::U32(0)), Value::U32(0), magnitude);
    magnitude = o.Select(o.Eq(exponent, Value::U32(0x7ff)), Value::U32(0x7f800000), magnitude);
    // NaN by its bits: a driver may assume float values are never NaN.
    const Value is_nan = o.LAnd(o.Eq(exponent, Value::U32(0x7ff)),
                                o.Ne(o.And(bits, Value::U64(0xfffffffffffffull)), Value::U64(0)));
    return o.Select(is_nan, Value::U32(kCanonicalNaN32), o.Or(sign, magnitude));
}

// x + y (F64s holding exact f32 values or products of two) correctly rounded to f32.
Value RoundSumToF32(Translator& t, Value x, Value y, Rounding mode) {
    const Value sum = F64(t, Op::OpFAdd, x, y);
    // Fast2Sum with the operands ordered by magnitude through a select, which also keeps a
    // compiler from folding (x + y) - x into y.
    const Value x_bigger =
        t.Spv(Op::OpFOrdGreaterThanEqual, Type::Bool,
              {t.Glsl(GLSLstd450FAbs, Type::F64, {x}), t.Glsl(GLSLstd450FAbs, Type::F64, {y})});
    const Value big = t.Spv(Op::OpSelect, Type::F64, {x_bigger, x, y});
    const Value small = t.Spv(Op::OpSelect, Type::F64, {x_bigger, y, x});
    const Value error = F64(t, Op::OpFSub, small, F64(t, Op::OpFSub, sum, big));
    return RoundToF32(t, sum, error, mode);
}

Value Negate(Translator& t, Value bits) {
    return t.Spv(Op::OpBitwiseXor, Type::U32, {bits, Value::U32(kSign)});
}

// Rounding down is rounding up of the negated operation, negated: that also gives an exact
// zero sum of values of opposite signs its -0 (IEEE 754 6.3), which a round-to-nearest f64 sum
// gives as +0.
template <typename Compute>
Value WithMode(Translator& t, Rounding mode, Value& first, Value* addend, Compute compute) {
    if (mode != Rounding::Down) {
        return compute(mode);
    }
    first = Negate(t, first);
    if (addend != nullptr) {
        *addend = Negate(t, *addend);
    }
    return Negate(t, compute(Rounding::Up));
}

}  // namespace

Value WidenF32Bits(Translator& t, Value bits) {
    IntOps o(t);
    const Value sign = o.And(bits, Value::U32(kSign));
    const Value exponent = o.And(o.Shr(bits, 23), Value::U32(0xff));
    const Value mantissa = o.And(bits, Value::U32(0x7fffff));
    // Normal, infinite and NaN values: rebias the exponent (1023 - 127), move the mantissa.
    const Value wide_exponent = o.Select(o.Eq(exponent, Value::U32(0xff)), Value::U32(0x7ff),
                                         o.Add(exponent, Value::U32(896)));
    const Value hi = o.Or(o.Or(sign, o.Shl(wide_exponent, 20)), o.Shr(mantissa, 3));
    const Value normal = t.Spv(Op::OpBitcast, Type::F64, {o.Pack(o.Shl(mantissa, 29), hi)});
    // Zero and subnormals: mantissa * 2^-149, exact and normal in f64.
    const Value magnitude =
        F64(t, Op::OpFMul, t.Spv(Op::OpConvertUToF, Type::F64, {mantissa}), Value::F64(0x1p-149));
    const Value small = o.Select(o.Ne(sign, Value::U32(0)),
                                 t.Spv(Op::OpFNegate, Type::F64, {magnitude}), magnitude);
    return o.Select(o.Eq(exponent, Value::U32(0)), small, normal);
}

Value FmaF32Bits(Translator& t, Value a, Value b, Value c, Rounding mode) {
    return WithMode(t, mode, a, &c, [&](Rounding m) {
        const Value product = F64(t, Op::OpFMul, WidenF32Bits(t, a), WidenF32Bits(t, b));
        return RoundSumToF32(t, product, WidenF32Bits(t, c), m);
    });
}

Value AddF32Bits(Translator& t, Value a, Value b, Rounding mode) {
    return WithMode(t, mode, a, &b, [&](Rounding m) {
        return RoundSumToF32(t, WidenF32Bits(t, a), WidenF32Bits(t, b), m);
    });
}

Value MulF32Bits(Translator& t, Value a, Value b, Rounding mode) {
    return WithMode(t, mode, a, nullptr, [&](Rounding m) {
        const Value product = F64(t, Op::OpFMul, WidenF32Bits(t, a), WidenF32Bits(t, b));
        return RoundToF32(t, product, {}, m);
    });
}

}  // namespace shader::frontend
