#include "shader/frontend/jump_table.h"

#include "base/error.h"

namespace shader::frontend {
namespace {

u32 RegisterOperand(const sass::Instruction& inst, std::size_t operand) {
    return static_cast<u32>(inst.Value(inst.form->operands.at(operand).field));
}

s64 SignedImmediateOperand(const sass::Instruction& inst, std::size_t operand) {
    const sass::OperandSpec& spec = inst.form->operands.at(operand);
    return sass::SignExtend(inst.RawImmediate(spec), inst.ImmediateWidth(spec)) * spec.scale;
}

bool IsImmediate(const sass::Instruction& inst, std::size_t operand) {
    return inst.form->operands.size() > operand &&
           inst.form->operands[operand].kind == sass::OperandKind::SignedImmediate;
}

// The nearest instruction before the BRX that writes register `reg` as operand 0.
const JumpTableInstruction* Writer(std::span<const JumpTableInstruction> before, u32 reg,
                                   std::size_t from) {
    for (std::size_t i = from; i < before.size(); ++i) {
        const sass::Instruction& inst = *before[i].inst;
        if (!inst.form->operands.empty() &&
            inst.form->operands[0].kind == sass::OperandKind::Register &&
            RegisterOperand(inst, 0) == reg) {
            return &before[i];
        }
    }
    return nullptr;
}

}  // namespace

JumpTable FindJumpTable(const ShaderEnvironment& env, const sass::Instruction& brx, u64 offset,
                        std::span<const JumpTableInstruction> before) {
    const auto fail = [&](std::string_view why) -> JumpTable {
        base::Fail("{}: at {:#06x}: {}: {}", env.Name(), offset,
                   sass::Disassemble(brx, {.address = offset}), why);
    };
    const u32 target_register = RegisterOperand(brx, 0);
    const JumpTableInstruction* load = Writer(before, target_register, 0);
    if (load == nullptr || load->inst->form->mnemonic != "LDC" || load->inst->IsPredicated()) {
        return fail("the jump target register is not loaded by an LDC just before (a jump table)");
    }
    const sass::OperandSpec& cbuf = load->inst->form->operands.at(1);
    const u32 index_register = static_cast<u32>(load->inst->Value(cbuf.f3));
    const std::size_t load_at = static_cast<std::size_t>(load - before.data());
    const JumpTableInstruction* shift = Writer(before, index_register, load_at + 1);
    const JumpTableInstruction* clamp =
        shift == nullptr ? nullptr
                         : Writer(before, RegisterOperand(*shift->inst, 1),
                                  static_cast<std::size_t>(shift - before.data()) + 1);
    if (shift == nullptr || shift->inst->form->mnemonic != "SHL" || !IsImmediate(*shift->inst, 2) ||
        SignedImmediateOperand(*shift->inst, 2) != 2 || clamp == nullptr ||
        clamp->inst->form->mnemonic != "IMNMX" || !IsImmediate(*clamp->inst, 2) ||
        RegisterOperand(*clamp->inst, 3) != kTruePredicate) {
        return fail("the jump table's index is not clamped (IMNMX.U32 ..., N, PT; SHL ..., 0x2)");
    }
    JumpTable table;
    table.bank = static_cast<u32>(load->inst->Value(cbuf.f2));
    table.base = static_cast<u32>(
        sass::SignExtend(load->inst->Value(cbuf.field), load->inst->Width(cbuf.field)) *
        cbuf.scale);
    const s64 last = SignedImmediateOperand(*clamp->inst, 2);
    if (!env.FixesConstantBank(table.bank) || last < 0 || last > 255) {
        return fail(
            fmt::format("the jump table in c[{:#x}] is not known at translation time "
                        "(the environment does not fix that constant bank)",
                        table.bank));
    }
    const s64 from =
        static_cast<s64>(offset + brx.form->encoding->branch_from) + SignedImmediateOperand(brx, 1);
    for (s64 entry = 0; entry <= last; ++entry) {
        const std::optional<u32> word =
            env.ReadConstantBank(table.bank, table.base + static_cast<u32>(entry) * 4);
        if (!word) {
            return fail(fmt::format("jump table entry {} is outside c[{:#x}]", entry, table.bank));
        }
        table.targets.push_back(static_cast<u64>(from + static_cast<s64>(*word)));
    }
    return table;
}

ir::Value JumpTableAddress(Translator& t, const JumpTable& table) {
    const ir::Value loaded = t.Reg(static_cast<u32>(t.Field(t.Spec(0).field))).Resolve();
    const ir::Inst* load = loaded.Def();
    if (load == nullptr || load->op != ir::Op::ConstBank || !load->Arg(0).IsImmediate() ||
        load->Arg(0).Bits() != table.bank) {
        t.Unsupported("the jump target register no longer holds the jump table's entry");
    }
    return load->Arg(1);
}

}  // namespace shader::frontend
