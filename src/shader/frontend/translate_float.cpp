// Single- and double-precision float arithmetic and comparison. Semantics: the PTX ISA manual
// (add/mul/fma .ftz/.sat, setp comparisons with their unordered forms), and for MUFU.SIN/COS
// the Volta+ convention that the operand is in revolutions (ptxas multiplies by 1/(2*pi) first).
#include <numbers>

#include "shader/frontend/exact_float.h"
#include "shader/frontend/float_arith.h"
#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

Value Source(Translator& t, std::size_t operand) {
    const Value value = t.Float(operand);
    return t.Has(mod::kFTZ) ? FlushDenormal(t, value) : value;
}

Rounding Mode(Translator& t) {
    return RoundingOf(t.EnumName({mod::kRM, mod::kRP, mod::kRZ}));
}

// An f32 operand as U32 bits with its absolute value, negation and .FTZ applied in integer
// operations, so that no device flushes or quiets anything on the way.
Value SourceBits(Translator& t, std::size_t operand) {
    const sass::OperandSpec& spec = t.Spec(operand);
    Value bits = t.Raw(operand);
    if (t.Flag(spec.absolute)) {
        bits = t.Spv(Op::OpBitwiseAnd, Type::U32, {bits, Value::U32(0x7fffffff)});
    }
    if (t.Flag(spec.negate)) {
        bits = t.Spv(Op::OpBitwiseXor, Type::U32, {bits, Value::U32(0x80000000)});
    }
    return t.Has(mod::kFTZ) ? FlushDenormalBits(t, bits) : bits;
}

// .SAT clamps to [+0, 1] (NaN and negative values, -0 included, become +0), then .FTZ.
void WriteResultBits(Translator& t, Value bits) {
    if (t.Has(mod::kSAT)) {
        const Value not_above_one =
            t.Spv(Op::OpULessThanEqual, Type::Bool, {bits, Value::U32(0x3f800000)});
        const Value positive_number =
            t.Spv(Op::OpULessThanEqual, Type::Bool, {bits, Value::U32(0x7f800000)});
        bits = t.Spv(Op::OpSelect, Type::U32,
                     {positive_number,
                      t.Spv(Op::OpSelect, Type::U32, {not_above_one, bits, Value::U32(0x3f800000)}),
                      Value::U32(0)});
    }
    if (t.Has(mod::kFTZ)) {
        bits = FlushDenormalBits(t, bits);
    }
    t.WriteDst(0, bits);
}

void Fadd(Translator& t) {
    WriteResultBits(t, AddF32(t, SourceBits(t, 1), SourceBits(t, 2), Mode(t)));
}

// A finite f32 that overflowed in `mode`: infinity, or the largest finite number where the
// rounding goes toward zero (IEEE 754-2008 7.4).
Value OverflowBits(Translator& t, Value sign, Rounding mode) {
    const Value negative = t.Spv(Op::OpINotEqual, Type::Bool, {sign, Value::U32(0)});
    Value to_infinity = Value::Bool(mode == Rounding::Nearest);
    if (mode == Rounding::Up || mode == Rounding::Down) {
        to_infinity =
            mode == Rounding::Down ? negative : t.Spv(Op::OpLogicalNot, Type::Bool, {negative});
    }
    const Value magnitude = t.Spv(Op::OpSelect, Type::U32,
                                  {to_infinity, Value::U32(0x7f800000), Value::U32(0x7f7fffff)});
    return t.Spv(Op::OpBitwiseOr, Type::U32, {sign, magnitude});
}

// FMUL.{D8,D4,D2,M2,M4,M8}.FTZ: a * b * 2^k rounded once (graphics shaders have FMUL.FTZ.D2).
// The scale goes into an operand that stays normal with it, which makes it exact; only when
// neither does (both at the ends of the range, so the product underflows or overflows) is the
// rounded product scaled, flushing what falls below the normal range as .FTZ does.
Value ScaledProduct(Translator& t, Value a, Value b, int scale, Rounding mode) {
    const auto exponent = [&](Value bits) {
        return t.Spv(
            Op::OpBitwiseAnd, Type::U32,
            {t.Spv(Op::OpShiftRightLogical, Type::U32, {bits, Value::U32(23)}), Value::U32(0xff)});
    };
    const auto in_normal_range = [&](Value e) {  // 1 <= e <= 254
        return t.Spv(Op::OpULessThan, Type::Bool,
                     {t.Spv(Op::OpISub, Type::U32, {e, Value::U32(1)}), Value::U32(254)});
    };
    const auto stays_normal = [&](Value bits) {  // a normal number, and still with the scale
        const Value e = exponent(bits);
        const Value moved = t.Spv(Op::OpIAdd, Type::U32, {e, Value::U32(static_cast<u32>(scale))});
        return t.Spv(Op::OpLogicalAnd, Type::Bool, {in_normal_range(e), in_normal_range(moved)});
    };
    const Value step = Value::U32(static_cast<u32>(scale) << 23);
    const Value a_scaled = stays_normal(a);
    const Value b_normal = stays_normal(b);
    const Value b_scaled = t.Spv(Op::OpLogicalAnd, Type::Bool,
                                 {t.Spv(Op::OpLogicalNot, Type::Bool, {a_scaled}), b_normal});
    const Value x =
        t.Spv(Op::OpSelect, Type::U32, {a_scaled, t.Spv(Op::OpIAdd, Type::U32, {a, step}), a});
    const Value y =
        t.Spv(Op::OpSelect, Type::U32, {b_scaled, t.Spv(Op::OpIAdd, Type::U32, {b, step}), b});
    const Value product = MulF32(t, x, y, mode);
    // Neither operand took the scale: scale the rounded product (zeros, infinities and NaNs
    // stay as they are).
    const Value sign = t.Spv(Op::OpBitwiseAnd, Type::U32, {product, Value::U32(0x80000000)});
    const Value e = exponent(product);
    const Value special = t.Spv(Op::OpLogicalOr, Type::Bool,
                                {t.Spv(Op::OpIEqual, Type::Bool, {e, Value::U32(0)}),
                                 t.Spv(Op::OpIEqual, Type::Bool, {e, Value::U32(0xff)})});
    const Value moved = t.Spv(Op::OpIAdd, Type::U32, {e, Value::U32(static_cast<u32>(scale))});
    Value scaled = t.Spv(Op::OpIAdd, Type::U32, {product, step});
    if (scale < 0) {
        const Value underflow = t.Spv(Op::OpSLessThan, Type::Bool, {moved, Value::U32(1)});
        scaled = t.Spv(Op::OpSelect, Type::U32, {underflow, sign, scaled});
    } else {
        const Value overflow = t.Spv(Op::OpSGreaterThan, Type::Bool, {moved, Value::U32(254)});
        scaled = t.Spv(Op::OpSelect, Type::U32, {overflow, OverflowBits(t, sign, mode), scaled});
    }
    const Value residual = t.Spv(Op::OpSelect, Type::U32, {special, product, scaled});
    const Value neither = t.Spv(Op::OpLogicalNot, Type::Bool,
                                {t.Spv(Op::OpLogicalOr, Type::Bool, {a_scaled, b_normal})});
    return t.Spv(Op::OpSelect, Type::U32, {neither, residual, product});
}

void Fmul(Translator& t) {
    const sass::ModifierName scale_name = t.EnumName({mod::kD2, mod::kM2});
    if (scale_name.empty()) {
        WriteResultBits(t, MulF32(t, SourceBits(t, 1), SourceBits(t, 2), Mode(t)));
        return;
    }
    if (!t.Has(mod::kFTZ)) {
        // Without .FTZ a result below the normal range would need its own rounding.
        t.Unsupported("FMUL scale ." + std::string(scale_name.text) + " without .FTZ");
    }
    static constexpr std::pair<sass::ModifierName, int> kScales[] = {{mod::kD8, -3}, {mod::kD4, -2},
                                                                     {mod::kD2, -1}, {mod::kM2, 1},
                                                                     {mod::kM4, 2},  {mod::kM8, 3}};
    for (const auto& [name, scale] : kScales) {
        if (name == scale_name) {
            WriteResultBits(t,
                            ScaledProduct(t, SourceBits(t, 1), SourceBits(t, 2), scale, Mode(t)));
            return;
        }
    }
    t.Unsupported("FMUL scale ." + std::string(scale_name.text));
}

void Ffma(Translator& t) {
    WriteResultBits(t, FmaF32(t, SourceBits(t, 1), SourceBits(t, 2), SourceBits(t, 3), Mode(t)));
}

// The float comparisons of FSETP and DSETP: ordered ones are false with a NaN, the U forms true.
Value FloatCompare(Translator& t, sass::ModifierName how, Value a, Value b) {
    struct Entry {
        sass::ModifierName name;
        Op op;
    };
    static constexpr Entry kOps[] = {
        {mod::kLT, Op::OpFOrdLessThan},         {mod::kEQ, Op::OpFOrdEqual},
        {mod::kLE, Op::OpFOrdLessThanEqual},    {mod::kGT, Op::OpFOrdGreaterThan},
        {mod::kNE, Op::OpFOrdNotEqual},         {mod::kGE, Op::OpFOrdGreaterThanEqual},
        {mod::kLTU, Op::OpFUnordLessThan},      {mod::kEQU, Op::OpFUnordEqual},
        {mod::kLEU, Op::OpFUnordLessThanEqual}, {mod::kGTU, Op::OpFUnordGreaterThan},
        {mod::kNEU, Op::OpFUnordNotEqual},      {mod::kGEU, Op::OpFUnordGreaterThanEqual},
    };
    if (how == mod::kF || how == mod::kT) {
        return Value::Bool(how == mod::kT);
    }
    const auto is_nan = [&](Value v) { return t.Spv(Op::OpIsNan, Type::Bool, {v}); };
    if (how == mod::kNAN || how == mod::kNUM) {
        const Value either = t.Spv(Op::OpLogicalOr, Type::Bool, {is_nan(a), is_nan(b)});
        return how == mod::kNAN ? either : t.Spv(Op::OpLogicalNot, Type::Bool, {either});
    }
    for (const Entry& entry : kOps) {
        if (entry.name == how) {
            return t.Spv(entry.op, Type::Bool, {a, b});
        }
    }
    t.Unsupported("float comparison " + std::string(how.text));
}

void Fsel(Translator& t) {
    if (t.Has(mod::kFTZ)) {
        t.Unsupported("FSEL.FTZ");
    }
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32,
                        {t.Predicate(3), t.BitcastU32(t.Float(1)), t.BitcastU32(t.Float(2))}));
}

// FMNMX Rd, a, b, Pmin: the minimum when Pmin, else the maximum; a NaN operand loses.
void Fmnmx(Translator& t) {
    if (t.Has(mod::kNAN) || t.Has(mod::kXORSIGN)) {
        t.Unsupported(t.Has(mod::kNAN) ? "FMNMX.NAN" : "FMNMX.XORSIGN");
    }
    const Value a = Source(t, 1);
    const Value b = Source(t, 2);
    const Value min = t.Glsl(GLSLstd450NMin, Type::F32, {a, b});
    const Value max = t.Glsl(GLSLstd450NMax, Type::F32, {a, b});
    const Value result = t.Spv(Op::OpSelect, Type::F32, {t.Predicate(3), min, max});
    t.WriteDst(0, t.BitcastU32(t.Has(mod::kFTZ) ? FlushDenormal(t, result) : result));
}

// MUFU.RCP64H / RSQ64H: the high word of an approximation of 1/x (1/sqrt(x)) for the double
// whose high word is `high` (the low word taken as zero: the hardware's seed ignores it). Zeros
// (and denormals, whose seed the hardware flushes), infinities, NaNs and negative square roots
// are answered from the bits: Vulkan leaves 1/0 and inversesqrt(0) undefined where the device
// does not preserve infinities (NVIDIA's f64), and ptxas' division and sqrt rely on them.
Value Mufu64High(Translator& t, bool reciprocal, Value high) {
    const Value sign = t.Spv(Op::OpBitwiseAnd, Type::U32, {high, Value::U32(0x80000000)});
    const Value magnitude = t.Spv(Op::OpBitwiseAnd, Type::U32, {high, Value::U32(0x7fffffff)});
    const Value exponent = t.Spv(Op::OpShiftRightLogical, Type::U32, {magnitude, Value::U32(20)});
    const Value is_zero = t.Spv(Op::OpIEqual, Type::Bool, {exponent, Value::U32(0)});
    const Value is_inf = t.Spv(Op::OpIEqual, Type::Bool, {magnitude, Value::U32(0x7ff00000)});
    const Value is_nan = t.Spv(Op::OpUGreaterThan, Type::Bool, {magnitude, Value::U32(0x7ff00000)});
    const Value wide = t.Spv(Op::OpBitcast, Type::F64, {t.Pack64(Value::U32(0), high)});
    const Value approx = reciprocal ? t.Spv(Op::OpFDiv, Type::F64, {Value::F64(1.0), wide})
                                    : t.Glsl(GLSLstd450InverseSqrt, Type::F64, {wide});
    Value result = t.Hi(t.Spv(Op::OpBitcast, Type::U64, {approx}));
    const Value infinity = t.Spv(Op::OpBitwiseOr, Type::U32, {sign, Value::U32(0x7ff00000)});
    const Value nan = Value::U32(0x7fffffff);
    if (reciprocal) {
        // 1/±0 = ±inf, 1/±inf = ±0.
        result = t.Spv(Op::OpSelect, Type::U32, {is_inf, sign, result});
    } else {
        // 1/sqrt(±0) = ±inf, 1/sqrt(+inf) = +0, 1/sqrt(negative) = NaN.
        const Value negative = t.Spv(Op::OpLogicalAnd, Type::Bool,
                                     {t.Spv(Op::OpINotEqual, Type::Bool, {sign, Value::U32(0)}),
                                      t.Spv(Op::OpLogicalNot, Type::Bool, {is_zero})});
        result = t.Spv(Op::OpSelect, Type::U32, {is_inf, Value::U32(0), result});
        result = t.Spv(Op::OpSelect, Type::U32, {negative, nan, result});
    }
    result = t.Spv(Op::OpSelect, Type::U32, {is_zero, infinity, result});
    return t.Spv(Op::OpSelect, Type::U32, {is_nan, nan, result});
}

// MUFU.op Rd, a: the hardware's approximate functions.
void Mufu(Translator& t) {
    const sass::ModifierName function = t.EnumName({mod::kCOS, mod::kRCP64H});
    const Value a = t.Float(1);
    Value result;
    if (function == mod::kRCP) {
        result = t.Spv(Op::OpFDiv, Type::F32, {Value::F32(1.0f), a});
    } else if (function == mod::kRSQ) {
        result = t.Glsl(GLSLstd450InverseSqrt, Type::F32, {a});
    } else if (function == mod::kSQRT) {
        result = t.Glsl(GLSLstd450Sqrt, Type::F32, {a});
    } else if (function == mod::kEX2) {
        result = t.Glsl(GLSLstd450Exp2, Type::F32, {a});
    } else if (function == mod::kLG2) {
        result = t.Glsl(GLSLstd450Log2, Type::F32, {a});
    } else if (function == mod::kSIN || function == mod::kCOS) {
        const Value radians =
            t.Spv(Op::OpFMul, Type::F32, {a, Value::F32(static_cast<float>(2 * std::numbers::pi))});
        result =
            t.Glsl(function == mod::kSIN ? GLSLstd450Sin : GLSLstd450Cos, Type::F32, {radians});
    } else if (function == mod::kTANH) {
        result = t.Glsl(GLSLstd450Tanh, Type::F32, {a});
    } else if (function == mod::kRCP64H || function == mod::kRSQ64H) {
        t.WriteDst(0, Mufu64High(t, function == mod::kRCP64H, t.BitcastU32(a)));
        return;
    } else {
        t.Unsupported("MUFU." + std::string(function.text));
    }
    t.WriteDst(0, t.BitcastU32(result));
}

Value DoubleBits(Translator& t, std::size_t operand) {
    return t.Spv(Op::OpBitcast, Type::U64, {t.Double(operand)});
}

// DADD and DMUL: the device's f64 arithmetic in round-to-nearest where it keeps denormals
// (float_arith.h), computed in integer operations otherwise and in the directed roundings;
// DFMA in every mode in integer operations, exactly.
void Dadd(Translator& t) {
    t.WriteDst64(0, AddF64(t, DoubleBits(t, 1), DoubleBits(t, 2), Mode(t)));
}

void Dmul(Translator& t) {
    t.WriteDst64(0, MulF64(t, DoubleBits(t, 1), DoubleBits(t, 2), Mode(t)));
}

void Dfma(Translator& t) {
    t.WriteDst64(0, FmaF64Bits(t, DoubleBits(t, 1), DoubleBits(t, 2), DoubleBits(t, 3), Mode(t)));
}

// FCHK Pd, a, b: whether a / b must take the slow path of ptxas' IEEE division instead of the
// fast one (MUFU.RCP, one Newton step, quotient and remainder by FFMA). The fast path is exact
// when no step leaves the normal range; this says false only well inside it: a and b normal
// with exponents in [30, 254] and [3, 251], their difference in [-100, 125] (so 1/b, the
// quotient and the remainder, about ulp(a), are normal and finite), and true otherwise (zeros,
// denormals, infinities, NaNs, extreme quotients), which the slow path handles exactly.
void Fchk(Translator& t) {
    const auto exponent = [&](std::size_t operand) {
        return t.Spv(Op::OpBitwiseAnd, Type::U32,
                     {t.Spv(Op::OpShiftRightLogical, Type::U32, {t.Raw(operand), Value::U32(23)}),
                      Value::U32(0xff)});
    };
    const auto within = [&](Value value, u32 low, u32 high) {
        // low <= value <= high as one unsigned comparison.
        return t.Spv(
            Op::OpULessThanEqual, Type::Bool,
            {t.Spv(Op::OpISub, Type::U32, {value, Value::U32(low)}), Value::U32(high - low)});
    };
    const Value ea = exponent(1);
    const Value eb = exponent(2);
    const Value difference =
        t.Spv(Op::OpISub, Type::U32, {t.Spv(Op::OpIAdd, Type::U32, {ea, Value::U32(100)}), eb});
    Value safe = t.Spv(Op::OpLogicalAnd, Type::Bool, {within(ea, 30, 254), within(eb, 3, 251)});
    safe = t.Spv(Op::OpLogicalAnd, Type::Bool, {safe, within(difference, 0, 225)});
    t.WriteDst(0, t.Spv(Op::OpLogicalNot, Type::Bool, {safe}));
}

// DSETP.MIN (value 0 of the comparison field, F in FSETP) is the predicate pair ptxas builds
// fmin from: Pd picks a (a < b, or b is NaN; -0 below +0), Pd2 says both are NaN (the result is
// then b made quiet). Seen in double_ops: FSEL/SEL by Pd, then @Pd2 LOP3 ... 0x80000.
// Float comparisons on the bits (U32 for f32, U64 for f64): Vulkan lets a device fold
// comparisons with infinities and NaNs where it does not promise them (NVIDIA's driver for f64)
// and flush denormal operands where it does not promise those (NVIDIA's for f32: ptxas' double
// division compares the high word of x + 0x300402, as an f32, with a denormal near 2^-127), and
// ptxas' code relies on both. Each value maps to a signed integer key in the order of the floats
// (-0 and +0 both to 0).
Value Magnitude(Translator& t, Value bits) {
    const Type type = bits.GetType();
    const u64 mask = type == Type::U64 ? 0x7fffffffffffffffull : 0x7fffffffull;
    return t.Spv(Op::OpBitwiseAnd, type, {bits, Value::Imm(type, mask)});
}

Value FloatKey(Translator& t, Value bits) {
    const Type type = bits.GetType();
    const Value magnitude = Magnitude(t, bits);
    const Value negative = t.Spv(Op::OpSLessThan, Type::Bool, {bits, Value::Imm(type, 0)});
    return t.Spv(Op::OpSelect, type,
                 {negative, t.Spv(Op::OpSNegate, type, {magnitude}), magnitude});
}

Value IsNanOnBits(Translator& t, Value bits) {
    const Type type = bits.GetType();
    const u64 infinity = type == Type::U64 ? 0x7ff0000000000000ull : 0x7f800000ull;
    return t.Spv(Op::OpUGreaterThan, Type::Bool, {Magnitude(t, bits), Value::Imm(type, infinity)});
}

Value CompareOnBits(Translator& t, sass::ModifierName how, Value a, Value b) {
    if (how == mod::kF || how == mod::kT) {
        return Value::Bool(how == mod::kT);
    }
    const Value unordered =
        t.Spv(Op::OpLogicalOr, Type::Bool, {IsNanOnBits(t, a), IsNanOnBits(t, b)});
    if (how == mod::kNAN || how == mod::kNUM) {
        return how == mod::kNAN ? unordered : t.Spv(Op::OpLogicalNot, Type::Bool, {unordered});
    }
    const bool or_unordered = how.text.size() == 3 && how.text.back() == 'U';
    const std::string_view base = or_unordered ? how.text.substr(0, 2) : how.text;
    static constexpr std::pair<std::string_view, Op> kOps[] = {
        {"LT", Op::OpSLessThan},    {"EQ", Op::OpIEqual},    {"LE", Op::OpSLessThanEqual},
        {"GT", Op::OpSGreaterThan}, {"NE", Op::OpINotEqual}, {"GE", Op::OpSGreaterThanEqual}};
    for (const auto& [name, op] : kOps) {
        if (name != base) {
            continue;
        }
        const Value compared = t.Spv(op, Type::Bool, {FloatKey(t, a), FloatKey(t, b)});
        if (or_unordered) {
            return t.Spv(Op::OpLogicalOr, Type::Bool, {unordered, compared});
        }
        return t.Spv(Op::OpLogicalAnd, Type::Bool,
                     {t.Spv(Op::OpLogicalNot, Type::Bool, {unordered}), compared});
    }
    t.Unsupported("float comparison " + std::string(how.text));
}

// Flushing a denormal to zero cannot change how it compares with a literal whose exponent field
// is not zero (a normal number, an infinity or a NaN).
bool NormalLiteral(Translator& t, std::size_t operand) {
    const Value raw = t.Raw(operand).Resolve();
    return raw.IsImmediate() && (raw.Bits() & 0x7f800000) != 0;
}

// A float comparison is exact on a device that may flush denormal operands when none can reach
// it: with .FTZ (flushed before), or against a normal literal.
bool FloatCompareIsExact(Translator& t) {
    return t.Target().denorm_preserve_f32 || t.Has(mod::kFTZ) || NormalLiteral(t, 2) ||
           NormalLiteral(t, 3);
}

void Fsetp(Translator& t) {
    const sass::ModifierName how = t.EnumName({mod::kLT, mod::kNAN, mod::kGEU});
    if (!FloatCompareIsExact(t)) {
        WriteSetp(t, CompareOnBits(t, how, SourceBits(t, 2), SourceBits(t, 3)), 4);
        return;
    }
    WriteSetp(t, FloatCompare(t, how, Source(t, 2), Source(t, 3)), 4);
}

// DSETP.MIN Pd, Pd2, a, b: ptxas' fmin test. Pd: a is the minimum (a < b, or a = -0 against
// +0, or b NaN and a not); Pd2: both are NaN.
void DsetpMin(Translator& t) {
    const Value a = DoubleBits(t, 2);
    const Value b = DoubleBits(t, 3);
    const Value a_nan = IsNanOnBits(t, a);
    const Value b_nan = IsNanOnBits(t, b);
    const Value ordered =
        t.Spv(Op::OpLogicalNot, Type::Bool, {t.Spv(Op::OpLogicalOr, Type::Bool, {a_nan, b_nan})});
    const Value key_a = FloatKey(t, a);
    const Value key_b = FloatKey(t, b);
    const Value less = t.Spv(Op::OpSLessThan, Type::Bool, {key_a, key_b});
    const Value a_negative_zero = t.Spv(Op::OpLogicalAnd, Type::Bool,
                                        {t.Spv(Op::OpIEqual, Type::Bool, {key_a, key_b}),
                                         t.Spv(Op::OpSLessThan, Type::Bool, {a, Value::U64(0)})});
    Value pick_a = t.Spv(Op::OpLogicalAnd, Type::Bool,
                         {ordered, t.Spv(Op::OpLogicalOr, Type::Bool, {less, a_negative_zero})});
    pick_a = t.Spv(
        Op::OpLogicalOr, Type::Bool,
        {t.Spv(Op::OpLogicalAnd, Type::Bool, {b_nan, t.Spv(Op::OpLogicalNot, Type::Bool, {a_nan})}),
         pick_a});
    const Value both_nan = t.Spv(Op::OpLogicalAnd, Type::Bool, {a_nan, b_nan});
    const sass::ModifierName how = t.EnumName({mod::kAND, mod::kOR, mod::kXOR});
    const Value other = t.Predicate(4);
    t.WriteDst(0, CombinePredicate(t, how, pick_a, other));
    t.WriteDst(1, CombinePredicate(t, how, both_nan, other));
}

void Dsetp(Translator& t) {
    const sass::ModifierName how = t.EnumName({mod::kLT, mod::kNAN, mod::kGEU});
    if (how == mod::kMIN) {
        DsetpMin(t);
        return;
    }
    WriteSetp(t, CompareOnBits(t, how, DoubleBits(t, 2), DoubleBits(t, 3)), 4);
}

}  // namespace

void AddFloatHandlers(HandlerTable& table) {
    table[op::kFADD] = Fadd;
    table[op::kFMUL] = Fmul;
    table[op::kFFMA] = Ffma;
    table[op::kFSETP] = Fsetp;
    table[op::kFSEL] = Fsel;
    table[op::kFMNMX] = Fmnmx;
    table[op::kMUFU] = Mufu;
    table[op::kDADD] = Dadd;
    table[op::kDMUL] = Dmul;
    table[op::kDFMA] = Dfma;
    table[op::kDSETP] = Dsetp;
    table[op::kFCHK] = Fchk;
}

}  // namespace shader::frontend
