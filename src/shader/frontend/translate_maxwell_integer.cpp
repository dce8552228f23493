// Maxwell's integer multiplies, comparisons to a register and size conversions: IMUL, IMUL32I,
// IMAD (.HI), ISET and I2I. Semantics: NVIDIA's PTX ISA manual (mul.lo / mul.hi, mad.lo /
// mad.hi, set, cvt with .sat), the operand layouts of forms_integer.cpp and forms_float.cpp.
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

struct Signedness {
    bool a = true;
    bool b = true;
};

// IMUL's {U32.U32, S32.U32, U32.S32, (S32.S32 prints nothing)}: a's type first.
Signedness MulTypes(Translator& t) {
    const sass::ModifierName types = t.EnumName({mod::kU32_U32, mod::kS32_U32});
    if (types.empty()) {
        return {};
    }
    return {types == mod::kS32_U32, types == mod::kU32_S32};
}

// IMAD's forms print their types as two literal modifiers (a's, then b's), none when both are
// signed.
Signedness MadTypes(Translator& t) {
    std::vector<std::string_view> types;
    for (const sass::Modifier& modifier : t.Inst().form->modifiers) {
        if (modifier.kind == sass::ModifierKind::Literal &&
            (modifier.names[0] == "U32" || modifier.names[0] == "S32")) {
            types.push_back(modifier.names[0]);
        }
    }
    if (types.size() != 2) {
        return {};
    }
    return {types[0] == "S32", types[1] == "S32"};
}

Value Widen(Translator& t, Value value, bool is_signed) {
    return t.Spv(is_signed ? Op::OpSConvert : Op::OpUConvert, Type::U64, {value});
}

// The low or the high word of a * b.
Value Multiply(Translator& t, Value a, Value b, Signedness types, bool high) {
    if (!high) {
        return t.Spv(Op::OpIMul, Type::U32, {a, b});
    }
    const Value product =
        t.Spv(Op::OpIMul, Type::U64, {Widen(t, a, types.a), Widen(t, b, types.b)});
    return t.Spv(Op::OpUConvert, Type::U32,
                 {t.Spv(Op::OpShiftRightLogical, Type::U64, {product, Value::U64(32)})});
}

// IMUL[.types][.HI] Rd, a, b and IMUL32I.
void Imul(Translator& t) {
    t.WriteDst(0, Multiply(t, t.Int(1), t.Int(2), MulTypes(t), t.Has(mod::kHI)));
}

// IMAD[.types][.HI] Rd, a, b, c: the low word of a * b, or with .HI its high word, plus c (a and
// c may be negated).
void Imad(Translator& t) {
    const Value product = Multiply(t, t.Int(1), t.Int(2), MadTypes(t), t.Has(mod::kHI));
    t.WriteDst(0, t.Spv(Op::OpIAdd, Type::U32, {product, t.Int(3)}));
}

// ISET[.BF].cmp[.U32].bool Rd, a, b, Pc: (a cmp b) bool Pc as all ones (1.0f with .BF) or 0.
void Iset(Translator& t) {
    const sass::ModifierName how = t.EnumName({mod::kLT, mod::kEQ, mod::kGT});
    const Value comparison = IntegerCompare(t, how, !t.Has(mod::kU32), t.Int(1), t.Int(2));
    const Value result = CombinePredicate(t, t.EnumName({mod::kAND, mod::kOR, mod::kXOR}),
                                          comparison, t.Predicate(3));
    const Value yes = Value::U32(t.Has(mod::kBF) ? 0x3f800000u : 0xffffffffu);
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {result, yes, Value::U32(0)}));
}

struct IntFormat {
    u32 bits = 32;
    bool is_signed = false;
};

IntFormat FormatNamed(Translator& t, std::string_view name) {
    for (const u32 bits : {8u, 16u, 32u}) {
        for (const bool is_signed : {false, true}) {
            if (name == (is_signed ? "S" : "U") + std::to_string(bits)) {
                return {bits, is_signed};
            }
        }
    }
    t.Unsupported("integer format ." + std::string(name));
}

// I2I.dst.src[.SAT] Rd, b[.B1|.H1 ...]: the source's byte or half picked by its selector,
// extended by its type, then |b| and -b, then cut to the destination's size (sign-extended
// where it is signed) or, with .SAT, clamped into its range.
void I2i(Translator& t) {
    std::vector<std::string_view> names;
    for (const sass::Modifier& modifier : t.Inst().form->modifiers) {
        // The destination's type is an enum; the source's an enum (8 and 32 bits) or a literal
        // (16 bits, whose selector names halves).
        if (modifier.kind == sass::ModifierKind::Enum && modifier.names.size() == 4 &&
            (modifier.names[0] == "U8" || modifier.names[0] == "S8")) {
            names.push_back(modifier.names.at(t.Field(modifier.field)));
        } else if (modifier.kind == sass::ModifierKind::Literal &&
                   (modifier.names[0] == "U16" || modifier.names[0] == "S16")) {
            names.push_back(modifier.names[0]);
        }
    }
    if (names.size() != 2) {
        t.Unsupported("I2I without its two formats");
    }
    const IntFormat dst = FormatNamed(t, names[0]);
    const IntFormat src = FormatNamed(t, names[1]);
    const sass::OperandSpec& spec = t.Spec(1);
    const u32 selector =
        spec.suffix >= 0 ? static_cast<u32>(t.Field(spec.suffix)) : 0;  // bytes 0..3
    if (selector * 8 + src.bits > 32) {
        t.Unsupported("I2I source selector past bit 31");
    }
    Value value = t.Raw(1);
    if (src.bits < 32 || selector != 0) {
        value = t.Spv(src.is_signed ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract, Type::U32,
                      {value, Value::U32(selector * 8), Value::U32(src.bits)});
    }
    if (t.Flag(spec.absolute)) {
        value = t.Glsl(GLSLstd450SAbs, Type::U32, {value});
    }
    if (t.Flag(spec.negate)) {
        value = t.Spv(Op::OpSNegate, Type::U32, {value});
    }
    const bool signed_source = src.is_signed || t.Flag(spec.negate);
    if (t.Has(mod::kSAT)) {
        if (dst.is_signed) {
            const s64 low = -(s64{1} << (dst.bits - 1));
            const s64 high = (s64{1} << (dst.bits - 1)) - 1;
            if (signed_source) {
                value = t.Glsl(
                    GLSLstd450SClamp, Type::U32,
                    {value, Value::U32(static_cast<u32>(low)), Value::U32(static_cast<u32>(high))});
            } else {
                value =
                    t.Glsl(GLSLstd450UMin, Type::U32, {value, Value::U32(static_cast<u32>(high))});
            }
        } else {
            const u32 high = dst.bits == 32 ? 0xffffffffu : (1u << dst.bits) - 1;
            if (signed_source) {
                value = t.Glsl(GLSLstd450SMax, Type::U32, {value, Value::U32(0)});
            }
            value = t.Glsl(GLSLstd450UMin, Type::U32, {value, Value::U32(high)});
        }
    } else if (dst.bits < 32) {
        value = t.Spv(dst.is_signed ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract, Type::U32,
                      {value, Value::U32(0), Value::U32(dst.bits)});
    }
    t.WriteDst(0, value);
}

}  // namespace

void AddMaxwellIntegerHandlers(HandlerTable& table) {
    table[op::kIMUL] = Imul;
    table[op::kIMUL32I] = Imul;
    table[op::kIMAD] = Imad;
    table[op::kISET] = Iset;
    table[op::kI2I] = I2i;
}

}  // namespace shader::frontend
