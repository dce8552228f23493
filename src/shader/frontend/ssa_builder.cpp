#include "shader/frontend/ssa_builder.h"

#include <algorithm>

namespace shader::frontend {

using ir::Block;
using ir::Inst;
using ir::Op;
using ir::Value;

void SsaBuilder::Write(u32 variable, Block* block, Value value) {
    ForBlock(definitions_, block)[variable] = value;
}

Value SsaBuilder::Read(u32 variable, ir::Type type, Block* block) {
    auto& local = ForBlock(definitions_, block);
    if (const auto it = local.find(variable); it != local.end()) {
        return it->second;
    }
    return ReadFromPredecessors(variable, type, block);
}

Inst* SsaBuilder::NewPhi(ir::Type type, Block* block) {
    Inst* phi = program_.NewInst(Op::Phi, type, {});
    phi->block = block;
    block->insts.insert(block->insts.begin(), phi);
    return phi;
}

Value SsaBuilder::ReadFromPredecessors(u32 variable, ir::Type type, Block* block) {
    Value value;
    if (!sealed_) {
        Inst* phi = NewPhi(type, block);
        ForBlock(incomplete_, block).push_back({variable, phi});
        value = Value(phi);
    } else if (block->preds.empty()) {
        Inst* undefined = program_.NewInst(Op::Undefined, type, {});
        undefined->block = block;
        block->insts.insert(block->insts.begin(), undefined);
        value = Value(undefined);
    } else if (block->preds.size() == 1) {
        value = Read(variable, type, block->preds.front());
    } else {
        Inst* phi = NewPhi(type, block);
        Write(variable, block, Value(phi));
        value = AddOperands(variable, phi);
    }
    Write(variable, block, value);
    return value;
}

Value SsaBuilder::AddOperands(u32 variable, Inst* phi) {
    for (Block* pred : phi->block->preds) {
        phi->args.push_back(Read(variable, phi->type, pred));
    }
    return Value(phi);
}

namespace {

// A phi whose operands are all one value (or the phi itself) is that value.
bool RemoveIfTrivial(Inst* phi) {
    Value same;
    for (const Value& raw : phi->args) {
        const Value arg = raw.Resolve();
        if (arg == same || arg.Def() == phi) {
            continue;
        }
        if (!same.IsEmpty()) {
            return false;
        }
        same = arg;
    }
    if (same.IsEmpty()) {
        return false;  // only self-references: an undefined value, left as is
    }
    phi->ReplaceWith(same);
    return true;
}

}  // namespace

void SsaBuilder::Finish() {
    sealed_ = true;
    for (const std::vector<Incomplete>& phis : incomplete_) {
        for (const Incomplete& entry : phis) {
            AddOperands(entry.variable, entry.phi);
        }
    }
    incomplete_.clear();
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& block : program_.Blocks()) {
            for (Inst* inst : block->insts) {
                if (inst->op == Op::Phi && RemoveIfTrivial(inst)) {
                    changed = true;
                }
            }
        }
    }
    for (const auto& block : program_.Blocks()) {
        std::erase_if(block->insts, [](const Inst* inst) { return inst->op == Op::Identity; });
    }
}

}  // namespace shader::frontend
