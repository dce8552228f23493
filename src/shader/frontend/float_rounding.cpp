// Exact rounding helpers (see float_rounding.h). Facts: IEEE 754-2008 (rounding-direction
// attributes, signed zeros), Sterbenz's lemma (x - y is exact when y/2 <= x <= 2y), and for the
// f16/bf16 conversions NVIDIA's results in tests/shader/cuda/runs/pack_conversions.* (NaN
// becomes 0x7fff, toward-zero overflow gives the largest finite value).
#include "shader/frontend/float_rounding.h"

namespace shader::frontend {

using ir::Type;
using ir::Value;
using spv::Op;

namespace {

Value And(Translator& t, Value a, Value b) {
    return t.Spv(Op::OpLogicalAnd, Type::Bool, {a, b});
}

Value Not(Translator& t, Value a) {
    return t.Spv(Op::OpLogicalNot, Type::Bool, {a});
}

Value Select(Translator& t, Type type, Value condition, Value a, Value b) {
    return t.Spv(Op::OpSelect, type, {condition, a, b});
}

Value Shr(Translator& t, Value a, u32 bits) {
    return t.Spv(Op::OpShiftRightLogical, Type::U32, {a, Value::U32(bits)});
}

Value AndBits(Translator& t, Value a, u32 mask) {
    return t.Spv(Op::OpBitwiseAnd, Type::U32, {a, Value::U32(mask)});
}

Value ExponentField(Translator& t, Value f32) {
    return AndBits(t, Shr(t, t.BitcastU32(f32), 23), 0xff);
}

// Round-to-nearest-even of (kept, rem) where rem is compared with half a unit of kept.
Value RoundNearestEven(Translator& t, Value kept, Value rem, Value half) {
    const Value above = t.Spv(Op::OpUGreaterThan, Type::Bool, {rem, half});
    const Value tie = t.Spv(Op::OpIEqual, Type::Bool, {rem, half});
    const Value odd = t.Spv(Op::OpINotEqual, Type::Bool, {AndBits(t, kept, 1), Value::U32(0)});
    const Value up = t.Spv(Op::OpLogicalOr, Type::Bool, {above, And(t, tie, odd)});
    return t.Spv(Op::OpIAdd, Type::U32,
                 {kept, Select(t, Type::U32, up, Value::U32(1), Value::U32(0))});
}

}  // namespace

Rounding RoundingOf(sass::ModifierName name) {
    if (name == mod::kRM || name == mod::kFLOOR) {
        return Rounding::Down;
    }
    if (name == mod::kRP || name == mod::kCEIL) {
        return Rounding::Up;
    }
    if (name == mod::kRZ || name == mod::kTRUNC) {
        return Rounding::Zero;
    }
    return Rounding::Nearest;
}

Value FlushDenormal(Translator& t, Value value) {
    const Value magnitude = t.Glsl(GLSLstd450FAbs, Type::F32, {value});
    const Value tiny =
        t.Spv(Op::OpFOrdLessThan, Type::Bool, {magnitude, Value::F32(1.17549435e-38f)});
    const Value zero = t.Spv(Op::OpFMul, Type::F32, {value, Value::F32(0.0f)});
    return t.Spv(Op::OpSelect, Type::F32, {tiny, zero, value});
}

Value FlushDenormalBits(Translator& t, Value bits) {
    const Value exponent_zero =
        t.Spv(Op::OpIEqual, Type::Bool, {AndBits(t, bits, 0x7f800000), Value::U32(0)});
    return Select(t, Type::U32, exponent_zero, AndBits(t, bits, 0x80000000), bits);
}

Value RoundDirected(Translator& t, Rounding mode, Value nearest, Value exact_below,
                    Value exact_above) {
    if (mode == Rounding::Nearest) {
        return nearest;
    }
    const Type float_type = nearest.GetType();
    const Type int_type = float_type == Type::F64 ? Type::U64 : Type::U32;
    const Value one = float_type == Type::F64 ? Value::U64(1) : Value::U32(1);
    const Value zero = float_type == Type::F64 ? Value::U64(0) : Value::U32(0);
    const Value bits = t.Spv(Op::OpBitcast, int_type, {nearest});
    const Value negative = t.Spv(Op::OpSLessThan, Type::Bool, {bits, zero});
    const Value positive = Not(t, negative);
    // One ulp away from zero is bits + 1, toward zero bits - 1, in sign-magnitude order. A zero
    // `nearest` with an inexact residual has the residual's sign (an underflow), so the step
    // from it is always away from zero.
    Value grow = Value::Bool(false);
    Value shrink = Value::Bool(false);
    switch (mode) {
        case Rounding::Up:
            grow = And(t, exact_above, positive);
            shrink = And(t, exact_above, negative);
            break;
        case Rounding::Down:
            grow = And(t, exact_below, negative);
            shrink = And(t, exact_below, positive);
            break;
        case Rounding::Zero:
            shrink = t.Spv(Op::OpLogicalOr, Type::Bool,
                           {And(t, exact_above, negative), And(t, exact_below, positive)});
            break;
        case Rounding::Nearest:
            break;
    }
    const Value grown = t.Spv(Op::OpIAdd, int_type, {bits, one});
    const Value shrunk = t.Spv(Op::OpISub, int_type, {bits, one});
    const Value stepped =
        Select(t, int_type, grow, grown, Select(t, int_type, shrink, shrunk, bits));
    return t.Spv(Op::OpBitcast, float_type, {stepped});
}

Value ResidualF32(Translator& t, Value p, Value c, Value r) {
    const Value c64 = t.Spv(Op::OpFConvert, Type::F64, {c});
    const Value r64 = t.Spv(Op::OpFConvert, Type::F64, {r});
    const Value c_exponent = ExponentField(t, c);
    const Value r_exponent = ExponentField(t, r);
    // c - r is exact in f64 when their exponents are within 28 of each other (at most 53
    // significant bits). Otherwise one of them is tiny next to the other: when c is far larger,
    // p is within a factor of two of -c and p + c is exact (Sterbenz); when r is far larger, p
    // is within a factor of two of r and p - r is exact. The last operation of each order is a
    // single rounding of an exact sum, which keeps its sign and its zero-ness.
    const Value c_far =
        t.Spv(Op::OpUGreaterThanEqual, Type::Bool,
              {c_exponent, t.Spv(Op::OpIAdd, Type::U32, {r_exponent, Value::U32(29)})});
    const Value r_far =
        t.Spv(Op::OpUGreaterThanEqual, Type::Bool,
              {r_exponent, t.Spv(Op::OpIAdd, Type::U32, {c_exponent, Value::U32(29)})});
    const Value via_c = t.Spv(Op::OpFSub, Type::F64, {t.Spv(Op::OpFAdd, Type::F64, {p, c64}), r64});
    const Value via_r = t.Spv(Op::OpFAdd, Type::F64, {t.Spv(Op::OpFSub, Type::F64, {p, r64}), c64});
    const Value middle =
        t.Spv(Op::OpFAdd, Type::F64, {p, t.Spv(Op::OpFSub, Type::F64, {c64, r64})});
    return Select(t, Type::F64, c_far, via_c, Select(t, Type::F64, r_far, via_r, middle));
}

Value F32BitsToHalf(Translator& t, Value bits, bool toward_zero) {
    const Value sign = AndBits(t, Shr(t, bits, 16), 0x8000);
    const Value magnitude = AndBits(t, bits, 0x7fffffff);
    const Value exponent = Shr(t, magnitude, 23);
    // Normal f16 results (f32 exponent >= 113, 2^-14): drop 13 mantissa bits and rebias.
    const Value normal_kept =
        t.Spv(Op::OpISub, Type::U32, {Shr(t, magnitude, 13), Value::U32(112 << 10)});
    const Value normal_rem = AndBits(t, magnitude, 0x1fff);
    // Subnormal f16 results: the significand (with its implicit bit) in units of 2^-24.
    const Value implicit =
        Select(t, Type::U32, t.Spv(Op::OpINotEqual, Type::Bool, {exponent, Value::U32(0)}),
               Value::U32(0x800000), Value::U32(0));
    const Value significand =
        t.Spv(Op::OpBitwiseOr, Type::U32, {AndBits(t, magnitude, 0x7fffff), implicit});
    const Value clamped_exponent =
        t.Glsl(GLSLstd450UClamp, Type::U32, {exponent, Value::U32(1), Value::U32(112)});
    const Value shift =
        t.Glsl(GLSLstd450UMin, Type::U32,
               {t.Spv(Op::OpISub, Type::U32, {Value::U32(126), clamped_exponent}), Value::U32(31)});
    const Value sub_kept = t.Spv(Op::OpShiftRightLogical, Type::U32, {significand, shift});
    const Value sub_mask =
        t.Spv(Op::OpISub, Type::U32,
              {t.Spv(Op::OpShiftLeftLogical, Type::U32, {Value::U32(1), shift}), Value::U32(1)});
    const Value sub_rem = t.Spv(Op::OpBitwiseAnd, Type::U32, {significand, sub_mask});
    const Value sub_half =
        t.Spv(Op::OpShiftLeftLogical, Type::U32,
              {Value::U32(1), t.Spv(Op::OpISub, Type::U32, {shift, Value::U32(1)})});
    const Value is_normal = t.Spv(Op::OpUGreaterThanEqual, Type::Bool, {exponent, Value::U32(113)});
    const Value kept = Select(t, Type::U32, is_normal, normal_kept, sub_kept);
    Value rounded = kept;
    if (!toward_zero) {
        rounded = RoundNearestEven(t, kept, Select(t, Type::U32, is_normal, normal_rem, sub_rem),
                                   Select(t, Type::U32, is_normal, Value::U32(0x1000), sub_half));
    }
    // Overflow: infinity to nearest, the largest finite value toward zero.
    rounded =
        t.Glsl(GLSLstd450UMin, Type::U32, {rounded, Value::U32(toward_zero ? 0x7bff : 0x7c00)});
    const Value is_inf = t.Spv(Op::OpIEqual, Type::Bool, {magnitude, Value::U32(0x7f800000)});
    const Value is_nan = t.Spv(Op::OpUGreaterThan, Type::Bool, {magnitude, Value::U32(0x7f800000)});
    rounded = Select(t, Type::U32, is_inf, Value::U32(0x7c00), rounded);
    rounded = t.Spv(Op::OpBitwiseOr, Type::U32, {sign, rounded});
    return Select(t, Type::U32, is_nan, Value::U32(0x7fff), rounded);
}

Value F32BitsToBf16(Translator& t, Value bits) {
    // bf16 is the top half of an f32: round the low half away; a carry moves into the exponent
    // (and to infinity) by itself.
    const Value rounded =
        RoundNearestEven(t, Shr(t, bits, 16), AndBits(t, bits, 0xffff), Value::U32(0x8000));
    const Value is_nan = t.Spv(Op::OpUGreaterThan, Type::Bool,
                               {AndBits(t, bits, 0x7fffffff), Value::U32(0x7f800000)});
    return Select(t, Type::U32, is_nan, Value::U32(0x7fff), AndBits(t, rounded, 0xffff));
}

Value HalfToF32(Translator& t, Value half) {
    const Value sign =
        t.Spv(Op::OpShiftLeftLogical, Type::U32, {AndBits(t, half, 0x8000), Value::U32(16)});
    const Value exponent = AndBits(t, Shr(t, half, 10), 0x1f);
    const Value mantissa = AndBits(t, half, 0x3ff);
    const Value shifted_mantissa =
        t.Spv(Op::OpShiftLeftLogical, Type::U32, {mantissa, Value::U32(13)});
    const Value normal =
        t.Spv(Op::OpBitwiseOr, Type::U32,
              {t.Spv(Op::OpShiftLeftLogical, Type::U32,
                     {t.Spv(Op::OpIAdd, Type::U32, {exponent, Value::U32(112)}), Value::U32(23)}),
               shifted_mantissa});
    const Value special =
        t.Spv(Op::OpBitwiseOr, Type::U32, {Value::U32(0x7f800000), shifted_mantissa});
    // Subnormals and zero: mantissa * 2^-24, exact in f32.
    const Value small = t.BitcastU32(
        t.Spv(Op::OpFMul, Type::F32,
              {t.Spv(Op::OpConvertUToF, Type::F32, {mantissa}), Value::F32(0x1p-24f)}));
    Value magnitude = Select(
        t, Type::U32, t.Spv(Op::OpIEqual, Type::Bool, {exponent, Value::U32(31)}), special, normal);
    magnitude = Select(t, Type::U32, t.Spv(Op::OpIEqual, Type::Bool, {exponent, Value::U32(0)}),
                       small, magnitude);
    return t.BitcastF32(t.Spv(Op::OpBitwiseOr, Type::U32, {sign, magnitude}));
}

Value RoundToOddF32Bits(Translator& t, Value f64) {
    const Value nearest = t.Spv(Op::OpFConvert, Type::F32, {f64});
    const Value back = t.Spv(Op::OpFConvert, Type::F64, {nearest});
    const Value bits = t.BitcastU32(nearest);
    const Value inexact = t.Spv(Op::OpFOrdNotEqual, Type::Bool, {back, f64});
    const Value even = t.Spv(Op::OpIEqual, Type::Bool, {AndBits(t, bits, 1), Value::U32(0)});
    const Value grow = t.Spv(
        Op::OpFOrdGreaterThan, Type::Bool,
        {t.Glsl(GLSLstd450FAbs, Type::F64, {f64}), t.Glsl(GLSLstd450FAbs, Type::F64, {back})});
    const Value odd =
        Select(t, Type::U32, grow, t.Spv(Op::OpIAdd, Type::U32, {bits, Value::U32(1)}),
               t.Spv(Op::OpISub, Type::U32, {bits, Value::U32(1)}));
    return Select(t, Type::U32, And(t, inexact, even), odd, bits);
}

RoundedSum TwoSum(Translator& t, Value x, Value y) {
    const auto f32 = [&](Op op, Value a, Value b) { return t.Spv(op, Type::F32, {a, b}); };
    const Value sum = f32(Op::OpFAdd, x, y);
    const Value y_part = f32(Op::OpFSub, sum, x);
    const Value error = f32(Op::OpFAdd, f32(Op::OpFSub, x, f32(Op::OpFSub, sum, y_part)),
                            f32(Op::OpFSub, y, y_part));
    return {sum, error};
}

Value RoundToOddSumF32Bits(Translator& t, Value p, Value c) {
    const auto [sum, error] = TwoSum(t, p, c);
    const Value bits = t.BitcastU32(sum);
    // Inexact (a NaN error, from infinities, counts as exact): truncate toward zero, then odd.
    const Value inexact = t.Spv(Op::OpFOrdNotEqual, Type::Bool, {error, Value::F32(0.0f)});
    const Value rounded_away =
        t.Spv(Op::OpLogicalNotEqual, Type::Bool,
              {t.Spv(Op::OpFOrdLessThan, Type::Bool, {error, Value::F32(0.0f)}),
               t.Spv(Op::OpSLessThan, Type::Bool, {bits, Value::U32(0)})});
    const Value truncated = Select(t, Type::U32, rounded_away,
                                   t.Spv(Op::OpISub, Type::U32, {bits, Value::U32(1)}), bits);
    const Value odd = t.Spv(Op::OpBitwiseOr, Type::U32, {truncated, Value::U32(1)});
    return Select(t, Type::U32, inexact, odd, bits);
}

}  // namespace shader::frontend
