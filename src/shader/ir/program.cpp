#include "shader/ir/program.h"

#include <fmt/format.h>

namespace shader::ir {

const char* TypeName(Type type) {
    static constexpr const char* kNames[] = {"void", "bool", "u32",   "u64",
                                             "f32",  "f64",  "u32x2", "u32x4"};
    return kNames[static_cast<int>(type)];
}

unsigned TypeBits(Type type) {
    static constexpr unsigned kBits[] = {0, 1, 32, 64, 32, 64, 64, 128};
    return kBits[static_cast<int>(type)];
}

const char* OpName(Op op) {
    static constexpr const char* kNames[] = {"spv",
                                             "glsl",
                                             "identity",
                                             "phi",
                                             "undefined",
                                             "pack64",
                                             "unpack64.lo",
                                             "unpack64.hi",
                                             "construct",
                                             "extract",
                                             "constbank",
                                             "specialreg",
                                             "load.global",
                                             "store.global",
                                             "load.shared",
                                             "store.shared",
                                             "load.local",
                                             "store.local",
                                             "atomic.global",
                                             "atomic.shared",
                                             "barrier",
                                             "membar",
                                             "warp.readlane",
                                             "warp.ballot",
                                             "warp.reduce",
                                             "warp.match",
                                             "block.count",
                                             "warp.sync",
                                             "converge",
                                             "image.sample",
                                             "image.read",
                                             "image.write",
                                             "image.query",
                                             "attribute.load",
                                             "attribute.store",
                                             "interpolate",
                                             "fragment.output",
                                             "discard",
                                             "quad.swap",
                                             "quad.swizzle_add"};
    static_assert(std::size(kNames) == static_cast<std::size_t>(Op::Count));
    return kNames[static_cast<int>(op)];
}

bool HasSideEffects(Op op) {
    switch (op) {
        case Op::StoreGlobal:
        case Op::StoreShared:
        case Op::StoreLocal:
        case Op::AtomicGlobal:
        case Op::AtomicShared:
        case Op::Barrier:
        case Op::MemoryBarrier:
        case Op::WarpSync:
        case Op::Converge:
        case Op::ImageWrite:
        case Op::StoreAttribute:
        case Op::FragmentOutput:
        case Op::Discard:
            return true;
        default:
            return false;
    }
}

unsigned MemoryBytes(MemoryWidth width) {
    static constexpr unsigned kBytes[] = {1, 1, 2, 2, 4, 8, 16};
    return kBytes[static_cast<int>(width)];
}

Inst* Value::Def() const {
    Inst* inst = inst_;
    while (inst != nullptr && inst->op == Op::Identity) {
        if (inst->args[0].inst_ == nullptr) {
            return nullptr;
        }
        inst = inst->args[0].inst_;
    }
    return inst;
}

Value Value::Resolve() const {
    Value value = *this;
    while (value.inst_ != nullptr && value.inst_->op == Op::Identity) {
        value = value.inst_->args[0];
    }
    return value;
}

Type Value::GetType() const {
    const Value value = Resolve();
    return value.inst_ != nullptr ? value.inst_->type : value.type_;
}

std::vector<Block*> Block::Successors() const {
    switch (end.kind) {
        case Terminator::Kind::Jump:
            return {end.targets[0]};
        case Terminator::Kind::Branch:
            return {end.targets[0], end.targets[1]};
        default:
            return {};
    }
}

Value Block::TakenGuard() const {
    if (preds.size() != 1) {
        return {};
    }
    const Terminator& branch = preds[0]->end;
    if (branch.kind != Terminator::Kind::Branch || branch.targets[0] != this) {
        return {};
    }
    return branch.condition.Resolve();
}

Block* Program::NewBlock(u64 sass_offset) {
    auto block = std::make_unique<Block>();
    block->index = static_cast<u32>(blocks_.size());
    block->sass_offset = sass_offset;
    blocks_.push_back(std::move(block));
    return blocks_.back().get();
}

Inst* Program::NewInst(Op op, Type type, std::vector<Value> args, u32 aux, u32 aux2) {
    Inst& inst = insts_.emplace_back();
    inst.op = op;
    inst.type = type;
    inst.args = std::move(args);
    inst.aux = aux;
    inst.aux2 = aux2;
    inst.id = static_cast<u32>(insts_.size());
    return &inst;
}

namespace {

std::string ValueText(const Value& value) {
    const Value resolved = value.Resolve();
    if (const Inst* def = resolved.Def()) {
        return fmt::format("%{}", def->id);
    }
    if (resolved.IsEmpty()) {
        return "<empty>";
    }
    return fmt::format("{}:{:#x}", TypeName(resolved.GetType()), resolved.Bits());
}

}  // namespace

std::string Program::Dump() const {
    std::string text;
    for (const auto& block : blocks_) {
        text += fmt::format("block {} (sass {:#x}):\n", block->index, block->sass_offset);
        for (const Inst* inst : block->insts) {
            if (inst->op == Op::Identity) {
                continue;
            }
            text += fmt::format("  %{} = {}.{}", inst->id, OpName(inst->op), TypeName(inst->type));
            if (inst->op == Op::Spv || inst->op == Op::Glsl || inst->aux != 0) {
                text += fmt::format("[{}]", inst->aux);
            }
            for (const Value& arg : inst->args) {
                text += " " + ValueText(arg);
            }
            text += "\n";
        }
        switch (block->end.kind) {
            case Terminator::Kind::Jump:
                text += fmt::format("  jump {}\n", block->end.targets[0]->index);
                break;
            case Terminator::Kind::Branch:
                text += fmt::format("  branch {} ? {} : {}\n", ValueText(block->end.condition),
                                    block->end.targets[0]->index, block->end.targets[1]->index);
                break;
            case Terminator::Kind::Exit:
                text += "  exit\n";
                break;
            case Terminator::Kind::None:
                text += "  (no terminator)\n";
                break;
        }
    }
    return text;
}

}  // namespace shader::ir
