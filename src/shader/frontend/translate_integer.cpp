// Integer arithmetic, logic and comparison. Semantics: the PTX ISA manual for the operations
// these instructions implement, Mesa NAK (nak_ir.rs, its constant folder) for carries, funnel
// shifts and LOP3 lookup tables.
#include <vector>

#include "shader/frontend/lookup_table.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

Value Add(Translator& t, Value a, Value b) {
    return t.Spv(Op::OpIAdd, Type::U32, {a, b});
}

Value Widen(Translator& t, Value value, bool is_signed) {
    return t.Spv(is_signed ? Op::OpSConvert : Op::OpUConvert, Type::U64, {value});
}

Value Narrow(Translator& t, Value value) {
    return t.Spv(Op::OpUConvert, Type::U32, {value});
}

Value Shr64(Translator& t, Value value, u32 bits) {
    return t.Spv(Op::OpShiftRightLogical, Type::U64, {value, Value::U32(bits)});
}

Value Bit(Translator& t, Value wide, u32 bit) {
    const Value shifted = Shr64(t, wide, bit);
    const Value masked = t.Spv(Op::OpBitwiseAnd, Type::U64, {shifted, Value::U64(1)});
    return t.Spv(Op::OpINotEqual, Type::Bool, {masked, Value::U64(0)});
}

Value BoolToU32(Translator& t, Value predicate) {
    return t.Spv(Op::OpSelect, Type::U32, {predicate, Value::U32(1), Value::U32(0)});
}

bool Writes(Translator& t, std::size_t operand) {
    return t.Field(t.Spec(operand).field) != kTruePredicate;
}

// One source of a carry-producing add, as its 33-bit contribution: a negated operand adds
// ~x + 1, so that x - 0 carries as the hardware's subtraction does.
Value CarryTerm(Translator& t, std::size_t operand) {
    const sass::OperandSpec& spec = t.Spec(operand);
    if (t.Flag(spec.negate)) {
        const Value inverted = t.Spv(Op::OpNot, Type::U32, {t.Raw(operand)});
        return t.Spv(Op::OpIAdd, Type::U64, {Widen(t, inverted, false), Value::U64(1)});
    }
    return Widen(t, t.Int(operand), false);
}

// IADD3 [.X] Rd, Pcarry0, Pcarry1, a, b, c [, Pcin0, Pcin1]
void Iadd3(Translator& t) {
    const bool extended = t.Has(mod::kX);
    const bool carries = Writes(t, 1) || Writes(t, 2);
    if (!carries) {
        Value sum = Add(t, Add(t, t.Int(3), t.Int(4)), t.Int(5));
        if (extended) {
            sum = Add(t, sum, BoolToU32(t, t.Predicate(6)));
            sum = Add(t, sum, BoolToU32(t, t.Predicate(7)));
        }
        t.WriteDst(0, sum);
        return;
    }
    Value sum = t.Spv(Op::OpIAdd, Type::U64, {CarryTerm(t, 3), CarryTerm(t, 4)});
    sum = t.Spv(Op::OpIAdd, Type::U64, {sum, CarryTerm(t, 5)});
    if (extended) {
        for (std::size_t cin : {6u, 7u}) {
            const Value term =
                t.Spv(Op::OpSelect, Type::U64, {t.Predicate(cin), Value::U64(1), Value::U64(0)});
            sum = t.Spv(Op::OpIAdd, Type::U64, {sum, term});
        }
    }
    t.WriteDst(0, Narrow(t, sum));
    t.WriteDst(1, Bit(t, sum, 32));
    t.WriteDst(2, Bit(t, sum, 33));
}

// IMAD Rd, a, b, c  /  IMAD.X Rd, a, b, c, Pcin  (MOV, SHL and IADD are aliases of the same).
void ImadLow(Translator& t) {
    Value result = Add(t, t.Spv(Op::OpIMul, Type::U32, {t.Int(1), t.Int(2)}), t.Int(3));
    if (t.Has(mod::kX)) {
        result = Add(t, result, BoolToU32(t, t.Predicate(4)));
    }
    t.WriteDst(0, result);
}

// IMAD.WIDE [.U32] Rd, Pcarry, a, b, c64
void ImadWide(Translator& t) {
    if (Writes(t, 1)) {
        t.Unsupported("IMAD.WIDE with a carry out");
    }
    const bool is_signed = !t.Has(mod::kU32);
    const Value product = t.Spv(Op::OpIMul, Type::U64,
                                {Widen(t, t.Int(2), is_signed), Widen(t, t.Int(3), is_signed)});
    t.WriteDst64(0, t.Spv(Op::OpIAdd, Type::U64, {product, t.Int64(4)}));
}

// IMAD.HI [.U32] Rd, Pcarry, a, b, c: the high word of a * b + c, where c is the 64-bit register
// pair starting at c. ptxas' integer division refines its quotient with
// `IMAD.HI.U32 R7, R7, R5, R6` where R6 = 0: R7 + umulhi(R7, R5).
void ImadHigh(Translator& t) {
    if (Writes(t, 1)) {
        t.Unsupported("IMAD.HI with a carry out");
    }
    const bool is_signed = !t.Has(mod::kU32);
    const Value product = t.Spv(Op::OpIMul, Type::U64,
                                {Widen(t, t.Int(2), is_signed), Widen(t, t.Int(3), is_signed)});
    const Value sum = t.Spv(Op::OpIAdd, Type::U64, {product, t.Int64(4)});
    t.WriteDst(0, Narrow(t, Shr64(t, sum, 32)));
}

void Imad(Translator& t) {
    if (t.Has(mod::kWIDE)) {
        ImadWide(t);
    } else if (t.Has(mod::kHI)) {
        ImadHigh(t);
    } else {
        ImadLow(t);
    }
}

Value Compare(Translator& t, sass::ModifierName how, bool is_signed, Value a, Value b) {
    if (how == mod::kF || how == mod::kT) {
        return Value::Bool(how == mod::kT);
    }
    struct Entry {
        sass::ModifierName name;
        Op signed_op;
        Op unsigned_op;
    };
    static constexpr Entry kOps[] = {
        {mod::kLT, Op::OpSLessThan, Op::OpULessThan},
        {mod::kEQ, Op::OpIEqual, Op::OpIEqual},
        {mod::kLE, Op::OpSLessThanEqual, Op::OpULessThanEqual},
        {mod::kGT, Op::OpSGreaterThan, Op::OpUGreaterThan},
        {mod::kNE, Op::OpINotEqual, Op::OpINotEqual},
        {mod::kGE, Op::OpSGreaterThanEqual, Op::OpUGreaterThanEqual},
    };
    for (const Entry& entry : kOps) {
        if (entry.name == how) {
            return t.Spv(is_signed ? entry.signed_op : entry.unsigned_op, Type::Bool, {a, b});
        }
    }
    t.Unsupported("comparison " + std::string(how.text));
}

}  // namespace

Value IntegerCompare(Translator& t, sass::ModifierName how, bool is_signed, Value a, Value b) {
    return Compare(t, how, is_signed, a, b);
}

Value CombinePredicate(Translator& t, sass::ModifierName how, Value a, Value b) {
    if (how == mod::kAND) {
        return t.Spv(Op::OpLogicalAnd, Type::Bool, {a, b});
    }
    if (how == mod::kOR) {
        return t.Spv(Op::OpLogicalOr, Type::Bool, {a, b});
    }
    if (how == mod::kXOR) {
        return t.Spv(Op::OpLogicalNotEqual, Type::Bool, {a, b});
    }
    t.Unsupported("predicate combination " + std::string(how.text));
}

// The two predicate results of a *SETP: the comparison and its negation, each combined with the
// third predicate source.
void WriteSetp(Translator& t, Value comparison, std::size_t combine_operand) {
    const sass::ModifierName how = t.EnumName({mod::kAND, mod::kOR, mod::kXOR});
    const Value other = t.Predicate(combine_operand);
    t.WriteDst(0, CombinePredicate(t, how, comparison, other));
    const Value negated = t.Spv(Op::OpLogicalNot, Type::Bool, {comparison});
    t.WriteDst(1, CombinePredicate(t, how, negated, other));
}

namespace {

// ISETP.cmp[.U32].bool[.EX] Pd, Pd2, a, b, Pc [, Pprevious]. EX compares the high words of a
// 64-bit comparison whose low words gave Pprevious.
void Isetp(Translator& t) {
    const sass::ModifierName how = t.EnumName({mod::kLT, mod::kEQ, mod::kGT});
    const bool is_signed = !t.Has(mod::kU32);
    const Value a = t.Int(2);
    const Value b = t.Int(3);
    Value comparison = Compare(t, how, is_signed, a, b);
    if (t.Has(mod::kEX)) {
        const Value previous = t.Predicate(5);
        const Value equal = t.Spv(Op::OpIEqual, Type::Bool, {a, b});
        const Value strict = how == mod::kLE   ? Compare(t, mod::kLT, is_signed, a, b)
                             : how == mod::kGE ? Compare(t, mod::kGT, is_signed, a, b)
                                               : comparison;
        if (how == mod::kEQ) {
            comparison = t.Spv(Op::OpLogicalAnd, Type::Bool, {equal, previous});
        } else if (how == mod::kNE) {
            comparison = t.Spv(Op::OpLogicalOr, Type::Bool, {comparison, previous});
        } else if (how != mod::kF && how != mod::kT) {
            const Value tie = t.Spv(Op::OpLogicalAnd, Type::Bool, {equal, previous});
            comparison = t.Spv(Op::OpLogicalOr, Type::Bool, {strict, tie});
        }
    }
    WriteSetp(t, comparison, 4);
}

// LOP3.LUT [PAND] Pd, Rd, a, b, c, lut, Pc
void Lop3(Translator& t) {
    const u32 lut = static_cast<u32>(t.Immediate(5));
    const Value result = LookupTable(t, lut, t.Int(2), t.Int(3), t.Int(4));
    const Value other = t.Predicate(6);
    t.WriteDst(1, result);
    if (Writes(t, 0)) {
        Value nonzero = t.Spv(Op::OpINotEqual, Type::Bool, {result, Value::U32(0)});
        nonzero = t.Has(mod::kPAND) ? t.Spv(Op::OpLogicalAnd, Type::Bool, {nonzero, other})
                                    : t.Spv(Op::OpLogicalOr, Type::Bool, {nonzero, other});
        t.WriteDst(0, nonzero);
    }
}

// SHF.{L,R}[.W].type[.HI] Rd, lo, shift, hi: a funnel shift of hi:lo.
void Shf(Translator& t) {
    const bool left = t.Has(mod::kL);
    const bool wrap = t.Has(mod::kW);
    const sass::ModifierName type = t.EnumName({mod::kS64, mod::kU64, mod::kS32, mod::kU32});
    const bool wide = type == mod::kS64 || type == mod::kU64;
    const bool arithmetic = type == mod::kS64 || type == mod::kS32;
    const Value shift = t.Int(2);
    const Value value = t.Pack64(t.Int(1), t.Int(3));
    const Op op = left         ? Op::OpShiftLeftLogical
                  : arithmetic ? Op::OpShiftRightArithmetic
                               : Op::OpShiftRightLogical;
    Value shifted;
    if (!wide) {
        // The 32-bit forms shift by at most 32 (wrapped to 0..31, or clamped to 32).
        const Value amount = wrap ? t.Spv(Op::OpBitwiseAnd, Type::U32, {shift, Value::U32(31)})
                                  : t.Glsl(GLSLstd450UMin, Type::U32, {shift, Value::U32(32)});
        shifted = t.Spv(op, Type::U64, {value, amount});
    } else {
        const Value amount = t.Spv(Op::OpBitwiseAnd, Type::U32, {shift, Value::U32(63)});
        shifted = t.Spv(op, Type::U64, {value, amount});
        if (!wrap) {
            // Clamped at 64, which SPIR-V cannot shift by: only the fill is left.
            const Value sign =
                t.Spv(Op::OpShiftRightArithmetic, Type::U32, {t.Int(3), Value::U32(31)});
            const Value fill = arithmetic && !left ? t.Pack64(sign, sign) : Value::U64(0);
            const Value all_out =
                t.Spv(Op::OpUGreaterThanEqual, Type::Bool, {shift, Value::U32(64)});
            shifted = t.Spv(Op::OpSelect, Type::U64, {all_out, fill, shifted});
        }
    }
    t.WriteDst(0, t.Has(mod::kHI) ? t.Hi(shifted) : t.Lo(shifted));
}

// LEA[.HI][.X][.SX32] Rd, Pcarry, a, b, [c,] shift [, Pcin]: (a << shift) + b, or with HI the
// high word of (c:a) << shift (c is a's sign with SX32).
void Lea(Translator& t) {
    const bool high = t.Has(mod::kHI);
    const bool extended = t.Has(mod::kX);
    const std::size_t shift_operand = high && !t.Has(mod::kSX32) ? 5 : 4;
    const u32 shift = static_cast<u32>(t.Immediate(shift_operand)) & 31;
    const Value a = t.Int(2);
    Value shifted;
    if (high) {
        const Value c = t.Has(mod::kSX32)
                            ? t.Spv(Op::OpShiftRightArithmetic, Type::U32, {a, Value::U32(31)})
                            : t.Int(4);
        const Value wide =
            t.Spv(Op::OpShiftLeftLogical, Type::U64, {t.Pack64(a, c), Value::U32(shift)});
        shifted = t.Hi(wide);
    } else {
        shifted = t.Spv(Op::OpShiftLeftLogical, Type::U32, {a, Value::U32(shift)});
    }
    const Value b = t.Int(3);
    Value wide_sum = t.Spv(Op::OpIAdd, Type::U64, {Widen(t, shifted, false), Widen(t, b, false)});
    if (extended) {
        const Value cin = t.Spv(Op::OpSelect, Type::U64,
                                {t.Predicate(shift_operand + 1), Value::U64(1), Value::U64(0)});
        wide_sum = t.Spv(Op::OpIAdd, Type::U64, {wide_sum, cin});
    }
    t.WriteDst(0, Narrow(t, wide_sum));
    if (Writes(t, 1)) {
        t.WriteDst(1, Bit(t, wide_sum, 32));
    }
}

void Sel(Translator& t) {
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {t.Predicate(3), t.Int(1), t.Int(2)}));
}

void Imnmx(Translator& t) {
    const bool is_signed = !t.Has(mod::kU32);
    const Value a = t.Int(1);
    const Value b = t.Int(2);
    const Value min = t.Glsl(is_signed ? GLSLstd450SMin : GLSLstd450UMin, Type::U32, {a, b});
    const Value max = t.Glsl(is_signed ? GLSLstd450SMax : GLSLstd450UMax, Type::U32, {a, b});
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {t.Predicate(3), min, max}));
}

void Iabs(Translator& t) {
    t.WriteDst(0, t.Glsl(GLSLstd450SAbs, Type::U32, {t.Int(1)}));
}

void Popc(Translator& t) {
    t.WriteDst(0, t.Spv(Op::OpBitCount, Type::U32, {t.Int(1)}));
}

void Brev(Translator& t) {
    t.WriteDst(0, t.Spv(Op::OpBitReverse, Type::U32, {t.Int(1)}));
}

// FLO[.U32][.SH]: the bit number of the most significant one (of the first bit differing from
// the sign, signed), 0xffffffff when there is none; SH counts from the top instead. The source
// is the last operand: Ampere's forms have a predicate destination before it, refused unless PT.
void Flo(Translator& t) {
    const std::size_t source = t.OperandCount() - 1;
    if (source == 2 && t.Field(t.Spec(1).field) != 7) {
        t.Unsupported("FLO's predicate destination");
    }
    const Value msb = t.Glsl(t.Has(mod::kU32) ? GLSLstd450FindUMsb : GLSLstd450FindSMsb, Type::U32,
                             {t.Int(source)});
    if (!t.Has(mod::kSH)) {
        t.WriteDst(0, msb);
        return;
    }
    const Value none = t.Spv(Op::OpIEqual, Type::Bool, {msb, Value::U32(0xffffffff)});
    const Value from_top = t.Spv(Op::OpISub, Type::U32, {Value::U32(31), msb});
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {none, msb, from_top}));
}

// PRMT Rd, a, selector, b: each result byte picks one of the eight bytes of b:a (selector
// nibble bits 0-2), or replicates that byte's sign (bit 3).
void Prmt(Translator& t) {
    if (!t.EnumName({mod::kF4E}).empty()) {
        t.Unsupported("PRMT mode " + std::string(t.EnumName({mod::kF4E}).text));
    }
    const Value bytes = t.Pack64(t.Int(1), t.Int(3));
    const Value selector = t.Int(2);
    Value result = Value::U32(0);
    for (u32 i = 0; i < 4; ++i) {
        const Value nibble =
            t.Spv(Op::OpBitFieldUExtract, Type::U32, {selector, Value::U32(i * 4), Value::U32(4)});
        const Value index = t.Spv(Op::OpBitwiseAnd, Type::U32, {nibble, Value::U32(7)});
        const Value bit = t.Spv(Op::OpIMul, Type::U32, {index, Value::U32(8)});
        Value byte = Narrow(t, t.Spv(Op::OpShiftRightLogical, Type::U64, {bytes, bit}));
        byte = t.Spv(Op::OpBitwiseAnd, Type::U32, {byte, Value::U32(0xff)});
        const Value replicate =
            t.Spv(Op::OpINotEqual, Type::Bool,
                  {t.Spv(Op::OpBitwiseAnd, Type::U32, {nibble, Value::U32(8)}), Value::U32(0)});
        const Value sign =
            t.Spv(Op::OpINotEqual, Type::Bool,
                  {t.Spv(Op::OpBitwiseAnd, Type::U32, {byte, Value::U32(0x80)}), Value::U32(0)});
        const Value filled =
            t.Spv(Op::OpSelect, Type::U32, {sign, Value::U32(0xff), Value::U32(0)});
        byte = t.Spv(Op::OpSelect, Type::U32, {replicate, filled, byte});
        result =
            t.Spv(Op::OpBitwiseOr, Type::U32,
                  {result, t.Spv(Op::OpShiftLeftLogical, Type::U32, {byte, Value::U32(i * 8)})});
    }
    t.WriteDst(0, result);
}

// VABSDIFF[.U32] Rd, a, b, c: |a - b| + c.
// VABSDIFF[.U32] Rd, Pd, a, b, c: |a - b| + c. What Pd receives is not known: only PT.
void Vabsdiff(Translator& t) {
    if (t.Field(t.Spec(1).field) != 7) {
        t.Unsupported("VABSDIFF with a predicate destination");
    }
    const bool is_signed = !t.Has(mod::kU32);
    const Value a = t.Int(2);
    const Value b = t.Int(3);
    const Value max = t.Glsl(is_signed ? GLSLstd450SMax : GLSLstd450UMax, Type::U32, {a, b});
    const Value min = t.Glsl(is_signed ? GLSLstd450SMin : GLSLstd450UMin, Type::U32, {a, b});
    const Value difference = t.Spv(Op::OpISub, Type::U32, {max, min});
    t.WriteDst(0, Add(t, difference, t.Int(4)));
}

Value PredicateLut(Translator& t, u32 lut, Value a, Value b, Value c) {
    const auto to_word = [&](Value p) {
        return t.Spv(Op::OpSelect, Type::U32, {p, Value::U32(0xffffffff), Value::U32(0)});
    };
    const Value word = LookupTable(t, lut, to_word(a), to_word(b), to_word(c));
    return t.Spv(Op::OpINotEqual, Type::Bool, {word, Value::U32(0)});
}

// PLOP3.LUT Pd, Pd2, a, b, c, lut, lut2
void Plop3(Translator& t) {
    for (std::size_t source = 2; source <= 4; ++source) {
        if (t.Kind(source) != sass::OperandKind::Predicate) {
            t.Unsupported("PLOP3 with register sources (.SIGN)");
        }
    }
    const Value a = t.Predicate(2);
    const Value b = t.Predicate(3);
    const Value c = t.Predicate(4);
    t.WriteDst(0, PredicateLut(t, static_cast<u32>(t.Immediate(5)), a, b, c));
    t.WriteDst(1, PredicateLut(t, static_cast<u32>(t.Immediate(6)), a, b, c));
}

// IDP.4A.{U8,S8}.{U8,S8} Rd, a, b, c: c plus the dot product of a's and b's four bytes;
// IDP.2A.LO.{U16,S16}.{U8,S8}: a's two halves with b's two low bytes (PTX dp4a / dp2a.lo).
void Idp(Translator& t) {
    std::vector<bool> is_signed;  // a's, then b's
    for (const sass::Modifier& modifier : t.Inst().form->modifiers) {
        if (modifier.kind == sass::ModifierKind::Enum) {
            is_signed.push_back(modifier.names[t.Field(modifier.field)].starts_with("S"));
        }
    }
    const bool four = t.Has(mod::k4A);
    if (is_signed.size() != 2 || (!four && !t.Has(mod::kLO))) {
        t.Unsupported("IDP form");
    }
    const Value a = t.Int(1);
    const Value b = t.Int(2);
    const u32 a_width = four ? 8 : 16;
    const auto extract = [&](Value word, bool sign, u32 offset, u32 width) {
        return t.Spv(sign ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract, Type::U32,
                     {word, Value::U32(offset), Value::U32(width)});
    };
    Value sum = t.Int(3);
    for (u32 i = 0; i < (four ? 4u : 2u); ++i) {
        const Value product = t.Spv(
            Op::OpIMul, Type::U32,
            {extract(a, is_signed[0], i * a_width, a_width), extract(b, is_signed[1], i * 8, 8)});
        sum = Add(t, sum, product);
    }
    t.WriteDst(0, sum);
}

}  // namespace

void AddIntegerHandlers(HandlerTable& table) {
    table[op::kIADD3] = Iadd3;
    table[op::kIMAD] = Imad;
    table[op::kISETP] = Isetp;
    table[op::kLOP3] = Lop3;
    table[op::kSHF] = Shf;
    table[op::kLEA] = Lea;
    table[op::kSEL] = Sel;
    table[op::kIMNMX] = Imnmx;
    table[op::kIABS] = Iabs;
    table[op::kPOPC] = Popc;
    table[op::kBREV] = Brev;
    table[op::kFLO] = Flo;
    table[op::kPRMT] = Prmt;
    table[op::kVABSDIFF] = Vabsdiff;
    table[op::kPLOP3] = Plop3;
    table[op::kIDP] = Idp;
}

}  // namespace shader::frontend
