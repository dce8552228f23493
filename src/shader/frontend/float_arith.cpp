// Native or exact float arithmetic (see float_arith.h). NaN results of the native path become
// the canonical NaNs the exact path gives (0x7fffffff, 0xfff8000000000000), tested on the bits:
// Vulkan does not fix a NaN's payload.
#include "shader/frontend/float_arith.h"
#include "shader/frontend/exact_float.h"

namespace shader::frontend {

using ir::Type;
using ir::Value;
using spv::Op;

namespace {

Value IsNanBits(Translator& t, Value bits) {
    const Value magnitude = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fffffff)});
    return t.Spv(Op::OpUGreaterThan, Type::Bool, {magnitude, Value::U32(0x7f800000)});
}

// The bits of an F32 result with any NaN made canonical.
Value CanonicalF32Bits(Translator& t, Value result) {
    const Value bits = t.BitcastU32(result);
    return t.Spv(Op::OpSelect, Type::U32, {IsNanBits(t, bits), Value::U32(kCanonicalNaN32), bits});
}

Value NativeF32Op(Translator& t, Op op, Value a, Value b) {
    return CanonicalF32Bits(t, t.Spv(op, Type::F32, {t.BitcastF32(a), t.BitcastF32(b)}));
}

Value NativeF64Op(Translator& t, Op op, Value a, Value b) {
    const auto f64 = [&](Value bits) { return t.Spv(Op::OpBitcast, Type::F64, {bits}); };
    const Value bits = t.Spv(Op::OpBitcast, Type::U64, {t.Spv(op, Type::F64, {f64(a), f64(b)})});
    const Value magnitude =
        t.Spv(Op::OpBitwiseAnd, Type::U64, {bits, Value::U64(0x7fffffffffffffffull)});
    const Value is_nan =
        t.Spv(Op::OpUGreaterThan, Type::Bool, {magnitude, Value::U64(0x7ff0000000000000ull)});
    return t.Spv(Op::OpSelect, Type::U64, {is_nan, Value::U64(kCanonicalNaN64), bits});
}

}  // namespace

// Without DenormPreserve (NVIDIA's driver, lavapipe) the native result is still exact when no
// operand is a denormal and the result is normal (or infinite or NaN): Vulkan rounds OpFAdd and
// OpFMul correctly, only denormals may be flushed. Anything else takes the exact path.
bool CheckedNativeF32(const TargetProfile& target, bool fma) {
    return !target.denorm_preserve_f32 && target.signed_zero_inf_nan_preserve_f32 &&
           (!fma || target.fused_fma_f32);
}

namespace {

Value BelowNormal(Translator& t, Value bits) {
    const Value exponent = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7f800000)});
    return t.Spv(Op::OpIEqual, Type::Bool, {exponent, Value::U32(0)});
}

Value IsDenormal(Translator& t, Value bits) {
    const Value mantissa = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x007fffff)});
    return t.Spv(
        Op::OpLogicalAnd, Type::Bool,
        {BelowNormal(t, bits), t.Spv(Op::OpINotEqual, Type::Bool, {mantissa, Value::U32(0)})});
}

// The native result, or the exact one where a denormal is near: a denormal operand, or a
// result whose exponent field is below `min_exponent` (1: zeros and denormals).
Value Checked(Translator& t, Value native, std::initializer_list<Value> operands,
              const std::function<Value()>& exact, u32 min_exponent = 1) {
    const Value exponent = t.Spv(Op::OpBitwiseAnd, Type::U32, {native, Value::U32(0x7f800000)});
    Value use_exact =
        t.Spv(Op::OpULessThan, Type::Bool, {exponent, Value::U32(min_exponent << 23)});
    for (const Value& operand : operands) {
        use_exact = t.Spv(Op::OpLogicalOr, Type::Bool, {use_exact, IsDenormal(t, operand)});
    }
    return t.Conditional(use_exact, native, exact);
}

}  // namespace

namespace {

// Operations with a literal zero are answered from the bits: compilers fold x * 0.0 to 0.0 and
// x + 0.0 to x (lavapipe's does even under SignedZeroInfNanPreserve), which is wrong for
// infinities, NaNs and -0, and the exact path's own f64 arithmetic would be folded the same way.
bool IsLiteralZero(const Value& value) {
    const Value resolved = value.Resolve();
    return resolved.IsImmediate() && (resolved.Bits() & 0x7fffffff) == 0;
}

Value SignOf(Translator& t, Value bits) {
    return t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x80000000)});
}

Value IsInfOrNan(Translator& t, Value bits) {
    const Value magnitude = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fffffff)});
    return t.Spv(Op::OpUGreaterThanEqual, Type::Bool, {magnitude, Value::U32(0x7f800000)});
}

// zero * x: NaN for an infinite or NaN x, else a zero whose sign is the product's.
Value ZeroProduct(Translator& t, Value zero, Value x) {
    const Value sign = t.Spv(Op::OpBitwiseXor, Type::U32, {SignOf(t, zero), SignOf(t, x)});
    return t.Spv(Op::OpSelect, Type::U32, {IsInfOrNan(t, x), Value::U32(kCanonicalNaN32), sign});
}

// x + zero in round-to-nearest: x, except that -0 + +0 is +0 and NaNs become canonical.
Value PlusZero(Translator& t, Value x, Value zero) {
    const Value both_negative_zero =
        t.Spv(Op::OpIEqual, Type::Bool,
              {t.Spv(Op::OpBitwiseOr, Type::U32,
                     {t.Spv(Op::OpBitwiseAnd, Type::U32, {x, Value::U32(0x7fffffff)}),
                      t.Spv(Op::OpBitwiseXor, Type::U32, {SignOf(t, x), SignOf(t, zero)})}),
               Value::U32(0)});
    const Value is_zero =
        t.Spv(Op::OpIEqual, Type::Bool,
              {t.Spv(Op::OpBitwiseAnd, Type::U32, {x, Value::U32(0x7fffffff)}), Value::U32(0)});
    // A zero x: -0 only when both are -0 (same signs and x negative).
    const Value zero_sum = t.Spv(Op::OpSelect, Type::U32,
                                 {t.Spv(Op::OpLogicalAnd, Type::Bool,
                                        {both_negative_zero, t.Spv(Op::OpINotEqual, Type::Bool,
                                                                   {SignOf(t, x), Value::U32(0)})}),
                                  Value::U32(0x80000000), Value::U32(0)});
    const Value sum = t.Spv(Op::OpSelect, Type::U32, {is_zero, zero_sum, x});
    return t.Spv(Op::OpSelect, Type::U32, {IsNanBits(t, x), Value::U32(kCanonicalNaN32), sum});
}

}  // namespace

namespace {

// The exact f32 path is built on f64 arithmetic. Without it (Intel's Xe GPUs under Mesa have
// none) round-to-nearest is the native instruction, which may flush denormals and, for an fma,
// round twice; the other roundings cannot be done.
bool WithoutExactPath(Translator& t, Rounding mode, std::string_view what) {
    if (t.Target().float64) {
        return false;
    }
    if (mode != Rounding::Nearest) {
        t.Unsupported(std::string(what) +
                      " with a directed rounding on a device without shaderFloat64");
    }
    return true;
}

// Directed roundings of a product from the native one, where the device fuses fma and keeps
// f32 infinities and NaNs: Fma(a, b, -p) is then the exact error of p = a * b (while it stays
// a normal number: for |p| >= 2^(kMinDirectedExponent - 127)), and its sign says which way the
// exact product lies. An infinite p of a finite product has an infinite error of the other
// sign, which brings it back to the largest finite number where the rounding says so.
constexpr u32 kMinDirectedExponent = 48;

bool FusedDirectedF32(const TargetProfile& target) {
    return target.fused_fma_f32 && target.signed_zero_inf_nan_preserve_f32;
}

Value DirectedProduct(Translator& t, Value a, Value b, Rounding mode) {
    const Value fa = t.BitcastF32(a);
    const Value fb = t.BitcastF32(b);
    const Value product = t.Spv(Op::OpFMul, Type::F32, {fa, fb});
    const Value error =
        t.Glsl(GLSLstd450Fma, Type::F32, {fa, fb, t.Spv(Op::OpFNegate, Type::F32, {product})});
    const Value below = t.Spv(Op::OpFOrdLessThan, Type::Bool, {error, Value::F32(0.0f)});
    const Value above = t.Spv(Op::OpFOrdGreaterThan, Type::Bool, {error, Value::F32(0.0f)});
    return CanonicalF32Bits(t, RoundDirected(t, mode, product, below, above));
}

// Directed roundings of a sum from the native one and its exact error (TwoSum). An
// infinite sum of finite operands overflowed: the exact sum lies on its zero side. An exact
// zero sum is +0 here whatever the rounding, which is wrong for roundTowardNegative (-0);
// with f64 the caller takes the exact path for zero sums, without it that case is fixed here.
Value DirectedSum(Translator& t, Value a, Value b, Rounding mode) {
    const auto [sum, error] = TwoSum(t, t.BitcastF32(a), t.BitcastF32(b));
    const Value sum_bits = t.BitcastU32(sum);
    const Value finite =
        t.Spv(Op::OpLogicalNot, Type::Bool,
              {t.Spv(Op::OpLogicalOr, Type::Bool, {IsInfOrNan(t, a), IsInfOrNan(t, b)})});
    const Value overflowed = t.Spv(Op::OpLogicalAnd, Type::Bool, {finite, IsInfOrNan(t, sum_bits)});
    const Value sum_negative = t.Spv(Op::OpSLessThan, Type::Bool, {sum_bits, Value::U32(0)});
    const auto either = [&](Value x, Value y) {
        return t.Spv(Op::OpLogicalOr, Type::Bool, {x, y});
    };
    const Value below =
        either(t.Spv(Op::OpFOrdLessThan, Type::Bool, {error, Value::F32(0.0f)}),
               t.Spv(Op::OpLogicalAnd, Type::Bool,
                     {overflowed, t.Spv(Op::OpLogicalNot, Type::Bool, {sum_negative})}));
    const Value above = either(t.Spv(Op::OpFOrdGreaterThan, Type::Bool, {error, Value::F32(0.0f)}),
                               t.Spv(Op::OpLogicalAnd, Type::Bool, {overflowed, sum_negative}));
    Value result = CanonicalF32Bits(t, RoundDirected(t, mode, sum, below, above));
    if (mode == Rounding::Down) {
        // x + (-x), or zeros of both signs, is -0 when rounding down; +0 + +0 stays +0.
        const Value zero = t.Spv(
            Op::OpIEqual, Type::Bool,
            {t.Spv(Op::OpBitwiseAnd, Type::U32, {result, Value::U32(0x7fffffff)}), Value::U32(0)});
        const Value both_plus_zero = t.Spv(
            Op::OpIEqual, Type::Bool, {t.Spv(Op::OpBitwiseOr, Type::U32, {a, b}), Value::U32(0)});
        const Value minus_zero =
            t.Spv(Op::OpLogicalAnd, Type::Bool,
                  {zero, t.Spv(Op::OpLogicalNot, Type::Bool, {both_plus_zero})});
        result = t.Spv(Op::OpSelect, Type::U32, {minus_zero, Value::U32(0x80000000), result});
    }
    return result;
}

}  // namespace

bool NativeF32(const TargetProfile& target, bool fma) {
    return target.denorm_preserve_f32 && target.signed_zero_inf_nan_preserve_f32 &&
           (!fma || target.fused_fma_f32);
}

// f64 add and multiply run natively only where the device promises f64 denormals and
// infinities: NVIDIA's driver promises neither, and its native DADD/DMUL without them gave NaN
// for infinite results (double_special).
bool NativeF64(const TargetProfile& target) {
    return target.float64 && target.denorm_preserve_f64 && target.signed_zero_inf_nan_preserve_f64;
}

Value AddF32(Translator& t, Value a, Value b, Rounding mode) {
    if (mode == Rounding::Nearest && (IsLiteralZero(a) || IsLiteralZero(b))) {
        return IsLiteralZero(b) ? PlusZero(t, a, b) : PlusZero(t, b, a);
    }
    if (mode != Rounding::Nearest && t.Target().signed_zero_inf_nan_preserve_f32 &&
        !IsLiteralZero(a) && !IsLiteralZero(b)) {
        const Value directed = DirectedSum(t, a, b, mode);
        if (!t.Target().float64) {
            return directed;  // without the exact path: sums near the denormals may be off
        }
        // Zero and denormal sums (the sign of an exact zero depends on the rounding) and
        // denormal operands take the exact path.
        return Checked(t, directed, {a, b}, [&] { return AddF32Bits(t, a, b, mode); });
    }
    if (WithoutExactPath(t, mode, "FADD") ||
        (mode == Rounding::Nearest && NativeF32(t.Target(), false))) {
        return NativeF32Op(t, Op::OpFAdd, a, b);
    }
    if (mode == Rounding::Nearest && CheckedNativeF32(t.Target(), false)) {
        return Checked(t, NativeF32Op(t, Op::OpFAdd, a, b), {a, b},
                       [&] { return AddF32Bits(t, a, b, mode); });
    }
    return AddF32Bits(t, a, b, mode);
}

Value MulF32(Translator& t, Value a, Value b, Rounding mode) {
    if (IsLiteralZero(a) || IsLiteralZero(b)) {
        return IsLiteralZero(a) ? ZeroProduct(t, a, b) : ZeroProduct(t, b, a);
    }
    if (mode != Rounding::Nearest && FusedDirectedF32(t.Target())) {
        const Value directed = DirectedProduct(t, a, b, mode);
        if (!t.Target().float64) {
            return directed;  // without the exact path: tiny products may be off by a unit
        }
        // Tiny products (whose error could fall below the normal range) and denormal operands
        // take the exact path.
        return Checked(
            t, directed, {a, b}, [&] { return MulF32Bits(t, a, b, mode); }, kMinDirectedExponent);
    }
    if (WithoutExactPath(t, mode, "FMUL") ||
        (mode == Rounding::Nearest && NativeF32(t.Target(), false))) {
        return NativeF32Op(t, Op::OpFMul, a, b);
    }
    if (mode == Rounding::Nearest && CheckedNativeF32(t.Target(), false)) {
        return Checked(t, NativeF32Op(t, Op::OpFMul, a, b), {a, b},
                       [&] { return MulF32Bits(t, a, b, mode); });
    }
    return MulF32Bits(t, a, b, mode);
}

Value FmaF32(Translator& t, Value a, Value b, Value c, Rounding mode) {
    if (mode == Rounding::Nearest && (IsLiteralZero(a) || IsLiteralZero(b))) {
        // A zero product, then added exactly: the sum is c itself (or the product's NaN).
        const Value product = IsLiteralZero(a) ? ZeroProduct(t, a, b) : ZeroProduct(t, b, a);
        const Value sum = PlusZero(t, c, product);
        return t.Spv(Op::OpSelect, Type::U32, {IsNanBits(t, product), product, sum});
    }
    if (mode == Rounding::Nearest && IsLiteralZero(c)) {
        return PlusZero(t, MulF32(t, a, b, mode), c);
    }
    const auto native_fma = [&] {
        return CanonicalF32Bits(t, t.Glsl(GLSLstd450Fma, Type::F32,
                                          {t.BitcastF32(a), t.BitcastF32(b), t.BitcastF32(c)}));
    };
    if (WithoutExactPath(t, mode, "FFMA") ||
        (mode == Rounding::Nearest && NativeF32(t.Target(), true))) {
        return native_fma();
    }
    if (mode == Rounding::Nearest && CheckedNativeF32(t.Target(), true)) {
        return Checked(t, native_fma(), {a, b, c}, [&] { return FmaF32Bits(t, a, b, c, mode); });
    }
    return FmaF32Bits(t, a, b, c, mode);
}

Value AddF64(Translator& t, Value a, Value b, Rounding mode) {
    if (mode == Rounding::Nearest && NativeF64(t.Target())) {
        return NativeF64Op(t, Op::OpFAdd, a, b);
    }
    return AddF64Bits(t, a, b, mode);
}

Value MulF64(Translator& t, Value a, Value b, Rounding mode) {
    if (mode == Rounding::Nearest && NativeF64(t.Target())) {
        return NativeF64Op(t, Op::OpFMul, a, b);
    }
    return MulF64Bits(t, a, b, mode);
}

}  // namespace shader::frontend
