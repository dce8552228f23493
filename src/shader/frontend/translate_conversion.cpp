// Conversions between integers and floats of each width (F2I, I2F, I2FP, F2F, FRND, F2FP).
// Semantics: the PTX ISA manual's cvt (float-to-integer conversions saturate to the integer
// type's range; directed rounding modes), and NVIDIA's results in tests/shader/cuda/runs (NaN
// converts to 0 with .NTZ, to the sign-bit pattern 0x80...0 of the destination width without
// it; f16/bf16 NaN is 0x7fff).
#include <cmath>
#include <vector>

#include "shader/frontend/exact_float.h"
#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

// The printed names of the instruction's enum and literal modifiers, in the form's order
// (conversions name their destination type before their source type).
std::vector<std::string_view> ModifierNames(Translator& t) {
    std::vector<std::string_view> names;
    for (const sass::Modifier& modifier : t.Inst().form->modifiers) {
        if (modifier.kind == sass::ModifierKind::Enum) {
            names.push_back(modifier.names[t.Field(modifier.field)]);
        } else if (modifier.kind == sass::ModifierKind::Literal) {
            names.push_back(modifier.names[0]);
        }
    }
    return names;
}

Value FloatSource(Translator& t, bool is_double) {
    if (is_double) {
        return t.Double(1);
    }
    const Value value = t.Float(1);
    return t.Has(mod::kFTZ) ? FlushDenormal(t, value) : value;
}

// The f32 operand as U32 bits with its absolute value, negation and .FTZ applied in integer
// operations: a device that may flush denormals (the NVIDIA Vulkan driver does in OpFConvert)
// never sees it as a float.
Value F32SourceBits(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(1);
    Value bits = t.Raw(1);
    if (t.Flag(spec.absolute)) {
        bits = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fffffff)});
    }
    if (t.Flag(spec.negate)) {
        bits = t.Spv(Op::OpBitwiseXor, Type::U32, {bits, Value::U32(0x80000000)});
    }
    return t.Has(mod::kFTZ) ? FlushDenormalBits(t, bits) : bits;
}

// The f16 operand as the low 16 bits of a U32: its half picked by .H1, then its absolute value
// and negation applied to the sign bit.
Value F16SourceBits(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(1);
    Value bits = t.Raw(1);
    if (spec.suffix >= 0 && spec.suffix_names[t.Field(spec.suffix)] == ".H1") {
        bits = t.Spv(Op::OpShiftRightLogical, Type::U32, {bits, Value::U32(16)});
    }
    if (t.Flag(spec.absolute)) {
        bits = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fff)});
    }
    if (t.Flag(spec.negate)) {
        bits = t.Spv(Op::OpBitwiseXor, Type::U32, {bits, Value::U32(0x8000)});
    }
    return bits;
}

GLSLstd450 RoundToIntegral(Rounding mode) {
    switch (mode) {
        case Rounding::Down:
            return GLSLstd450Floor;
        case Rounding::Up:
            return GLSLstd450Ceil;
        case Rounding::Zero:
            return GLSLstd450Trunc;
        case Rounding::Nearest:
            break;
    }
    return GLSLstd450RoundEven;
}

Value FloatImm(bool is_double, double value) {
    return is_double ? Value::F64(value) : Value::F32(static_cast<float>(value));
}

// The largest float below 2^bits (the conversion's exclusive upper bound), for clamping.
Value BelowPowerOfTwo(bool is_double, int bits) {
    if (is_double) {
        return Value::F64(std::nextafter(std::ldexp(1.0, bits), 0.0));
    }
    return Value::F32(std::nextafter(std::ldexp(1.0f, bits), 0.0f));
}

// F2I[.FTZ][.U32|.S64|.U64][.F64][.FLOOR|.CEIL|.TRUNC][.NTZ] Rd, a
void F2i(Translator& t) {
    const sass::ModifierName wide_name = t.EnumName({mod::kU64, mod::kS64});
    const bool wide = !wide_name.empty();
    const bool is_signed = wide ? wide_name == mod::kS64 : t.EnumName({mod::kU32}) != mod::kU32;
    const sass::ModifierName source = t.EnumName({mod::kF16, mod::kF64});
    if (source == mod::kF16) {
        t.Unsupported("F2I from f16");
    }
    FloatToInt(t, is_signed, wide ? 64 : 32, source == mod::kF64);
}

}  // namespace

// The float in operand 1 rounded by the instruction's {FLOOR,CEIL,TRUNC} to an integer of `bits`
// (32 or 64), clamped to its range, NaN giving the sign bit's value (0 with .NTZ).
void FloatToInt(Translator& t, bool is_signed, int bits, bool is_double) {
    const bool wide = bits == 64;
    const Type float_type = is_double ? Type::F64 : Type::F32;
    const Type int_type = wide ? Type::U64 : Type::U32;
    const auto int_imm = [&](u64 v) {
        return wide ? Value::U64(v) : Value::U32(static_cast<u32>(v));
    };

    const Value rounded =
        t.Glsl(RoundToIntegral(RoundingOf(t.EnumName({mod::kFLOOR, mod::kCEIL, mod::kTRUNC}))),
               float_type, {FloatSource(t, is_double)});
    const int magnitude_bits = is_signed ? bits - 1 : bits;
    const Value lower = is_signed ? FloatImm(is_double, -std::ldexp(1.0, magnitude_bits))
                                  : FloatImm(is_double, 0.0);
    const Value upper = FloatImm(is_double, std::ldexp(1.0, magnitude_bits));
    const u64 sign_bit = u64{1} << (bits - 1);
    const u64 max = is_signed ? sign_bit - 1 : (wide ? ~u64{0} : (u64{1} << bits) - 1);
    const u64 min = is_signed ? sign_bit : 0;

    // Clamp first so that the conversion itself is always in range (out-of-range conversions
    // are undefined in SPIR-V); NMax/NMin turn a NaN into the bound, replaced below.
    Value safe = t.Glsl(GLSLstd450NMax, float_type, {rounded, lower});
    safe = t.Glsl(GLSLstd450NMin, float_type, {safe, BelowPowerOfTwo(is_double, magnitude_bits)});
    Value result = t.Spv(is_signed ? Op::OpConvertFToS : Op::OpConvertFToU, int_type, {safe});
    const Value too_big = t.Spv(Op::OpFOrdGreaterThanEqual, Type::Bool, {rounded, upper});
    const Value too_small = t.Spv(Op::OpFOrdLessThan, Type::Bool, {rounded, lower});
    result = t.Spv(Op::OpSelect, int_type, {too_big, int_imm(max), result});
    result = t.Spv(Op::OpSelect, int_type, {too_small, int_imm(min), result});
    const Value nan_result = int_imm(t.Has(mod::kNTZ) ? 0 : sign_bit);
    result = t.Spv(Op::OpSelect, int_type,
                   {t.Spv(Op::OpIsNan, Type::Bool, {rounded}), nan_result, result});
    if (wide) {
        t.WriteDst64(0, result);
    } else {
        t.WriteDst(0, result);
    }
}

namespace {}  // namespace

// Directed modes start from the round-to-nearest conversion of the magnitude and compare it,
// converted back exactly, with the magnitude.
Value IntToFloat(Translator& t, Value value, bool is_signed, Type float_type, Rounding mode) {
    const Type int_type = value.GetType();
    if (mode == Rounding::Nearest) {
        return t.Spv(is_signed ? Op::OpConvertSToF : Op::OpConvertUToF, float_type, {value});
    }
    const bool wide = int_type == Type::U64;
    const Value zero = wide ? Value::U64(0) : Value::U32(0);
    const Value negative =
        is_signed ? t.Spv(Op::OpSLessThan, Type::Bool, {value, zero}) : Value::Bool(false);
    // SAbs of the most negative value is itself, which read unsigned is its magnitude.
    const Value magnitude = is_signed ? t.Glsl(GLSLstd450SAbs, int_type, {value}) : value;
    const Value nearest = t.Spv(Op::OpConvertUToF, float_type, {magnitude});
    const Value wide_magnitude = wide ? magnitude : t.Spv(Op::OpUConvert, Type::U64, {magnitude});
    // Back to an integer: exact, except that a 64-bit magnitude may have rounded up to 2^64.
    const Value overflowed =
        t.Spv(Op::OpFOrdGreaterThanEqual, Type::Bool,
              {nearest, float_type == Type::F64 ? Value::F64(0x1p64) : Value::F32(0x1p64f)});
    const Value safe =
        t.Spv(Op::OpSelect, float_type,
              {overflowed, float_type == Type::F64 ? Value::F64(0.0) : Value::F32(0.0f), nearest});
    const Value back = t.Spv(Op::OpConvertFToU, Type::U64, {safe});
    const Value magnitude_below =
        t.Spv(Op::OpLogicalOr, Type::Bool,
              {overflowed, t.Spv(Op::OpULessThan, Type::Bool, {wide_magnitude, back})});
    const Value magnitude_above =
        t.Spv(Op::OpLogicalAnd, Type::Bool,
              {t.Spv(Op::OpLogicalNot, Type::Bool, {overflowed}),
               t.Spv(Op::OpUGreaterThan, Type::Bool, {wide_magnitude, back})});
    const Value signed_nearest = t.Spv(
        Op::OpSelect, float_type, {negative, t.Spv(Op::OpFNegate, float_type, {nearest}), nearest});
    const Value below =
        t.Spv(Op::OpSelect, Type::Bool, {negative, magnitude_above, magnitude_below});
    const Value above =
        t.Spv(Op::OpSelect, Type::Bool, {negative, magnitude_below, magnitude_above});
    return RoundDirected(t, mode, signed_nearest, below, above);
}

namespace {

void WriteFloat(Translator& t, Value result) {
    if (result.GetType() == Type::F64) {
        t.WriteDst64(0, t.Spv(Op::OpBitcast, Type::U64, {result}));
    } else {
        t.WriteDst(0, t.BitcastU32(result));
    }
}

// I2F[.F16|.F64][.U32|.S64|.U64][.RM|.RP|.RZ] Rd, a
void I2f(Translator& t) {
    const sass::ModifierName destination = t.EnumName({mod::kF16, mod::kF64});
    if (destination == mod::kF16) {
        t.Unsupported("I2F to f16");
    }
    const sass::ModifierName wide_name = t.EnumName({mod::kU64, mod::kS64});
    const bool wide = !wide_name.empty();
    const bool is_signed = wide ? wide_name == mod::kS64 : t.EnumName({mod::kU32}) != mod::kU32;
    const Value value = wide ? t.Int64(1) : t.Int(1);
    const Type float_type = destination == mod::kF64 ? Type::F64 : Type::F32;
    WriteFloat(t, IntToFloat(t, value, is_signed, float_type,
                             RoundingOf(t.EnumName({mod::kRM, mod::kRP, mod::kRZ}))));
}

// I2FP.F32.{S32,U32}[.RZ] Rd, a
void I2fp(Translator& t) {
    const bool is_signed = t.EnumName({mod::kU32, mod::kS32}) == mod::kS32;
    WriteFloat(t,
               IntToFloat(t, t.Int(1), is_signed, Type::F32, RoundingOf(t.EnumName({mod::kRZ}))));
}

// F2F[.FTZ].dst.src[.RM|.RP|.RZ] Rd, a
void F2f(Translator& t) {
    const std::vector<std::string_view> names = ModifierNames(t);
    const std::string_view destination = names.at(0);
    const std::string_view source = names.at(1);
    const Rounding mode = RoundingOf(t.EnumName({mod::kRM, mod::kRP, mod::kRZ}));
    if (destination == "F64" && source == "F32") {
        WriteFloat(t, t.Target().denorm_preserve_f32
                          ? t.Spv(Op::OpFConvert, Type::F64, {FloatSource(t, false)})
                          : WidenF32Bits(t, F32SourceBits(t)));
        return;
    }
    if (destination == "F32" && source == "F64") {
        const Value x = t.Double(1);
        const Value nearest = t.Spv(Op::OpFConvert, Type::F32, {x});
        const Value back = t.Spv(Op::OpFConvert, Type::F64, {nearest});
        const Value below = t.Spv(Op::OpFOrdLessThan, Type::Bool, {x, back});
        const Value above = t.Spv(Op::OpFOrdGreaterThan, Type::Bool, {x, back});
        Value result = RoundDirected(t, mode, nearest, below, above);
        if (t.Has(mod::kFTZ)) {
            result = FlushDenormal(t, result);
        }
        WriteFloat(t, result);
        return;
    }
    if (destination == "F16" && source == "F32" &&
        (mode == Rounding::Nearest || mode == Rounding::Zero)) {
        const Value bits = t.BitcastU32(FloatSource(t, false));
        t.WriteDst(0, F32BitsToHalf(t, bits, mode == Rounding::Zero));
        return;
    }
    if (destination == "F32" && source == "F16") {
        t.WriteDst(0, t.BitcastU32(HalfToF32(t, F16SourceBits(t))));
        return;
    }
    t.Unsupported("F2F from " + std::string(source) + " to " + std::string(destination));
}

// FRND[.FTZ][.FLOOR|.CEIL|.TRUNC] Rd, a: round to an integral value (to nearest even by
// default), staying a float.
void Frnd(Translator& t) {
    if (t.Has(mod::kF16) || t.Has(mod::kF64)) {
        t.Unsupported(t.Has(mod::kF16) ? "FRND.F16" : "FRND.F64");
    }
    Value value = t.Float(1);
    if (t.Has(mod::kFTZ)) {
        value = FlushDenormal(t, value);
    }
    const Rounding mode = RoundingOf(t.EnumName({mod::kFLOOR, mod::kCEIL, mod::kTRUNC}));
    Value result = t.Glsl(RoundToIntegral(mode), Type::F32, {value});
    if (t.Has(mod::kFTZ)) {
        result = FlushDenormal(t, result);
    }
    t.WriteDst(0, t.BitcastU32(result));
}

// F2FP[.BF16].PACK_AB Rd, a, b: a rounded to f16 (bf16) in the high half, b in the low half.
void F2fp(Translator& t) {
    if (t.Has(mod::kRELU) || t.Has(mod::kSATFINITE)) {
        t.Unsupported("F2FP with .RELU or .SATFINITE");
    }
    const bool bf16 = t.Has(mod::kBF16);
    const auto convert = [&](std::size_t operand) {
        const Value bits = t.Raw(operand);
        return bf16 ? F32BitsToBf16(t, bits) : F32BitsToHalf(t, bits, false);
    };
    const Value high = convert(1);
    const Value low = convert(2);
    t.WriteDst(0, t.Spv(Op::OpBitwiseOr, Type::U32,
                        {t.Spv(Op::OpShiftLeftLogical, Type::U32, {high, Value::U32(16)}), low}));
}

}  // namespace

void AddConversionHandlers(HandlerTable& table) {
    table[op::kF2I] = F2i;
    table[op::kI2F] = I2f;
    table[op::kI2FP] = I2fp;
    table[op::kF2F] = F2f;
    table[op::kFRND] = Frnd;
    table[op::kF2FP] = F2fp;
}

}  // namespace shader::frontend
