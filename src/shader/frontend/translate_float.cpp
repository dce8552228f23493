// Single- and double-precision float arithmetic and comparison. Semantics: the PTX ISA manual
// (add/mul/fma .ftz/.sat, setp comparisons with their unordered forms), and for MUFU.SIN/COS
// the Volta+ convention that the operand is in revolutions (ptxas multiplies by 1/(2*pi) first).
#include <numbers>

#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

// FTZ: single-precision denormals read and written as zero of the same sign.
Value FlushDenormal(Translator& t, Value value) {
    const Value magnitude = t.Glsl(GLSLstd450FAbs, Type::F32, {value});
    const Value tiny =
        t.Spv(Op::OpFOrdLessThan, Type::Bool, {magnitude, Value::F32(1.17549435e-38f)});
    const Value zero = t.Spv(Op::OpFMul, Type::F32, {value, Value::F32(0.0f)});
    return t.Spv(Op::OpSelect, Type::F32, {tiny, zero, value});
}

Value Source(Translator& t, std::size_t operand) {
    const Value value = t.Float(operand);
    return t.Has("FTZ") ? FlushDenormal(t, value) : value;
}

void CheckRounding(Translator& t) {
    if (!t.EnumName({"RM", "RP", "RZ"}).empty()) {
        t.Unsupported("single-precision rounding mode ." + std::string(t.EnumName({"RM"})));
    }
}

void WriteResult(Translator& t, Value result) {
    if (t.Has("SAT")) {
        // NMax/NMin take the number when the other side is NaN: NaN saturates to 0.
        result = t.Glsl(GLSLstd450NMax, Type::F32, {result, Value::F32(0.0f)});
        result = t.Glsl(GLSLstd450NMin, Type::F32, {result, Value::F32(1.0f)});
    }
    if (t.Has("FTZ")) {
        result = FlushDenormal(t, result);
    }
    t.WriteDst(0, t.BitcastU32(result));
}

void Fadd(Translator& t) {
    CheckRounding(t);
    WriteResult(t, t.Spv(Op::OpFAdd, Type::F32, {Source(t, 1), Source(t, 2)}));
}

void Fmul(Translator& t) {
    CheckRounding(t);
    if (!t.EnumName({"D2", "M2"}).empty()) {
        t.Unsupported("FMUL scale ." + std::string(t.EnumName({"D2", "M2"})));
    }
    WriteResult(t, t.Spv(Op::OpFMul, Type::F32, {Source(t, 1), Source(t, 2)}));
}

void Ffma(Translator& t) {
    CheckRounding(t);
    WriteResult(t, t.Glsl(GLSLstd450Fma, Type::F32, {Source(t, 1), Source(t, 2), Source(t, 3)}));
}

// The float comparisons of FSETP and DSETP: ordered ones are false with a NaN, the U forms true.
Value FloatCompare(Translator& t, std::string_view how, Value a, Value b) {
    struct Entry {
        std::string_view name;
        Op op;
    };
    static constexpr Entry kOps[] = {
        {"LT", Op::OpFOrdLessThan},         {"EQ", Op::OpFOrdEqual},
        {"LE", Op::OpFOrdLessThanEqual},    {"GT", Op::OpFOrdGreaterThan},
        {"NE", Op::OpFOrdNotEqual},         {"GE", Op::OpFOrdGreaterThanEqual},
        {"LTU", Op::OpFUnordLessThan},      {"EQU", Op::OpFUnordEqual},
        {"LEU", Op::OpFUnordLessThanEqual}, {"GTU", Op::OpFUnordGreaterThan},
        {"NEU", Op::OpFUnordNotEqual},      {"GEU", Op::OpFUnordGreaterThanEqual},
    };
    if (how == "F" || how == "T") {
        return Value::Bool(how == "T");
    }
    const auto is_nan = [&](Value v) { return t.Spv(Op::OpIsNan, Type::Bool, {v}); };
    if (how == "NAN" || how == "NUM") {
        const Value either = t.Spv(Op::OpLogicalOr, Type::Bool, {is_nan(a), is_nan(b)});
        return how == "NAN" ? either : t.Spv(Op::OpLogicalNot, Type::Bool, {either});
    }
    for (const Entry& entry : kOps) {
        if (entry.name == how) {
            return t.Spv(entry.op, Type::Bool, {a, b});
        }
    }
    t.Unsupported("float comparison " + std::string(how));
}

void Fsetp(Translator& t) {
    const std::string_view how = t.EnumName({"LT", "NAN", "GEU"});
    WriteSetp(t, FloatCompare(t, how, Source(t, 2), Source(t, 3)), 4);
}

void Fsel(Translator& t) {
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32,
                        {t.Predicate(3), t.BitcastU32(t.Float(1)), t.BitcastU32(t.Float(2))}));
}

// FMNMX Rd, a, b, Pmin: the minimum when Pmin, else the maximum; a NaN operand loses.
void Fmnmx(Translator& t) {
    const Value a = Source(t, 1);
    const Value b = Source(t, 2);
    const Value min = t.Glsl(GLSLstd450NMin, Type::F32, {a, b});
    const Value max = t.Glsl(GLSLstd450NMax, Type::F32, {a, b});
    const Value result = t.Spv(Op::OpSelect, Type::F32, {t.Predicate(3), min, max});
    t.WriteDst(0, t.BitcastU32(t.Has("FTZ") ? FlushDenormal(t, result) : result));
}

// MUFU.op Rd, a: the hardware's approximate functions.
void Mufu(Translator& t) {
    const std::string_view function = t.EnumName({"COS", "RCP64H"});
    const Value a = t.Float(1);
    Value result;
    if (function == "RCP") {
        result = t.Spv(Op::OpFDiv, Type::F32, {Value::F32(1.0f), a});
    } else if (function == "RSQ") {
        result = t.Glsl(GLSLstd450InverseSqrt, Type::F32, {a});
    } else if (function == "SQRT") {
        result = t.Glsl(GLSLstd450Sqrt, Type::F32, {a});
    } else if (function == "EX2") {
        result = t.Glsl(GLSLstd450Exp2, Type::F32, {a});
    } else if (function == "LG2") {
        result = t.Glsl(GLSLstd450Log2, Type::F32, {a});
    } else if (function == "SIN" || function == "COS") {
        const Value radians =
            t.Spv(Op::OpFMul, Type::F32, {a, Value::F32(static_cast<float>(2 * std::numbers::pi))});
        result = t.Glsl(function == "SIN" ? GLSLstd450Sin : GLSLstd450Cos, Type::F32, {radians});
    } else if (function == "TANH") {
        result = t.Glsl(GLSLstd450Tanh, Type::F32, {a});
    } else if (function == "RCP64H" || function == "RSQ64H") {
        // The high word of an approximation of 1/x (1/sqrt(x)) for the double whose high word
        // is a: the low word is taken as zero, as the hardware's seed ignores it.
        const Value wide =
            t.Spv(Op::OpBitcast, Type::F64, {t.Pack64(Value::U32(0), t.BitcastU32(a))});
        const Value approx = function == "RCP64H"
                                 ? t.Spv(Op::OpFDiv, Type::F64, {Value::F64(1.0), wide})
                                 : t.Glsl(GLSLstd450InverseSqrt, Type::F64, {wide});
        t.WriteDst(0, t.Hi(t.Spv(Op::OpBitcast, Type::U64, {approx})));
        return;
    } else {
        t.Unsupported("MUFU." + std::string(function));
    }
    t.WriteDst(0, t.BitcastU32(result));
}

void CheckDoubleRounding(Translator& t) {
    if (!t.EnumName({"RM", "RP", "RZ"}).empty()) {
        t.Unsupported("double-precision rounding mode ." + std::string(t.EnumName({"RM"})));
    }
}

void WriteDouble(Translator& t, Value result) {
    t.WriteDst64(0, t.Spv(Op::OpBitcast, Type::U64, {result}));
}

void Dadd(Translator& t) {
    CheckDoubleRounding(t);
    WriteDouble(t, t.Spv(Op::OpFAdd, Type::F64, {t.Double(1), t.Double(2)}));
}

void Dmul(Translator& t) {
    CheckDoubleRounding(t);
    WriteDouble(t, t.Spv(Op::OpFMul, Type::F64, {t.Double(1), t.Double(2)}));
}

void Dfma(Translator& t) {
    CheckDoubleRounding(t);
    WriteDouble(t, t.Glsl(GLSLstd450Fma, Type::F64, {t.Double(1), t.Double(2), t.Double(3)}));
}

void Dsetp(Translator& t) {
    const std::string_view how = t.EnumName({"LT", "NAN", "GEU"});
    WriteSetp(t, FloatCompare(t, how, t.Double(2), t.Double(3)), 4);
}

}  // namespace

void AddFloatHandlers(HandlerTable& table) {
    table["FADD"] = Fadd;
    table["FMUL"] = Fmul;
    table["FFMA"] = Ffma;
    table["FSETP"] = Fsetp;
    table["FSEL"] = Fsel;
    table["FMNMX"] = Fmnmx;
    table["MUFU"] = Mufu;
    table["DADD"] = Dadd;
    table["DMUL"] = Dmul;
    table["DFMA"] = Dfma;
    table["DSETP"] = Dsetp;
}

}  // namespace shader::frontend
