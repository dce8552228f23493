// Packed half precision (HADD2, HMUL2, HFMA2, HMNMX2): two f16 lanes per register, each
// operand swizzled (.H0_H0 / .H1_H1 replicate one half, .F32 reads an f32 for both lanes).
// Lanes are computed in wider floats and rounded to f16 once, in integer operations, so that
// no Float16 capability is needed and the rounding is exactly round-to-nearest-even: an f16 sum
// or product rounded in f32 and then to f16 equals its direct rounding (24 >= 2 * 11 + 2,
// Figueroa's double-rounding condition); an fma is computed in f64 and brought to f32 with
// round-to-odd before the final rounding.
#include "shader/frontend/float_arith.h"
#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

struct Lanes {
    Value low;  // F32 (F64 where a lane is widened for an fma)
    Value high;
};

Lanes ReadLanes(Translator& t, std::size_t operand) {
    const sass::OperandSpec& spec = t.Spec(operand);
    const Value word = spec.kind == sass::OperandKind::HalfPair
                           ? Value::U32(static_cast<u32>(t.Field(spec.field)))
                           : t.Raw(operand);
    const std::string_view swizzle =
        spec.suffix >= 0 ? std::string_view(spec.suffix_names[t.Field(spec.suffix)]) : "";
    Lanes lanes;
    if (swizzle == ".F32") {
        lanes.low = lanes.high = t.BitcastF32(word);
    } else {
        const Value h0 =
            HalfToF32(t, t.Spv(Op::OpBitwiseAnd, Type::U32, {word, Value::U32(0xffff)}));
        const Value h1 =
            HalfToF32(t, t.Spv(Op::OpShiftRightLogical, Type::U32, {word, Value::U32(16)}));
        lanes.low = swizzle == ".H1_H1" ? h1 : h0;
        lanes.high = swizzle == ".H0_H0" ? h0 : h1;
    }
    for (Value* lane : {&lanes.low, &lanes.high}) {
        if (t.Flag(spec.absolute)) {
            *lane = t.Glsl(GLSLstd450FAbs, Type::F32, {*lane});
        }
        if (t.Flag(spec.negate)) {
            *lane = t.Spv(Op::OpFNegate, Type::F32, {*lane});
        }
    }
    return lanes;
}

Value Saturate(Translator& t, Value value) {
    const Type type = value.GetType();
    const Value zero = type == Type::F64 ? Value::F64(0.0) : Value::F32(0.0f);
    const Value one = type == Type::F64 ? Value::F64(1.0) : Value::F32(1.0f);
    // NMax/NMin take the number when the other side is NaN: NaN saturates to 0.
    value = t.Glsl(GLSLstd450NMax, type, {value, zero});
    return t.Glsl(GLSLstd450NMin, type, {value, one});
}

// One lane's result rounded to f16 (U32 holding 16 bits).
Value ToHalf(Translator& t, Value lane) {
    const Value bits =
        lane.GetType() == Type::F64 ? RoundToOddF32Bits(t, lane) : t.BitcastU32(lane);
    return F32BitsToHalf(t, bits, false);
}

// Writes the two lanes (F32 or F64, each the exact or once-rounded result), packed as f16 or,
// with .F32, the low lane alone as an f32.
void WriteLanes(Translator& t, Lanes result) {
    if (t.Has(mod::kSAT)) {
        result.low = Saturate(t, result.low);
        result.high = Saturate(t, result.high);
    }
    if (t.Has(mod::kF32)) {
        Value low = result.low;
        if (low.GetType() == Type::F64) {
            low = t.Spv(Op::OpFConvert, Type::F32, {low});
        }
        t.WriteDst(0, t.BitcastU32(low));
        return;
    }
    const Value high =
        t.Spv(Op::OpShiftLeftLogical, Type::U32, {ToHalf(t, result.high), Value::U32(16)});
    t.WriteDst(0, t.Spv(Op::OpBitwiseOr, Type::U32, {ToHalf(t, result.low), high}));
}

void CheckFlushToZero(Translator& t) {
    if (t.Has(mod::kFTZ)) {
        t.Unsupported("half-precision .FTZ");
    }
}

template <Op op>
void Binary(Translator& t) {
    CheckFlushToZero(t);
    const Lanes a = ReadLanes(t, 1);
    const Lanes b = ReadLanes(t, 2);
    WriteLanes(t, {t.Spv(op, Type::F32, {a.low, b.low}), t.Spv(op, Type::F32, {a.high, b.high})});
}

// HFMA2 Rd, a, b, c (also HFMA2.MMA, the same operation on another unit).
void Hfma2(Translator& t) {
    CheckFlushToZero(t);
    const Lanes a = ReadLanes(t, 1);
    const Lanes b = ReadLanes(t, 2);
    const Lanes c = ReadLanes(t, 3);
    // With an f32 result the fma is an f32 fma; with f16 results it is computed in f64 (the
    // product of two f16s is exact there) and rounded once to f16.
    const bool f32_result = t.Has(mod::kF32);
    const auto lane = [&](Value x, Value y, Value z) {
        if (f32_result) {
            // Rounded once on any device (GLSL.std.450 Fma may round twice).
            return t.BitcastF32(
                FmaF32(t, t.BitcastU32(x), t.BitcastU32(y), t.BitcastU32(z), Rounding::Nearest));
        }
        if (!t.Target().float64) {
            // The product of two f16s is exact in f32, and their sum rounded to odd there.
            const Value product = t.Spv(Op::OpFMul, Type::F32, {x, y});
            return t.BitcastF32(RoundToOddSumF32Bits(t, product, z));
        }
        // The product of two f16s is exact in f64, so even an Fma that rounds the product
        // first rounds the sum only once.
        const auto widen = [&](Value v) { return t.Spv(Op::OpFConvert, Type::F64, {v}); };
        return t.Glsl(GLSLstd450Fma, Type::F64, {widen(x), widen(y), widen(z)});
    };
    WriteLanes(t, {lane(a.low, b.low, c.low), lane(a.high, b.high, c.high)});
}

// HMNMX2 Rd, a, b, Pmin: per lane the minimum when Pmin, else the maximum; NaN loses.
void Hmnmx2(Translator& t) {
    CheckFlushToZero(t);
    const Lanes a = ReadLanes(t, 1);
    const Lanes b = ReadLanes(t, 2);
    const Value take_min = t.Predicate(3);
    const auto lane = [&](Value x, Value y) {
        const Value min = t.Glsl(GLSLstd450NMin, Type::F32, {x, y});
        const Value max = t.Glsl(GLSLstd450NMax, Type::F32, {x, y});
        return t.Spv(Op::OpSelect, Type::F32, {take_min, min, max});
    };
    WriteLanes(t, {lane(a.low, b.low), lane(a.high, b.high)});
}

}  // namespace

void AddHalfHandlers(HandlerTable& table) {
    table[op::kHADD2] = Binary<Op::OpFAdd>;
    table[op::kHMUL2] = Binary<Op::OpFMul>;
    table[op::kHFMA2] = Hfma2;
    table[op::kHMNMX2] = Hmnmx2;
}

}  // namespace shader::frontend
