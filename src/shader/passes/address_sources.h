#pragma once

#include <set>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

#include "shader/ir/program.h"

namespace shader::passes {

// What a walk does after visiting an instruction: go on to its operands, not (a source it
// recognised), or stop altogether.
enum class WalkStep { Follow, Skip, Done };

// Which value a select takes where `guard` holds: 1 (its condition is the guard), 2 (the guard
// is its condition's negation), or 0 (either).
inline int GuardedArm(const ir::Inst& inst, const ir::Value& guard) {
    if (guard.IsEmpty() || inst.op != ir::Op::Spv ||
        inst.aux != static_cast<u32>(spv::Op::OpSelect)) {
        return 0;
    }
    if (inst.Arg(0) == guard) {
        return 1;
    }
    const ir::Inst* negation = guard.Def();
    if (negation != nullptr && negation->op == ir::Op::Spv &&
        negation->aux == static_cast<u32>(spv::Op::OpLogicalNot) &&
        negation->Arg(0) == inst.Arg(0)) {
        return 2;
    }
    return 0;
}

// Visits each instruction that `address` is computed from, once, through any arithmetic and
// phis but not through loads from global memory (a pointer read from memory is not followed).
// Where the access runs only under `guard` (its block's Block::TakenGuard), a select on that
// guard (or on what it negates) is the value it takes there: the other is not followed (a
// guarded instruction's old register value, which may hold another buffer's address).
template <typename Visit>
void WalkAddressSources(const ir::Value& address, Visit visit, const ir::Value& guard = {}) {
    std::set<const ir::Inst*> seen;
    std::vector<const ir::Inst*> work;
    if (const ir::Inst* def = address.Def()) {
        work.push_back(def);
    }
    while (!work.empty()) {
        const ir::Inst* inst = work.back();
        work.pop_back();
        if (!seen.insert(inst).second || inst->op == ir::Op::LoadGlobal) {
            continue;
        }
        const WalkStep step = visit(*inst);
        if (step == WalkStep::Done) {
            return;
        }
        if (step == WalkStep::Skip) {
            continue;
        }
        if (const int arm = GuardedArm(*inst, guard); arm != 0) {
            if (const ir::Inst* def = inst->Arg(arm).Def()) {
                work.push_back(def);
            }
            continue;
        }
        for (const ir::Value& arg : inst->args) {
            if (const ir::Inst* def = arg.Def()) {
                work.push_back(def);
            }
        }
    }
}

}  // namespace shader::passes
