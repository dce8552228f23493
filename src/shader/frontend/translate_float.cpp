// Single- and double-precision float arithmetic and comparison. Semantics: the PTX ISA manual
// (add/mul/fma .ftz/.sat, setp comparisons with their unordered forms), and for MUFU.SIN/COS
// the Volta+ convention that the operand is in revolutions (ptxas multiplies by 1/(2*pi) first).
#include <numbers>

#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

Value Source(Translator& t, std::size_t operand) {
    const Value value = t.Float(operand);
    return t.Has("FTZ") ? FlushDenormal(t, value) : value;
}

Rounding Mode(Translator& t) {
    return RoundingOf(t.EnumName({"RM", "RP", "RZ"}));
}

Value IsPositiveZero(Translator& t, Value value) {
    const Type int_type = value.GetType() == Type::F64 ? Type::U64 : Type::U32;
    const Value zero = int_type == Type::U64 ? Value::U64(0) : Value::U32(0);
    return t.Spv(Op::OpIEqual, Type::Bool, {t.Spv(Op::OpBitcast, int_type, {value}), zero});
}

// The directed rounding of x + y (exactly), given its round-to-nearest result and the residual
// (exact - nearest, exact in sign). An exact zero sum of two values is +0 in every mode but RM,
// where it is -0 unless both were +0 (IEEE 754 6.3).
Value Directed(Translator& t, Rounding mode, Value nearest, Value residual, Value x, Value y) {
    const Type type = nearest.GetType();
    const Value zero = type == Type::F64 ? Value::F64(0.0) : Value::F32(0.0f);
    const Value residual_zero =
        residual.GetType() == Type::F64 ? Value::F64(0.0) : Value::F32(0.0f);
    const Value below = t.Spv(Op::OpFOrdLessThan, Type::Bool, {residual, residual_zero});
    const Value above = t.Spv(Op::OpFOrdGreaterThan, Type::Bool, {residual, residual_zero});
    Value result = RoundDirected(t, mode, nearest, below, above);
    if (mode == Rounding::Down && !x.IsEmpty()) {
        const Value exact_zero =
            t.Spv(Op::OpLogicalAnd, Type::Bool,
                  {t.Spv(Op::OpFOrdEqual, Type::Bool, {nearest, zero}),
                   t.Spv(Op::OpFOrdEqual, Type::Bool, {residual, residual_zero})});
        const Value both_positive =
            t.Spv(Op::OpLogicalAnd, Type::Bool, {IsPositiveZero(t, x), IsPositiveZero(t, y)});
        const Value negative_zero = type == Type::F64 ? Value::F64(-0.0) : Value::F32(-0.0f);
        const Value zero_sum = t.Spv(Op::OpSelect, type, {both_positive, zero, negative_zero});
        result = t.Spv(Op::OpSelect, type, {exact_zero, zero_sum, result});
    }
    return result;
}

Value Widen(Translator& t, Value f32) {
    return t.Spv(Op::OpFConvert, Type::F64, {f32});
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

// FADD/FMUL/FFMA with .RM/.RP/.RZ: the f32 residual is computed in f64, where the product of
// two f32s is exact (see ResidualF32).
void Fadd(Translator& t) {
    const Value a = Source(t, 1);
    const Value b = Source(t, 2);
    Value result = t.Spv(Op::OpFAdd, Type::F32, {a, b});
    if (const Rounding mode = Mode(t); mode != Rounding::Nearest) {
        const Value widened = Widen(t, a);
        result =
            Directed(t, mode, result, ResidualF32(t, widened, b, result), widened, Widen(t, b));
    }
    WriteResult(t, result);
}

void Fmul(Translator& t) {
    if (!t.EnumName({"D2", "M2"}).empty()) {
        t.Unsupported("FMUL scale ." + std::string(t.EnumName({"D2", "M2"})));
    }
    const Value a = Source(t, 1);
    const Value b = Source(t, 2);
    Value result = t.Spv(Op::OpFMul, Type::F32, {a, b});
    if (const Rounding mode = Mode(t); mode != Rounding::Nearest) {
        const Value product = t.Spv(Op::OpFMul, Type::F64, {Widen(t, a), Widen(t, b)});
        // A product's zero has its sign in every mode: no zero-sum rule.
        result =
            Directed(t, mode, result, ResidualF32(t, product, Value::F32(0.0f), result), {}, {});
    }
    WriteResult(t, result);
}

void Ffma(Translator& t) {
    const Value a = Source(t, 1);
    const Value b = Source(t, 2);
    const Value c = Source(t, 3);
    Value result = t.Glsl(GLSLstd450Fma, Type::F32, {a, b, c});
    if (const Rounding mode = Mode(t); mode != Rounding::Nearest) {
        const Value product = t.Spv(Op::OpFMul, Type::F64, {Widen(t, a), Widen(t, b)});
        result =
            Directed(t, mode, result, ResidualF32(t, product, c, result), product, Widen(t, c));
    }
    WriteResult(t, result);
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

void WriteDouble(Translator& t, Value result) {
    t.WriteDst64(0, t.Spv(Op::OpBitcast, Type::U64, {result}));
}

Value Magnitude64(Translator& t, Value value) {
    return t.Glsl(GLSLstd450FAbs, Type::F64, {value});
}

// DADD with a directed rounding: the residual by Fast2Sum (exact when |big| >= |small|, also
// for subnormal sums). The operands are ordered through a select, which also keeps a driver
// from folding (a + b) - a into b.
void Dadd(Translator& t) {
    const Value a = t.Double(1);
    const Value b = t.Double(2);
    Value result = t.Spv(Op::OpFAdd, Type::F64, {a, b});
    if (const Rounding mode = Mode(t); mode != Rounding::Nearest) {
        const Value a_bigger =
            t.Spv(Op::OpFOrdGreaterThanEqual, Type::Bool, {Magnitude64(t, a), Magnitude64(t, b)});
        const Value big = t.Spv(Op::OpSelect, Type::F64, {a_bigger, a, b});
        const Value small = t.Spv(Op::OpSelect, Type::F64, {a_bigger, b, a});
        const Value big_part = t.Spv(Op::OpFSub, Type::F64, {result, big});
        const Value residual = t.Spv(Op::OpFSub, Type::F64, {small, big_part});
        result = Directed(t, mode, result, residual, a, b);
    }
    WriteDouble(t, result);
}

// DMUL with a directed rounding: the residual a*b - r by one fma. Below 2^-900 the smaller
// operand and r are scaled by 2^160 (exactly) so that the residual is not lost to underflow; a
// zero r of a nonzero product (a total underflow) has the product's sign.
void Dmul(Translator& t) {
    const Value a = t.Double(1);
    const Value b = t.Double(2);
    Value result = t.Spv(Op::OpFMul, Type::F64, {a, b});
    if (const Rounding mode = Mode(t); mode != Rounding::Nearest) {
        const Value a_smaller =
            t.Spv(Op::OpFOrdLessThanEqual, Type::Bool, {Magnitude64(t, a), Magnitude64(t, b)});
        const Value smaller = t.Spv(Op::OpSelect, Type::F64, {a_smaller, a, b});
        const Value larger = t.Spv(Op::OpSelect, Type::F64, {a_smaller, b, a});
        const Value tiny =
            t.Spv(Op::OpFOrdLessThan, Type::Bool, {Magnitude64(t, result), Value::F64(0x1p-900)});
        const Value scale =
            t.Spv(Op::OpSelect, Type::F64, {tiny, Value::F64(0x1p160), Value::F64(1.0)});
        const Value scaled_result = t.Spv(Op::OpFMul, Type::F64, {result, scale});
        const Value residual = t.Glsl(GLSLstd450Fma, Type::F64,
                                      {t.Spv(Op::OpFMul, Type::F64, {smaller, scale}), larger,
                                       t.Spv(Op::OpFNegate, Type::F64, {scaled_result})});
        const Value zero_result = t.Spv(Op::OpFOrdEqual, Type::Bool, {result, Value::F64(0.0)});
        const Value nonzero_operands =
            t.Spv(Op::OpLogicalAnd, Type::Bool,
                  {t.Spv(Op::OpFOrdNotEqual, Type::Bool, {a, Value::F64(0.0)}),
                   t.Spv(Op::OpFOrdNotEqual, Type::Bool, {b, Value::F64(0.0)})});
        const Value underflow =
            t.Spv(Op::OpLogicalAnd, Type::Bool, {zero_result, nonzero_operands});
        // In a total underflow the residual's sign is the zero's: +-2^-1074 stands for it.
        const Value underflow_residual =
            t.Spv(Op::OpSelect, Type::F64,
                  {IsPositiveZero(t, result), Value::F64(0x1p-1074), Value::F64(-0x1p-1074)});
        result = Directed(t, mode, result,
                          t.Spv(Op::OpSelect, Type::F64, {underflow, underflow_residual, residual}),
                          {}, {});
    }
    WriteDouble(t, result);
}

void Dfma(Translator& t) {
    if (Mode(t) != Rounding::Nearest) {
        t.Unsupported("double-precision fma rounding mode ." + std::string(t.EnumName({"RM"})));
    }
    WriteDouble(t, t.Glsl(GLSLstd450Fma, Type::F64, {t.Double(1), t.Double(2), t.Double(3)}));
}

// DSETP.MIN (value 0 of the comparison field, F in FSETP) is the predicate pair ptxas builds
// fmin from: Pd picks a (a < b, or b is NaN; -0 below +0), Pd2 says both are NaN (the result is
// then b made quiet). Seen in double_ops: FSEL/SEL by Pd, then @Pd2 LOP3 ... 0x80000.
void DsetpMin(Translator& t) {
    const Value a = t.Double(2);
    const Value b = t.Double(3);
    const Value a_nan = t.Spv(Op::OpIsNan, Type::Bool, {a});
    const Value b_nan = t.Spv(Op::OpIsNan, Type::Bool, {b});
    const Value less = t.Spv(Op::OpFOrdLessThan, Type::Bool, {a, b});
    const Value a_negative_zero =
        t.Spv(Op::OpLogicalAnd, Type::Bool,
              {t.Spv(Op::OpFOrdEqual, Type::Bool, {a, b}),
               t.Spv(Op::OpSLessThan, Type::Bool,
                     {t.Spv(Op::OpBitcast, Type::U64, {a}), Value::U64(0)})});
    Value pick_a = t.Spv(Op::OpLogicalOr, Type::Bool, {less, a_negative_zero});
    pick_a = t.Spv(
        Op::OpLogicalOr, Type::Bool,
        {t.Spv(Op::OpLogicalAnd, Type::Bool, {b_nan, t.Spv(Op::OpLogicalNot, Type::Bool, {a_nan})}),
         pick_a});
    const Value both_nan = t.Spv(Op::OpLogicalAnd, Type::Bool, {a_nan, b_nan});
    const std::string_view how = t.EnumName({"AND", "OR", "XOR"});
    const Value other = t.Predicate(4);
    t.WriteDst(0, CombinePredicate(t, how, pick_a, other));
    t.WriteDst(1, CombinePredicate(t, how, both_nan, other));
}

void Dsetp(Translator& t) {
    const std::string_view how = t.EnumName({"LT", "NAN", "GEU"});
    if (how == "MIN") {
        DsetpMin(t);
        return;
    }
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
