#pragma once

#include <vector>

#include "shader/ir/program.h"

namespace shader::passes {

// Structured control flow, the form SPIR-V needs: a tree of blocks, two-way selections, loops,
// and the jumps structured code allows (break to the innermost loop's merge, continue, return).
// A Skip ends its list early: when the branch of `branch` takes arm `exit_arm`, the nodes after
// it in the same list do not run and control goes where the list ends. Chains of such forward
// exits (an unrolled loop with an early exit has one per iteration) stay flat this way instead
// of nesting once per exit; drivers bound the nesting depth (llvmpipe at 80 levels).
struct Node {
    enum class Kind : u8 { Block, If, Loop, Break, Continue, Return, Skip };
    Kind kind = Kind::Block;
    ir::Block* block = nullptr;   // Block: the IR block whose instructions run here
    ir::Value condition;          // If, Skip
    ir::Block* branch = nullptr;  // If, Skip: the block whose branch it is (targets[0] is then)
    u8 exit_arm = 0;              // Skip: the target that leaves the list
    std::vector<Node> then_body;  // If
    std::vector<Node> else_body;  // If
    std::vector<Node> body;       // Loop
};

// Builds the tree for a reducible control-flow graph: selections merge at the immediate
// post-dominator of their branch, loops are the natural loops of back edges. Throws base::Error
// for what it cannot express yet (irreducible flow, a loop with several exits that continue).
std::vector<Node> Structurize(const ir::Program& program);

}  // namespace shader::passes
