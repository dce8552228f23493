#include <spirv/unified1/spirv.hpp11>

#include <optional>

#include "shader/passes/passes.h"

namespace shader::passes {
namespace {

using ir::Inst;
using ir::Op;
using ir::Type;
using ir::Value;

std::optional<u64> Immediate(const Value& value) {
    const Value resolved = value.Resolve();
    if (resolved.IsImmediate()) {
        return resolved.Bits();
    }
    return std::nullopt;
}

u64 Mask(Type type) {
    return type == Type::U64 || type == Type::F64 ? ~u64{0} : type == Type::Bool ? 1 : 0xffffffff;
}

// An integer operation on immediates, when it is one of the common ones.
std::optional<u64> Evaluate(const Inst& inst) {
    std::vector<u64> args;
    for (const Value& arg : inst.args) {
        const std::optional<u64> value = Immediate(arg);
        if (!value) {
            return std::nullopt;
        }
        args.push_back(*value);
    }
    const auto op = static_cast<spv::Op>(inst.aux);
    const bool is32 = inst.args.empty() || inst.args[0].GetType() != Type::U64;
    const u64 shift_mask = is32 ? 31 : 63;
    switch (op) {
        case spv::Op::OpIAdd:
            return args[0] + args[1];
        case spv::Op::OpISub:
            return args[0] - args[1];
        case spv::Op::OpIMul:
            return args[0] * args[1];
        case spv::Op::OpBitwiseAnd:
            return args[0] & args[1];
        case spv::Op::OpBitwiseOr:
            return args[0] | args[1];
        case spv::Op::OpBitwiseXor:
            return args[0] ^ args[1];
        case spv::Op::OpNot:
            return ~args[0];
        case spv::Op::OpSNegate:
            return -args[0];
        case spv::Op::OpShiftLeftLogical:
            return args[1] > shift_mask ? std::nullopt : std::optional<u64>(args[0] << args[1]);
        case spv::Op::OpShiftRightLogical:
            return args[1] > shift_mask ? std::nullopt : std::optional<u64>(args[0] >> args[1]);
        case spv::Op::OpUConvert:
            return args[0];
        case spv::Op::OpSConvert:
            return is32 ? static_cast<u64>(static_cast<s64>(static_cast<s32>(args[0]))) : args[0];
        case spv::Op::OpSelect:
            return args[0] != 0 ? args[1] : args[2];
        case spv::Op::OpLogicalAnd:
            return args[0] & args[1];
        case spv::Op::OpLogicalOr:
            return args[0] | args[1];
        case spv::Op::OpLogicalNot:
            return args[0] ^ 1;
        case spv::Op::OpLogicalNotEqual:
            return args[0] ^ args[1];
        case spv::Op::OpIEqual:
            return args[0] == args[1];
        case spv::Op::OpINotEqual:
            return args[0] != args[1];
        default:
            return std::nullopt;
    }
}

// Simplifications that do not need every operand to be an immediate.
std::optional<Value> Simplify(const Inst& inst) {
    switch (inst.op) {
        case Op::Unpack64Lo:
        case Op::Unpack64Hi: {
            const Inst* source = inst.Arg(0).Def();
            if (source != nullptr && source->op == Op::Pack64) {
                return source->Arg(inst.op == Op::Unpack64Lo ? 0 : 1);
            }
            if (const std::optional<u64> value = Immediate(inst.args[0])) {
                return Value::U32(
                    static_cast<u32>(inst.op == Op::Unpack64Lo ? *value : *value >> 32));
            }
            return std::nullopt;
        }
        case Op::Pack64: {
            const Inst* lo = inst.Arg(0).Def();
            const Inst* hi = inst.Arg(1).Def();
            if (lo != nullptr && hi != nullptr && lo->op == Op::Unpack64Lo &&
                hi->op == Op::Unpack64Hi && lo->Arg(0) == hi->Arg(0)) {
                return lo->Arg(0);
            }
            const std::optional<u64> lo_value = Immediate(inst.args[0]);
            const std::optional<u64> hi_value = Immediate(inst.args[1]);
            if (lo_value && hi_value) {
                return Value::U64(*lo_value | *hi_value << 32);
            }
            return std::nullopt;
        }
        case Op::Spv: {
            const auto op = static_cast<spv::Op>(inst.aux);
            if (op == spv::Op::OpBitcast) {
                const Inst* source = inst.Arg(0).Def();
                if (source != nullptr && source->op == Op::Spv &&
                    static_cast<spv::Op>(source->aux) == spv::Op::OpBitcast &&
                    source->Arg(0).GetType() == inst.type) {
                    return source->Arg(0);
                }
                if (const std::optional<u64> value = Immediate(inst.args[0])) {
                    return Value::Imm(inst.type, *value);
                }
                return std::nullopt;
            }
            if (op == spv::Op::OpSelect) {
                if (const std::optional<u64> condition = Immediate(inst.args[0])) {
                    return inst.Arg(*condition != 0 ? 1 : 2);
                }
                if (inst.Arg(1) == inst.Arg(2)) {
                    return inst.Arg(1);
                }
            }
            if (inst.type == Type::U32 || inst.type == Type::U64 || inst.type == Type::Bool) {
                if (const std::optional<u64> value = Evaluate(inst)) {
                    return Value::Imm(inst.type, *value & Mask(inst.type));
                }
            }
            if ((op == spv::Op::OpIAdd || op == spv::Op::OpBitwiseOr ||
                 op == spv::Op::OpBitwiseXor) &&
                Immediate(inst.args[1]) == u64{0}) {
                return inst.Arg(0);
            }
            return std::nullopt;
        }
        default:
            return std::nullopt;
    }
}

}  // namespace

void FoldConstants(ir::Program& program) {
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& block : program.Blocks()) {
            for (Inst* inst : block->insts) {
                if (inst->op == Op::Identity) {
                    continue;
                }
                if (const std::optional<Value> value = Simplify(*inst)) {
                    inst->ReplaceWith(*value);
                    changed = true;
                }
            }
        }
    }
    for (const auto& block : program.Blocks()) {
        std::erase_if(block->insts, [](const Inst* inst) { return inst->op == Op::Identity; });
    }
}

}  // namespace shader::passes
