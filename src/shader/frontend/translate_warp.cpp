// Warp-level instructions: SHFL, VOTE, REDUX, MATCH, and the block-wide BAR.RED / B2R. Lane
// arithmetic of SHFL: the PTX ISA manual's shfl.sync pseudo-code (c = segment mask << 8 | clamp).
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

Value Lane(Translator& t) {
    return t.Emit(ir::Op::SpecialReg, Type::U32, {}, static_cast<u32>(ir::SpecialRegister::LaneId));
}

Value And(Translator& t, Value a, Value b) {
    return t.Spv(Op::OpBitwiseAnd, Type::U32, {a, b});
}

// SHFL.mode Pd, Rd, a, b, c: Rd = a of lane j (j from the mode), Pd = whether j was in range;
// out of range, the thread reads its own a.
void Shfl(Translator& t) {
    if (TranslateQuadShuffle(t)) {
        return;
    }
    const sass::ModifierName mode = t.EnumName({mod::kIDX, mod::kBFLY});
    const Value value = t.Int(2);
    const Value b = And(t, t.Int(3), Value::U32(31));
    const Value c = t.Int(4);
    const Value clamp = And(t, c, Value::U32(31));
    const Value segment =
        And(t, t.Spv(Op::OpShiftRightLogical, Type::U32, {c, Value::U32(8)}), Value::U32(31));
    const Value not_segment = t.Spv(Op::OpNot, Type::U32, {segment});
    const Value lane = Lane(t);
    const Value min_lane = And(t, lane, segment);
    const Value max_lane =
        t.Spv(Op::OpBitwiseOr, Type::U32, {min_lane, And(t, clamp, not_segment)});
    Value source;
    Value in_range;
    if (mode == mod::kUP) {
        source = t.Spv(Op::OpISub, Type::U32, {lane, b});
        in_range = t.Spv(Op::OpSGreaterThanEqual, Type::Bool, {source, max_lane});
    } else {
        if (mode == mod::kDOWN) {
            source = t.Spv(Op::OpIAdd, Type::U32, {lane, b});
        } else if (mode == mod::kBFLY) {
            source = t.Spv(Op::OpBitwiseXor, Type::U32, {lane, b});
        } else {
            source = t.Spv(Op::OpBitwiseOr, Type::U32, {min_lane, And(t, b, not_segment)});
        }
        in_range = t.Spv(Op::OpSLessThanEqual, Type::Bool, {source, max_lane});
    }
    source = t.Spv(Op::OpSelect, Type::U32, {in_range, source, lane});
    const Value result = t.Emit(ir::Op::WarpReadLane, Type::U32, {value, source});
    t.WriteDst(1, result);
    t.WriteDst(0, in_range);
}

// VOTE.mode Rd, Pd, Psrc (and VOTEU with uniform destinations): Rd = the ballot of the active
// threads' Psrc, Pd = all / any / all-equal over them.
void Vote(Translator& t) {
    const Value guard = t.Guard();
    const Value predicate = t.Spv(Op::OpLogicalAnd, Type::Bool, {t.Predicate(2), guard});
    const Value ballot = t.Emit(ir::Op::WarpBallot, Type::U32, {predicate});
    const Value active = t.Emit(ir::Op::WarpBallot, Type::U32, {guard});
    const sass::ModifierName mode = t.EnumName({mod::kALL, mod::kANY, mod::kEQ});
    const Value any = t.Spv(Op::OpINotEqual, Type::Bool, {ballot, Value::U32(0)});
    const Value all = t.Spv(Op::OpIEqual, Type::Bool, {ballot, active});
    Value result = any;
    if (mode == mod::kALL) {
        result = all;
    } else if (mode == mod::kEQ) {
        result =
            t.Spv(Op::OpLogicalOr, Type::Bool, {all, t.Spv(Op::OpLogicalNot, Type::Bool, {any})});
    }
    t.WriteDst(0, ballot);
    t.WriteDst(1, result);
}

// REDUX[.op][.S32] URd, Ra: the reduction of Ra over the active threads of the warp.
void Redux(Translator& t) {
    using ir::WarpReduceOp;
    const sass::ModifierName name = t.EnumName({mod::kOR, mod::kSUM});
    const bool is_signed = t.Has(mod::kS32);
    WarpReduceOp op = WarpReduceOp::And;
    u32 identity = 0xffffffff;
    if (name == mod::kOR) {
        op = WarpReduceOp::Or;
        identity = 0;
    } else if (name == mod::kXOR) {
        op = WarpReduceOp::Xor;
        identity = 0;
    } else if (name == mod::kSUM) {
        op = WarpReduceOp::Add;
        identity = 0;
    } else if (name == mod::kMIN) {
        op = is_signed ? WarpReduceOp::SMin : WarpReduceOp::UMin;
        identity = is_signed ? 0x7fffffff : 0xffffffff;
    } else if (name == mod::kMAX) {
        op = is_signed ? WarpReduceOp::SMax : WarpReduceOp::UMax;
        identity = is_signed ? 0x80000000 : 0;
    }
    const Value value = t.Spv(Op::OpSelect, Type::U32, {t.Guard(), t.Int(1), Value::U32(identity)});
    t.WriteDst(0, t.Emit(ir::Op::WarpReduce, Type::U32, {value}, static_cast<u32>(op)));
}

// MATCH.ANY Rd, Ra: the lanes whose Ra equals this thread's.
void Match(Translator& t) {
    if (t.Has(mod::kU64)) {
        t.Unsupported("MATCH on 64-bit values");
    }
    const Value matches = t.Emit(ir::Op::WarpMatch, Type::U32, {t.Int(1)});
    const Value active = t.Emit(ir::Op::WarpBallot, Type::U32, {t.Guard()});
    t.WriteDst(0, And(t, matches, active));
}

}  // namespace

// BAR.RED.{POPC,AND,OR} 0, Pp: a block-wide barrier that also counts Pp (B2R.RESULT reads it).
void BarrierReduce(Translator& t) {
    const sass::ModifierName name = t.EnumName({mod::kPOPC, mod::kAND, mod::kOR});
    const auto mode = name == mod::kPOPC  ? ir::BlockCountMode::Count
                      : name == mod::kAND ? ir::BlockCountMode::All
                                          : ir::BlockCountMode::Any;
    const Value predicate = t.Predicate(2);
    t.SetBarrierResult(t.Emit(ir::Op::BlockCount, Type::U32, {predicate}, static_cast<u32>(mode)));
}

namespace {

// B2R.RESULT Rd, Pd
void B2r(Translator& t) {
    const Value result = t.BarrierResult();
    t.WriteDst(0, result);
    if (t.OperandCount() > 1) {
        t.WriteDst(1, t.Spv(Op::OpINotEqual, Type::Bool, {result, Value::U32(0)}));
    }
}

}  // namespace

void AddWarpHandlers(HandlerTable& table) {
    table[op::kSHFL] = Shfl;
    table[op::kVOTE] = Vote;
    table[op::kVOTEU] = Vote;
    table[op::kREDUX] = Redux;
    table[op::kMATCH] = Match;
    table[op::kB2R] = B2r;
}

}  // namespace shader::frontend
