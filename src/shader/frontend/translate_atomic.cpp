// Atomic memory operations: RED and ATOMG / ATOM on global memory, ATOMS on shared memory.
// CUDA's atomicInc / atomicDec wrap-around rules: the PTX ISA manual (atom.inc, atom.dec).
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::AtomicOp;
using ir::AtomicType;
using ir::Type;
using ir::Value;
using spv::Op;

AtomicOp Operation(Translator& t) {
    static constexpr std::pair<sass::ModifierName, AtomicOp> kOps[] = {
        {mod::kADD, AtomicOp::Add},       {mod::kMIN, AtomicOp::Min},
        {mod::kMAX, AtomicOp::Max},       {mod::kINC, AtomicOp::Inc},
        {mod::kDEC, AtomicOp::Dec},       {mod::kAND, AtomicOp::And},
        {mod::kOR, AtomicOp::Or},         {mod::kXOR, AtomicOp::Xor},
        {mod::kEXCH, AtomicOp::Exchange}, {mod::kCAS, AtomicOp::CompareExchange}};
    for (const auto& [name, operation] : kOps) {
        if (t.Has(name)) {
            return operation;
        }
    }
    t.Unsupported("atomic operation");
}

AtomicType ValueType(Translator& t) {
    if (t.Has(mod::k64)) {
        return AtomicType::U64;
    }
    if (t.Has(mod::kS64)) {
        return AtomicType::S64;
    }
    if (t.Has(mod::kS32)) {
        return AtomicType::S32;
    }
    if (t.Has(mod::kF32_FTZ_RN)) {
        return AtomicType::F32;
    }
    return AtomicType::U32;
}

bool IsWide(AtomicType type) {
    return type == AtomicType::U64 || type == AtomicType::S64;
}

Value Operand(Translator& t, std::size_t operand, AtomicType type) {
    const u32 reg = static_cast<u32>(t.Field(t.Spec(operand).field));
    return IsWide(type) ? t.Reg64(reg) : t.Reg(reg);
}

void WriteResult(Translator& t, std::size_t operand, AtomicType type, Value result) {
    if (IsWide(type)) {
        t.WriteDst64(operand, result);
    } else {
        t.WriteDst(operand, result);
    }
}

// RED.op.type [address], value
void Red(Translator& t) {
    const AtomicType type = ValueType(t);
    t.Emit(ir::Op::AtomicGlobal, IsWide(type) ? Type::U64 : Type::U32,
           {t.GlobalAddress(0), Operand(t, 1, type)}, static_cast<u32>(Operation(t)),
           static_cast<u32>(type));
}

// ATOMG / ATOM.op.type Pd, Rd, [address], value [, new value for CAS]
void Atomg(Translator& t) {
    const AtomicType type = ValueType(t);
    const AtomicOp op = Operation(t);
    std::vector<Value> args{t.GlobalAddress(2), Operand(t, 3, type)};
    if (op == AtomicOp::CompareExchange) {
        args.push_back(Operand(t, 4, type));
    }
    const Value old = t.Emit(ir::Op::AtomicGlobal, IsWide(type) ? Type::U64 : Type::U32,
                             std::move(args), static_cast<u32>(op), static_cast<u32>(type));
    WriteResult(t, 1, type, old);
}

// ATOMS.CAS Rd, [address], compare, new; ATOMS.CAST.SPIN stores only on a match and gives 1
// when it did; ATOMS.POPC.INC adds one per thread.
void Atoms(Translator& t) {
    const Value address = t.WindowAddress(1);
    if (t.Has(mod::kPOPC)) {
        const Value old =
            t.Emit(ir::Op::AtomicShared, Type::U32, {address, Value::U32(1)},
                   static_cast<u32>(AtomicOp::Add), static_cast<u32>(AtomicType::U32));
        t.WriteDst(0, old);
        return;
    }
    const Value compare = t.Int(2);
    const Value old =
        t.Emit(ir::Op::AtomicShared, Type::U32, {address, compare, t.Int(3)},
               static_cast<u32>(AtomicOp::CompareExchange), static_cast<u32>(AtomicType::U32));
    if (t.Has(mod::kSPIN)) {
        const Value stored = t.Spv(Op::OpIEqual, Type::Bool, {old, compare});
        t.WriteDst(0, t.Spv(Op::OpSelect, Type::U32, {stored, Value::U32(1), Value::U32(0)}));
        return;
    }
    t.WriteDst(0, old);
}

}  // namespace

void AddAtomicHandlers(HandlerTable& table) {
    table[op::kRED] = Red;
    table[op::kATOMG] = Atomg;
    table[op::kATOM] = Atomg;
    table[op::kATOMS] = Atoms;
}

}  // namespace shader::frontend
