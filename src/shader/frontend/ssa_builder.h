#pragma once

#include <map>
#include <vector>

#include "shader/ir/program.h"

namespace shader::frontend {

// Register numbering of the SSA builder: R0..R254, P0..P6, UR0..UR62, UP0..UP6.
inline constexpr u32 kPredicateBase = 256;
inline constexpr u32 kUniformBase = 300;
inline constexpr u32 kUniformPredicateBase = 400;
inline constexpr u32 kBarrierResultVariable = 500;  // what BAR.RED leaves for B2R.RESULT
// Maxwell's condition code flags (CC.Z, CC.S, CC.C, CC.O), written by .CC and read by .X.
inline constexpr u32 kConditionCodeBase = 600;
inline constexpr u32 kScratchVariableBase = 1000;  // values joined by Translator::Conditional

// SSA construction from register reads and writes (Braun et al., "Simple and Efficient
// Construction of Static Single Assignment Form", CC 2013). Every block is translated first, with
// the reads of values from other blocks left as incomplete phis; Finish() then fills them once
// the whole control-flow graph is known, and removes the phis that turn out trivial.
class SsaBuilder {
public:
    explicit SsaBuilder(ir::Program& program) : program_(program) {}

    void Write(u32 variable, ir::Block* block, ir::Value value);
    ir::Value Read(u32 variable, ir::Type type, ir::Block* block);

    // Call when every block has its terminator and Block::preds is filled.
    void Finish();

private:
    ir::Value ReadFromPredecessors(u32 variable, ir::Type type, ir::Block* block);
    ir::Value AddOperands(u32 variable, ir::Inst* phi);
    ir::Inst* NewPhi(ir::Type type, ir::Block* block);

    struct Incomplete {
        u32 variable;
        ir::Inst* phi;
    };

    // The tables of one block, by Block::index (grown as blocks appear): indexed rather than
    // hashed by address, so that Finish() fills the phis in block order, the same every run.
    template <typename T>
    static T& ForBlock(std::vector<T>& table, const ir::Block* block) {
        if (block->index >= table.size()) {
            table.resize(block->index + 1);
        }
        return table[block->index];
    }

    ir::Program& program_;
    std::vector<std::map<u32, ir::Value>> definitions_;
    std::vector<std::vector<Incomplete>> incomplete_;
    bool sealed_ = false;
};

}  // namespace shader::frontend
