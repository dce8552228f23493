#pragma once

#include <set>
#include <vector>

#include "shader/ir/program.h"

namespace shader::passes {

// What a walk does after visiting an instruction: go on to its operands, not (a source it
// recognised), or stop altogether.
enum class WalkStep { Follow, Skip, Done };

// Visits each instruction that `address` is computed from, once, through any arithmetic and
// phis but not through loads from global memory (a pointer read from memory is not followed).
template <typename Visit>
void WalkAddressSources(const ir::Value& address, Visit visit) {
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
        for (const ir::Value& arg : inst->args) {
            if (const ir::Inst* def = arg.Def()) {
                work.push_back(def);
            }
        }
    }
}

}  // namespace shader::passes
