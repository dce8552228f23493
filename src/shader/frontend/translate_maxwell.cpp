// Maxwell (SM50-53) instructions. Where a Maxwell form has the operand layout and modifier names
// of an Ampere one (FADD, FMUL, FFMA, FSETP, MUFU, ISETP, IMNMX, SEL, MOV, S2R, LDC, ALD, AST,
// SHFL, FSWZADD ...), the Ampere handler serves it; the others are here: the 32-bit immediate
// forms, IADD, SHL/SHR, LOP, ISCADD, BFE/BFI, XMAD, RRO, I2F/F2F, IPA with its multiplier, KIL.
// Every handler first refuses what it does not translate: a condition code write (.CC), an
// operand suffix it does not read, or a modifier of its `unhandled` list.
// Semantics: NVIDIA's PTX ISA manual for the operations, Mesa's nv50_ir_emit_gm107.cpp and
// nv50_ir_lowering_nvc0.cpp for XMAD's modes and RRO.
#include <numbers>

#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

// A set operand suffix (".CC" on a destination, ".NEG" on FADD32I's immediate, I2F's byte
// selector, XMAD's .H1) is refused unless the handler reads it.
void RefuseSuffixes(Translator& t, bool reads_suffixes, bool writes_cc) {
    for (std::size_t i = 0; i < t.OperandCount(); ++i) {
        const sass::OperandSpec& spec = t.Spec(i);
        if (spec.suffix < 0 || t.Field(spec.suffix) == 0) {
            continue;
        }
        const std::string& name = spec.suffix_names.at(t.Field(spec.suffix));
        const bool cc = name == ".CC" || name == "CC";  // the names keep their dot
        if (cc && writes_cc && i == 0) {
            continue;
        }
        if (cc) {
            t.Unsupported("a condition code write (.CC)");
        }
        if (!reads_suffixes) {
            t.Unsupported("operand suffix " + (name.starts_with('.') ? name : "." + name));
        }
    }
}

Handler Checked(Handler handler, std::vector<sass::ModifierName> unhandled = {},
                bool reads_suffixes = false, bool writes_cc = false) {
    return [handler = std::move(handler), unhandled = std::move(unhandled), reads_suffixes,
            writes_cc](Translator& t) {
        RefuseSuffixes(t, reads_suffixes, writes_cc);
        for (const sass::ModifierName name : unhandled) {
            if (t.Has(name)) {
                t.Unsupported("modifier ." + std::string(name.text));
            }
        }
        handler(t);
    };
}

Value Add(Translator& t, Value a, Value b) {
    return t.Spv(Op::OpIAdd, Type::U32, {a, b});
}

bool WritesConditionCode(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(0);
    if (spec.suffix < 0 || t.Field(spec.suffix) == 0) {
        return false;
    }
    const std::string& name = spec.suffix_names.at(t.Field(spec.suffix));
    return name == ".CC" || name == "CC";
}

using CcFlag = Translator::CcFlag;

// The flags of a 32-bit result (Rd.CC): zero, sign, and the carry and signed overflow of the
// addition that made it.
void SetFlags(Translator& t, Value result, Value carry, Value overflow) {
    t.SetConditionFlag(CcFlag::Zero, t.Spv(Op::OpIEqual, Type::Bool, {result, Value::U32(0)}));
    t.SetConditionFlag(CcFlag::Sign, t.Spv(Op::OpSLessThan, Type::Bool, {result, Value::U32(0)}));
    t.SetConditionFlag(CcFlag::Carry, carry);
    t.SetConditionFlag(CcFlag::Overflow, overflow);
}

// IADD Rd, a, b and IADD32I Rd, a, imm (each source negated by "-"). With .CC the carry out of
// bit 31 goes to CC.C; .X adds CC.C in (64-bit additions: IADD.CC on the low words, IADD.X on
// the high ones). A negated source is a + ~b + 1; with .X it is a + ~b + CC.C, the borrow of a
// 64-bit subtraction (PTX's sub.cc / subc.cc).
void Iadd(Translator& t) {
    const bool extended = t.Has(mod::kX);
    const bool writes_cc = WritesConditionCode(t);
    if (!extended && !writes_cc) {
        t.WriteDst(0, Add(t, t.Int(1), t.Int(2)));
        return;
    }
    const bool negate_a = t.Flag(t.Spec(1).negate);
    const bool negate_b = t.Flag(t.Spec(2).negate);
    if (negate_a && negate_b) {
        t.Unsupported("IADD.CC or .X with both sources negated");
    }
    Value a = t.Raw(1);
    Value b = t.Raw(2);
    if (negate_a) {
        a = t.Spv(Op::OpNot, Type::U32, {a});
    }
    if (negate_b) {
        b = t.Spv(Op::OpNot, Type::U32, {b});
    }
    const Value carry_in =
        extended ? t.Spv(Op::OpSelect, Type::U32,
                         {t.ConditionFlag(CcFlag::Carry), Value::U32(1), Value::U32(0)})
                 : Value::U32(negate_a || negate_b ? 1 : 0);
    const Value partial = Add(t, a, b);
    const Value sum = Add(t, partial, carry_in);
    t.WriteDst(0, sum);
    if (!writes_cc) {
        return;
    }
    const Value carry = t.Spv(Op::OpLogicalOr, Type::Bool,
                              {t.Spv(Op::OpULessThan, Type::Bool, {partial, a}),
                               t.Spv(Op::OpULessThan, Type::Bool, {sum, partial})});
    // Signed overflow: both addends' signs differ from the sum's.
    const Value signs = t.Spv(Op::OpBitwiseAnd, Type::U32,
                              {t.Spv(Op::OpBitwiseXor, Type::U32, {a, sum}),
                               t.Spv(Op::OpBitwiseXor, Type::U32, {b, sum})});
    SetFlags(t, sum, carry, t.Spv(Op::OpSLessThan, Type::Bool, {signs, Value::U32(0)}));
}

// ISCADD Rd, a, b, shift: (a << shift) + b.
void Iscadd(Translator& t) {
    const Value shifted = t.Spv(Op::OpShiftLeftLogical, Type::U32,
                                {t.Int(1), Value::U32(static_cast<u32>(t.Immediate(3)) & 31)});
    t.WriteDst(0, Add(t, shifted, t.Int(2)));
}

// SHL[.W] and SHR[.U32][.W]: shifts by b; .W wraps the amount to 0..31, otherwise amounts of 32
// and more shift everything out (SHR of a signed value leaves its sign).
void Shift(Translator& t, bool left) {
    const bool arithmetic = !left && !t.Has(mod::kU32);
    const Value a = t.Int(1);
    const Value amount = t.Int(2);
    const Op op = left         ? Op::OpShiftLeftLogical
                  : arithmetic ? Op::OpShiftRightArithmetic
                               : Op::OpShiftRightLogical;
    if (t.Has(mod::kW)) {
        t.WriteDst(0, t.Spv(op, Type::U32,
                            {a, t.Spv(Op::OpBitwiseAnd, Type::U32, {amount, Value::U32(31)})}));
        return;
    }
    const Value clamped = t.Glsl(GLSLstd450UMin, Type::U32, {amount, Value::U32(31)});
    const Value shifted = t.Spv(op, Type::U32, {a, clamped});
    const Value all_out = t.Spv(Op::OpUGreaterThan, Type::Bool, {amount, Value::U32(31)});
    const Value fill = arithmetic ? shifted : Value::U32(0);
    t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {all_out, fill, shifted}));
}

// LOP.op [Pd,] Rd, ~a, ~b and LOP32I.op Rd, ~a, imm: AND, OR, XOR or PASS_B.
void Lop(Translator& t, std::size_t first) {
    const Value a = t.Int(first);
    const Value b = t.Int(first + 1);
    const sass::ModifierName how = t.EnumName({mod::kAND, mod::kPASS_B});
    Value result;
    if (how == mod::kAND) {
        result = t.Spv(Op::OpBitwiseAnd, Type::U32, {a, b});
    } else if (how == mod::kOR) {
        result = t.Spv(Op::OpBitwiseOr, Type::U32, {a, b});
    } else if (how == mod::kXOR) {
        result = t.Spv(Op::OpBitwiseXor, Type::U32, {a, b});
    } else {
        result = b;
    }
    t.WriteDst(first - 1, result);
}

void LopRegister(Translator& t) {
    if (t.Field(t.Spec(0).field) != kTruePredicate || !t.EnumName({mod::kT, mod::kNZ}).empty()) {
        t.Unsupported("LOP with a predicate result");
    }
    Lop(t, 2);
}

// BFE's and BFI's field operand: its position in bits 0-7 and its width in bits 8-15, the width
// cut where the field would pass bit 31 (a position past 31 leaves no bits).
struct FieldPlace {
    Value position;
    Value count;
};
FieldPlace FieldPlaceOf(Translator& t, Value b) {
    const Value position =
        t.Glsl(GLSLstd450UMin, Type::U32,
               {t.Spv(Op::OpBitwiseAnd, Type::U32, {b, Value::U32(0xff)}), Value::U32(32)});
    const Value width = t.Spv(Op::OpBitFieldUExtract, Type::U32, {b, Value::U32(8), Value::U32(8)});
    const Value available = t.Spv(Op::OpISub, Type::U32, {Value::U32(32), position});
    return {position, t.Glsl(GLSLstd450UMin, Type::U32, {width, available})};
}

// BFE[.U32][.BREV] Rd, a, b: the field of b's width (bits 8-15) at b's position (bits 0-7) of a,
// sign-extended without .U32; a field past bit 31 takes the bits there are.
void Bfe(Translator& t) {
    const bool is_signed = !t.Has(mod::kU32);
    Value a = t.Int(1);
    if (t.Has(mod::kBREV)) {
        a = t.Spv(Op::OpBitReverse, Type::U32, {a});
    }
    const FieldPlace place = FieldPlaceOf(t, t.Int(2));
    const Value field = t.Spv(is_signed ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract,
                              Type::U32, {a, place.position, place.count});
    t.WriteDst(0, field);
}

// BFI Rd, a, b, c: a's low bits inserted into c at b's position (bits 0-7) with b's width
// (bits 8-15).
void Bfi(Translator& t) {
    const FieldPlace place = FieldPlaceOf(t, t.Int(2));
    t.WriteDst(0, t.Spv(Op::OpBitFieldInsert, Type::U32,
                        {t.Int(3), t.Int(1), place.position, place.count}));
}

// XMAD[.types][.PSL][.mode][.MRG] Rd, a[.H1], b[.H1], c: a 16 x 16-bit multiply-add, the
// halves picked by .H1 (b's immediate form is its low 16 bits). .PSL shifts the product left by
// 16; .MRG puts b's low half in the result's high half; the modes change c: .CLO takes its low
// half, .CHI its high half, .CBCC adds b << 16 to it (the high half of a 32-bit product).
void Xmad(Translator& t) {
    if (t.Has(mod::kX) || t.Has(mod::kCSFU)) {
        t.Unsupported("XMAD.X or .CSFU");
    }
    const sass::ModifierName types = t.EnumName({mod::kS16_U16, mod::kU16_S16});
    const bool a_signed = types == mod::kS16_U16 || types == mod::kS16_S16;
    const bool b_signed = types == mod::kU16_S16 || types == mod::kS16_S16;
    const auto half = [&](std::size_t operand, bool is_signed, Value* whole) {
        const sass::OperandSpec& spec = t.Spec(operand);
        const Value value = t.Raw(operand);
        *whole = value;
        const bool high = spec.suffix >= 0 && t.Field(spec.suffix) != 0;
        return t.Spv(is_signed ? Op::OpBitFieldSExtract : Op::OpBitFieldUExtract, Type::U32,
                     {value, Value::U32(high ? 16 : 0), Value::U32(16)});
    };
    Value a_word;
    Value b_word;
    const Value a = half(1, a_signed, &a_word);
    // b is operand 2 (a register, an immediate or a constant), c operand 3.
    const Value b = half(2, b_signed, &b_word);
    Value product = t.Spv(Op::OpIMul, Type::U32, {a, b});
    if (t.Has(mod::kPSL)) {
        product = t.Spv(Op::OpShiftLeftLogical, Type::U32, {product, Value::U32(16)});
    }
    Value c = t.Int(3);
    const sass::ModifierName mode = t.EnumName({mod::kCLO, mod::kCBCC});
    if (mode == mod::kCLO) {
        c = t.Spv(Op::OpBitwiseAnd, Type::U32, {c, Value::U32(0xffff)});
    } else if (mode == mod::kCHI) {
        c = t.Spv(Op::OpShiftRightLogical, Type::U32, {c, Value::U32(16)});
    } else if (mode == mod::kCBCC) {
        c = Add(t, c, t.Spv(Op::OpShiftLeftLogical, Type::U32, {b_word, Value::U32(16)}));
    } else if (!mode.empty()) {
        t.Unsupported("XMAD mode ." + std::string(mode.text));
    }
    Value result = Add(t, product, c);
    if (t.Has(mod::kMRG)) {
        result = t.Spv(Op::OpBitFieldInsert, Type::U32,
                       {result, b_word, Value::U32(16), Value::U32(16)});
    }
    t.WriteDst(0, result);
}

// RRO.SINCOS / RRO.EX2 Rd, b: the range reduction MUFU.SIN, COS and EX2 expect. Here MUFU.SIN
// and COS take revolutions (the Ampere handler multiplies by 2 pi), so RRO.SINCOS divides by
// 2 pi; MUFU.EX2 takes its operand as it is, so RRO.EX2 passes b on.
void Rro(Translator& t) {
    Value value = t.Float(1);
    if (t.Has(mod::kSINCOS)) {
        value = t.Spv(Op::OpFMul, Type::F32,
                      {value, Value::F32(static_cast<float>(1 / (2 * std::numbers::pi)))});
    }
    t.WriteDst(0, t.BitcastU32(value));
}

// I2F.F32.{S32,U32}[.RM|.RP|.RZ] Rd, b: a 32-bit integer to f32.
void I2f(Translator& t) {
    const sass::ModifierName destination = t.EnumName({mod::kINVALIDFPSRC0});
    const sass::ModifierName source = t.EnumName({mod::kU8, mod::kS8});
    if (destination != mod::kF32 || (source != mod::kU32 && source != mod::kS32)) {
        t.Unsupported("I2F from " + std::string(source.text) + " to " +
                      std::string(destination.text));
    }
    const Value value = IntToFloat(t, t.Int(1), source == mod::kS32, Type::F32,
                                   RoundingOf(t.EnumName({mod::kRM, mod::kRP, mod::kRZ})));
    t.WriteDst(0, t.BitcastU32(value));
}

// F2I[.FTZ].{U32,S32,U16}.F32[.FLOOR|.CEIL|.TRUNC] Rd, b: as Ampere's F2I of a 32-bit result.
void F2i(Translator& t) {
    const sass::ModifierName destination = t.EnumName({mod::kU16, mod::kS16});
    const sass::ModifierName source = t.Has(mod::kF16)   ? mod::kF16
                                      : t.Has(mod::kF64) ? mod::kF64
                                                         : mod::kF32;
    if ((destination != mod::kU32 && destination != mod::kS32 && destination != mod::kU16) ||
        source != mod::kF32) {
        t.Unsupported("F2I from " + std::string(source.text) + " to " +
                      std::string(destination.text));
    }
    // .U16 clamps into 0..0xffff as .U32 clamps into its range.
    FloatToInt(t, destination == mod::kS32, destination == mod::kU16 ? 16 : 32, false);
}

// F2F[.FTZ].F32.F32.{ROUND,FLOOR,CEIL,TRUNC}: FRND, rounding to an integral value.
void F2f(Translator& t) {
    if (t.EnumName({mod::kROUND, mod::kFLOOR}).empty() || !t.Has(mod::kF32)) {
        t.Unsupported("F2F other than F32 to an integral F32");
    }
    Handlers().at(op::kFRND)(t);
}

// IPA[.PASS|.CONSTANT][.CENTROID] Rd, a[address], Rmultiplier: an input at the pixel. The
// default mode multiplies the plane's value (value / w for perspective inputs) by the register,
// which the code sets to w (1 / the reciprocal of a[0x7c]) for perspective-correct values.
void Ipa(Translator& t) {
    if (t.Env().GetStage() != Stage::Fragment) {
        t.Unsupported("IPA outside a fragment stage");
    }
    if (t.Field(t.Spec(3).field) != kZeroRegister || t.Field(t.Spec(4).field) != kTruePredicate) {
        t.Unsupported("IPA with a sample offset register or a predicate");
    }
    const sass::ModifierName mode = t.EnumName({mod::kPASS, mod::kSC});
    const sass::ModifierName location = t.EnumName({mod::kCENTROID, mod::kOFFSET});
    if (mode == mod::kSC || (!location.empty() && location != mod::kCENTROID)) {
        t.Unsupported("IPA mode ." + std::string(mode.text) + " ." + std::string(location.text));
    }
    const auto interpolate =
        mode == mod::kCONSTANT ? ir::InterpolateMode::Constant : ir::InterpolateMode::Pass;
    const auto where = location == mod::kCENTROID ? ir::InterpolateLocation::Centroid
                                                  : ir::InterpolateLocation::Center;
    const sass::OperandSpec& attribute = t.Spec(1);
    Value value = t.Emit(ir::Op::Interpolate, Type::U32, {},
                         static_cast<u32>(t.Field(attribute.field)) * attribute.scale,
                         static_cast<u32>(interpolate) | static_cast<u32>(where) << 4);
    if (mode.empty()) {
        value = t.BitcastU32(t.Spv(Op::OpFMul, Type::F32, {t.BitcastF32(value), t.Float(2)}));
    }
    if (t.Has(mod::kSAT)) {
        value = t.BitcastU32(t.Glsl(GLSLstd450FClamp, Type::F32,
                                    {t.BitcastF32(value), Value::F32(0), Value::F32(1)}));
    }
    t.WriteDst(0, value);
}

// S2R Rd, SR_TID: the thread's index in one word, x in bits 0-15, y in 16-25, z in 26-31 (Mesa's
// nvc0 lowering of SV_TID on GM107, which extracts the three fields so); the other registers
// as Ampere's S2R reads them.
void S2r(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(1);
    if (spec.names.at(t.Field(spec.field)) != "SR_TID") {
        Handlers().at(op::kS2R)(t);
        return;
    }
    const auto read = [&](ir::SpecialRegister which) {
        return t.Emit(ir::Op::SpecialReg, Type::U32, {}, static_cast<u32>(which));
    };
    Value packed = t.Spv(Op::OpBitFieldInsert, Type::U32,
                         {read(ir::SpecialRegister::TidX), read(ir::SpecialRegister::TidY),
                          Value::U32(16), Value::U32(10)});
    packed = t.Spv(Op::OpBitFieldInsert, Type::U32,
                   {packed, read(ir::SpecialRegister::TidZ), Value::U32(26), Value::U32(6)});
    t.WriteDst(0, packed);
}

// KIL: the invocation's pixel is discarded (where its guard holds: a block of its own).
void Kil(Translator& t) {
    if (t.Env().GetStage() != Stage::Fragment) {
        t.Unsupported("KIL outside a fragment stage");
    }
    t.Emit(ir::Op::Discard, Type::Void, {});
}

}  // namespace

const HandlerTable& MaxwellHandlers() {
    static const HandlerTable table = [] {
        const HandlerTable& ampere = Handlers();
        HandlerTable handlers;
        // The same operand layout and modifier names as the Ampere forms.
        const auto same = [&](sass::Mnemonic maxwell, sass::Mnemonic name,
                              std::vector<sass::ModifierName> unhandled = {}) {
            handlers[maxwell] = Checked(ampere.at(name), std::move(unhandled));
        };
        same(op::kFADD, op::kFADD);
        same(op::kFADD32I, op::kFADD);
        same(op::kFMUL, op::kFMUL, {mod::kFMZ});
        same(op::kFMUL32I, op::kFMUL, {mod::kFMZ});
        same(op::kFFMA, op::kFFMA, {mod::kFMZ});
        same(op::kFFMA32I, op::kFFMA, {mod::kFMZ});
        same(op::kFMNMX, op::kFMNMX);
        same(op::kFSETP, op::kFSETP);
        same(op::kMUFU, op::kMUFU, {mod::kSAT});
        same(op::kISETP, op::kISETP, {mod::kX});
        same(op::kIMNMX, op::kIMNMX, {mod::kXLO, mod::kXMED, mod::kXHI});
        same(op::kSEL, op::kSEL);
        same(op::kFLO, op::kFLO);
        same(op::kPOPC, op::kPOPC);
        same(op::kMOV, op::kMOV);
        same(op::kMOV32I, op::kMOV);
        handlers[op::kS2R] = Checked(S2r);
        same(op::kLDC, op::kLDC, {mod::kIL, mod::kIS, mod::kISL});
        same(op::kALD, op::kALD);
        same(op::kAST, op::kAST);
        same(op::kSHFL, op::kSHFL);
        same(op::kFSWZADD, op::kFSWZADD);
        same(op::kNOP, op::kNOP);
        same(op::kBAR, op::kBAR);
        same(op::kMEMBAR, op::kMEMBAR);
        same(op::kVOTE, op::kVOTE);
        handlers[op::kIADD] = Checked(Iadd, {mod::kSAT, mod::kPO}, false, true);
        handlers[op::kIADD32I] = Checked(Iadd, {mod::kSAT}, false, true);
        handlers[op::kISCADD] = Checked(Iscadd, {mod::kPO});
        handlers[op::kSHL] = Checked([](Translator& t) { Shift(t, true); }, {mod::kX});
        handlers[op::kSHR] =
            Checked([](Translator& t) { Shift(t, false); }, {mod::kX, mod::kXHI, mod::kBREV});
        handlers[op::kLOP] = Checked(LopRegister, {mod::kX});
        handlers[op::kLOP32I] = Checked([](Translator& t) { Lop(t, 1); }, {mod::kX});
        handlers[op::kBFE] = Checked(Bfe);
        handlers[op::kBFI] = Checked(Bfi);
        handlers[op::kXMAD] = Checked(Xmad, {}, true);
        handlers[op::kRRO] = Checked(Rro);
        handlers[op::kI2F] = Checked(I2f);
        handlers[op::kF2F] = Checked(F2f, {mod::kSAT});
        handlers[op::kF2I] = Checked(F2i);
        handlers[op::kIPA] = Checked(Ipa);
        handlers[op::kKIL] = Checked(Kil);
        AddMaxwellTextureHandlers(handlers);
        const auto checked = [](Handler handler) { return Checked(std::move(handler)); };
        HandlerTable surface;
        AddMaxwellSurfaceHandlers(surface);
        handlers.TakeAll(std::move(surface), checked);
        HandlerTable memory;
        AddMaxwellMemoryHandlers(memory);
        handlers.TakeAll(std::move(memory), checked);
        HandlerTable integer;
        AddMaxwellIntegerHandlers(integer);
        handlers[op::kIMUL] = Checked(integer.at(op::kIMUL));
        handlers[op::kIMUL32I] = Checked(integer.at(op::kIMUL32I));
        handlers[op::kIMAD] = Checked(integer.at(op::kIMAD), {mod::kPO, mod::kSAT, mod::kX});
        handlers[op::kISET] = Checked(integer.at(op::kISET), {mod::kX});
        handlers[op::kI2I] = Checked(integer.at(op::kI2I), {}, true);
        return handlers;
    }();
    return table;
}

}  // namespace shader::frontend
