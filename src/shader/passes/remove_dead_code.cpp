#include <set>

#include "shader/passes/passes.h"

namespace shader::passes {

void RemoveDeadCode(ir::Program& program) {
    // Mark from the roots (side effects, branch conditions) through operands.
    std::set<const ir::Inst*> live;
    std::vector<const ir::Inst*> work;
    const auto mark = [&](const ir::Value& value) {
        if (const ir::Inst* def = value.Def(); def != nullptr && live.insert(def).second) {
            work.push_back(def);
        }
    };
    for (const auto& block : program.Blocks()) {
        for (const ir::Inst* inst : block->insts) {
            if (ir::HasSideEffects(inst->op) && live.insert(inst).second) {
                work.push_back(inst);
            }
        }
        if (block->end.kind == ir::Terminator::Kind::Branch) {
            mark(block->end.condition);
        }
    }
    while (!work.empty()) {
        const ir::Inst* inst = work.back();
        work.pop_back();
        for (const ir::Value& arg : inst->args) {
            mark(arg);
        }
    }
    for (const auto& block : program.Blocks()) {
        std::erase_if(block->insts, [&](const ir::Inst* inst) { return !live.contains(inst); });
    }
}

}  // namespace shader::passes
