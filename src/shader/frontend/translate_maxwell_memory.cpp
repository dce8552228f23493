// Maxwell's loads, stores and atomics. Shared and local memory (LDS, STS, LDL, STL) and STG and
// RED have the operand order of the Ampere forms, whose handlers serve them; LDG (Rd, [Ra])
// and ATOM (Rd, [Ra], Rb) have their own. Global addresses are 64-bit register pairs only with
// .E; a 32-bit global address is refused.
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::MemoryWidth;
using ir::Type;
using ir::Value;

void RequireWideAddress(Translator& t) {
    if (!t.Has(mod::kE)) {
        t.Unsupported("a 32-bit global address (no .E)");
    }
}

// LDG.E[.size] Rd, [Ra + offset]: Rd, Rd+1, ... as wide as the load.
void Ldg(Translator& t) {
    RequireWideAddress(t);
    const MemoryWidth width = MemoryWidthOf(t);
    const Type type = width == MemoryWidth::B128  ? Type::U32x4
                      : width == MemoryWidth::B64 ? Type::U32x2
                                                  : Type::U32;
    const Value loaded =
        t.Emit(ir::Op::LoadGlobal, type, {t.GlobalAddress(1)}, static_cast<u32>(width));
    const u32 dst = t.DstReg(0);
    if (type == Type::U32) {
        t.SetReg(dst, loaded);
        return;
    }
    const u32 count = type == Type::U32x4 ? 4 : 2;
    for (u32 i = 0; dst != kZeroRegister && i < count; ++i) {
        t.SetReg(dst + i, t.Emit(ir::Op::Extract, Type::U32, {loaded, Value::U32(i)}));
    }
}

ir::AtomicType AtomicTypeOf(Translator& t) {
    const sass::ModifierName type = t.EnumName({mod::kS32, mod::kU64});
    if (type.empty()) {
        return ir::AtomicType::U32;
    }
    if (type == mod::kS32) {
        return ir::AtomicType::S32;
    }
    if (type == mod::kF32_FTZ_RN) {
        return ir::AtomicType::F32;
    }
    t.Unsupported("atomic type ." + std::string(type.text));
}

ir::AtomicOp AtomicOpOf(Translator& t) {
    static constexpr std::pair<sass::ModifierName, ir::AtomicOp> kOps[] = {
        {mod::kADD, ir::AtomicOp::Add},      {mod::kMIN, ir::AtomicOp::Min},
        {mod::kMAX, ir::AtomicOp::Max},      {mod::kINC, ir::AtomicOp::Inc},
        {mod::kDEC, ir::AtomicOp::Dec},      {mod::kAND, ir::AtomicOp::And},
        {mod::kOR, ir::AtomicOp::Or},        {mod::kXOR, ir::AtomicOp::Xor},
        {mod::kEXCH, ir::AtomicOp::Exchange}};
    const sass::ModifierName name = t.EnumName({mod::kADD, mod::kEXCH});
    for (const auto& [text, op] : kOps) {
        if (text == name) {
            return op;
        }
    }
    t.Unsupported("atomic operation ." + std::string(name.text));
}

// ATOM.E.op[.type] Rd, [Ra + offset], Rb: Rd = the old word.
void Atom(Translator& t) {
    RequireWideAddress(t);
    const ir::AtomicType type = AtomicTypeOf(t);
    const Value old = t.Emit(ir::Op::AtomicGlobal, Type::U32, {t.GlobalAddress(1), t.Int(2)},
                             static_cast<u32>(AtomicOpOf(t)), static_cast<u32>(type));
    t.WriteDst(0, old);
}

// RED.E.op[.type] [Ra + offset], Rb.
void Red(Translator& t) {
    RequireWideAddress(t);
    const ir::AtomicType type = AtomicTypeOf(t);
    t.Emit(ir::Op::AtomicGlobal, Type::U32, {t.GlobalAddress(0), t.Int(1)},
           static_cast<u32>(AtomicOpOf(t)), static_cast<u32>(type));
}

}  // namespace

void AddMaxwellMemoryHandlers(HandlerTable& table) {
    const HandlerTable& ampere = Handlers();
    table[op::kLDG] = Ldg;
    table[op::kSTG] = [stg = ampere.at(op::kSTG)](Translator& t) {
        RequireWideAddress(t);
        stg(t);
    };
    for (const sass::Mnemonic name : {op::kLDS, op::kSTS, op::kLDL, op::kSTL}) {
        table[name] = ampere.at(name);
    }
    table[op::kATOM] = Atom;
    table[op::kRED] = Red;
}

}  // namespace shader::frontend
