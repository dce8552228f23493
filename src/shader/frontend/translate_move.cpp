// Moves, special registers and uniform-datapath instructions.
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::SpecialRegister;
using ir::Type;
using ir::Value;
using spv::Op;

constexpr u32 kAllLanes = 15;

// MOV Rd, src [, lane mask]
void Mov(Translator& t) {
    if (t.OperandCount() > 2 && t.Immediate(2) != kAllLanes) {
        t.Unsupported("MOV with a partial lane mask");
    }
    t.WriteDst(0, t.Raw(1));
}

Value ReadSpecial(Translator& t, std::string_view name) {
    static constexpr std::pair<std::string_view, SpecialRegister> kRegisters[] = {
        {"SR_TID.X", SpecialRegister::TidX},
        {"SR_TID.Y", SpecialRegister::TidY},
        {"SR_TID.Z", SpecialRegister::TidZ},
        {"SR_CTAID.X", SpecialRegister::CtaidX},
        {"SR_CTAID.Y", SpecialRegister::CtaidY},
        {"SR_CTAID.Z", SpecialRegister::CtaidZ},
        {"SR_LANEID", SpecialRegister::LaneId},
        {"SR_EQMASK", SpecialRegister::LaneMaskEq},
        {"SR_LTMASK", SpecialRegister::LaneMaskLt},
        {"SR_LEMASK", SpecialRegister::LaneMaskLe},
        {"SR_GTMASK", SpecialRegister::LaneMaskGt},
        {"SR_GEMASK", SpecialRegister::LaneMaskGe},
        {"SR_CLOCKLO", SpecialRegister::Clock},
        {"SR_CLOCKHI", SpecialRegister::ClockHi},
        {"SR_GLOBALTIMERLO", SpecialRegister::GlobalTimerLo},
        {"SR_GLOBALTIMERHI", SpecialRegister::GlobalTimerHi},
        {"SR_Y_DIRECTION", SpecialRegister::YDirection},
    };
    if (name == "SRZ") {
        return Value::U32(0);
    }
    for (const auto& [text, which] : kRegisters) {
        if (text == name) {
            return t.Emit(ir::Op::SpecialReg, Type::U32, {}, static_cast<u32>(which));
        }
    }
    t.Unsupported("special register " + std::string(name));
}

std::string_view SpecialName(Translator& t, std::size_t operand) {
    const sass::OperandSpec& spec = t.Spec(operand);
    return spec.names[t.Field(spec.field)];
}

// S2R Rd, SR and S2UR URd, SR
void S2r(Translator& t) {
    t.WriteDst(0, ReadSpecial(t, SpecialName(t, 1)));
}

// CS2R[.32] Rd, SR: a pair of registers from a 64-bit special register (SRZ clears both).
void Cs2r(Translator& t) {
    const std::string_view name = SpecialName(t, 1);
    if (t.Has(mod::k32)) {
        t.WriteDst(0, ReadSpecial(t, name));
        return;
    }
    if (name == "SRZ") {
        t.WriteDst64(0, Value::U64(0));
        return;
    }
    if (name == "SR_CLOCKLO") {
        t.WriteDst64(0, t.Pack64(ReadSpecial(t, "SR_CLOCKLO"), ReadSpecial(t, "SR_CLOCKHI")));
        return;
    }
    t.Unsupported("64-bit special register " + std::string(name));
}

void Umov(Translator& t) {
    t.WriteDst(0, t.Raw(1));
}

// BAR.SYNC 0: every thread of the block waits for the others; its memory writes are visible
// to them after it.
void Bar(Translator& t) {
    if (t.Has(mod::kRED)) {
        t.Emit(ir::Op::Barrier, Type::Void, {});
        BarrierReduce(t);
        return;
    }
    if (t.Immediate(0) != 0 || (t.OperandCount() > 1 && t.Immediate(1) != 0)) {
        t.Unsupported("named barriers or a thread count");
    }
    t.Emit(ir::Op::Barrier, Type::Void, {});
}

// MEMBAR: the thread's earlier memory writes are seen by others before its later ones.
void Membar(Translator& t) {
    t.Emit(ir::Op::MemoryBarrier, Type::Void, {});
}

// Instructions that order or schedule work on the GPU and have no effect on the results of a
// translated program, which runs under Vulkan's own memory model.
void NoEffect(Translator&) {}

}  // namespace

void AddMoveHandlers(HandlerTable& table) {
    table[op::kMOV] = Mov;
    table[op::kS2R] = S2r;
    table[op::kS2UR] = S2r;
    table[op::kCS2R] = Cs2r;
    table[op::kUMOV] = Umov;
    table[op::kBAR] = Bar;
    table[op::kMEMBAR] = Membar;
    for (const sass::Mnemonic name :
         {op::kNOP, op::kDEPBAR, op::kERRBAR, op::kCCTL, op::kLDGDEPBAR}) {
        table[name] = NoEffect;
    }
}

}  // namespace shader::frontend
