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

constexpr u32 kCanonicalNaN = 0x7fffffffu;
constexpr u64 kCanonicalNaN64 = 0xfff8000000000000ull;

// The bits of an F32 result with any NaN made canonical.
Value CanonicalF32Bits(Translator& t, Value result) {
    const Value bits = t.BitcastU32(result);
    const Value magnitude = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fffffff)});
    const Value is_nan = t.Spv(Op::OpUGreaterThan, Type::Bool, {magnitude, Value::U32(0x7f800000)});
    return t.Spv(Op::OpSelect, Type::U32, {is_nan, Value::U32(kCanonicalNaN), bits});
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

// The native result, or the exact one where a denormal is near.
Value Checked(Translator& t, Value native, std::initializer_list<Value> operands,
              const std::function<Value()>& exact) {
    Value use_exact = BelowNormal(t, native);
    for (const Value& operand : operands) {
        use_exact = t.Spv(Op::OpLogicalOr, Type::Bool, {use_exact, IsDenormal(t, operand)});
    }
    return t.Conditional(use_exact, native, exact);
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
    if (mode == Rounding::Nearest && NativeF32(t.Target(), false)) {
        return NativeF32Op(t, Op::OpFAdd, a, b);
    }
    if (mode == Rounding::Nearest && CheckedNativeF32(t.Target(), false)) {
        return Checked(t, NativeF32Op(t, Op::OpFAdd, a, b), {a, b},
                       [&] { return AddF32Bits(t, a, b, mode); });
    }
    return AddF32Bits(t, a, b, mode);
}

Value MulF32(Translator& t, Value a, Value b, Rounding mode) {
    if (mode == Rounding::Nearest && NativeF32(t.Target(), false)) {
        return NativeF32Op(t, Op::OpFMul, a, b);
    }
    if (mode == Rounding::Nearest && CheckedNativeF32(t.Target(), false)) {
        return Checked(t, NativeF32Op(t, Op::OpFMul, a, b), {a, b},
                       [&] { return MulF32Bits(t, a, b, mode); });
    }
    return MulF32Bits(t, a, b, mode);
}

Value FmaF32(Translator& t, Value a, Value b, Value c, Rounding mode) {
    const auto native_fma = [&] {
        return CanonicalF32Bits(t, t.Glsl(GLSLstd450Fma, Type::F32,
                                          {t.BitcastF32(a), t.BitcastF32(b), t.BitcastF32(c)}));
    };
    if (mode == Rounding::Nearest && NativeF32(t.Target(), true)) {
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
