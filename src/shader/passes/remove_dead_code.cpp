#include <vector>

#include "shader/passes/passes.h"

namespace shader::passes {

void RemoveDeadCode(ir::Program& program) {
    // Mark from the roots (side effects, branch conditions) through operands.
    std::vector<bool> live(program.IdLimit(), false);  // by instruction id
    std::vector<const ir::Inst*> work;
    const auto mark = [&](const ir::Inst* inst) {
        if (!live[inst->id]) {
            live[inst->id] = true;
            work.push_back(inst);
        }
    };
    for (const auto& block : program.Blocks()) {
        for (const ir::Inst* inst : block->insts) {
            if (ir::HasSideEffects(inst->op)) {
                mark(inst);
            }
        }
        if (const ir::Inst* def = block->end.condition.Def();
            block->end.kind == ir::Terminator::Kind::Branch && def != nullptr) {
            mark(def);
        }
    }
    while (!work.empty()) {
        const ir::Inst* inst = work.back();
        work.pop_back();
        for (const ir::Value& arg : inst->args) {
            if (const ir::Inst* def = arg.Def()) {
                mark(def);
            }
        }
    }
    for (const auto& block : program.Blocks()) {
        std::erase_if(block->insts, [&](const ir::Inst* inst) { return !live[inst->id]; });
    }
}

}  // namespace shader::passes
