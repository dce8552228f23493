#include "shader/passes/lockstep.h"

#include <set>
#include <span>
#include <vector>

namespace shader::passes {
namespace {

using ir::Inst;
using ir::Op;

// Values that may differ between the threads of a block: from thread and lane numbers, memory,
// atomics and warp operations, and phis that join paths a divergent branch chose between.
class Divergence {
public:
    explicit Divergence(const ir::Program& program) : divergent_(program.IdLimit(), false) {
        for (bool changed = true; changed;) {
            changed = false;
            for (const auto& block : program.Blocks()) {
                const bool joins_divergent_paths = JoinsDivergentPaths(*block);
                for (const Inst* inst : block->insts) {
                    if (divergent_[inst->id]) {
                        continue;
                    }
                    if (IsSource(*inst) || (inst->op == Op::Phi && joins_divergent_paths) ||
                        AnyDivergentArgument(*inst)) {
                        divergent_[inst->id] = true;
                        changed = true;
                    }
                }
            }
        }
    }

    bool IsDivergent(const ir::Value& value) const {
        const Inst* def = value.Def();
        return def != nullptr && divergent_[def->id];
    }

private:
    static bool IsSource(const Inst& inst) {
        switch (inst.op) {
            case Op::SpecialReg:
            case Op::LoadGlobal:
            case Op::LoadShared:
            case Op::LoadLocal:
            case Op::AtomicGlobal:
            case Op::AtomicShared:
            case Op::WarpReadLane:
            case Op::WarpBallot:
            case Op::WarpReduce:
            case Op::WarpMatch:
                return true;
            default:
                return false;
        }
    }

    bool AnyDivergentArgument(const Inst& inst) const {
        for (const ir::Value& arg : inst.args) {
            if (IsDivergent(arg)) {
                return true;
            }
        }
        return false;
    }

    bool JoinsDivergentPaths(const ir::Block& block) const {
        if (block.preds.size() < 2) {
            return false;
        }
        for (const ir::Block* pred : block.preds) {
            if (pred->end.kind == ir::Terminator::Kind::Branch &&
                IsDivergent(pred->end.condition)) {
                return true;
            }
        }
        // Joins of paths split further up: conservatively divergent when any block of the
        // program branches on a divergent condition.
        return any_divergent_branch_;
    }

    std::vector<bool> divergent_;  // by instruction id
    bool any_divergent_branch_ = true;
};

bool IsMemoryWrite(const Inst& inst) {
    switch (inst.op) {
        case Op::StoreGlobal:
        case Op::StoreShared:
        case Op::AtomicGlobal:
        case Op::AtomicShared:
            return true;
        default:
            return false;
    }
}

bool ReturnsInside(const std::vector<Node>& nodes) {
    for (const Node& node : nodes) {
        if (node.kind == Node::Kind::Return ||
            (node.kind == Node::Kind::If &&
             (ReturnsInside(node.then_body) || ReturnsInside(node.else_body))) ||
            (node.kind == Node::Kind::Loop && ReturnsInside(node.body))) {
            return true;
        }
    }
    return false;
}

// Whether some thread may leave the nodes early: return, or break / continue of the loop
// around them (those of a loop inside only end that loop).
bool LeavesEarly(std::span<const Node> nodes) {
    for (const Node& node : nodes) {
        switch (node.kind) {
            case Node::Kind::Return:
            case Node::Kind::Break:
            case Node::Kind::Continue:
                return true;
            case Node::Kind::If:
                if (LeavesEarly(node.then_body) || LeavesEarly(node.else_body)) {
                    return true;
                }
                break;
            case Node::Kind::Loop:
                if (ReturnsInside(node.body)) {
                    return true;
                }
                break;
            case Node::Kind::Block:
            case Node::Kind::Skip:  // to where the list ends, still inside
                break;
        }
    }
    return false;
}

bool HasDivergentBranch(const std::vector<Node>& nodes, const Divergence& divergence) {
    for (const Node& node : nodes) {
        if (node.kind == Node::Kind::Skip && divergence.IsDivergent(node.condition)) {
            return true;
        }
        if (node.kind == Node::Kind::If && (divergence.IsDivergent(node.condition) ||
                                            HasDivergentBranch(node.then_body, divergence) ||
                                            HasDivergentBranch(node.else_body, divergence))) {
            return true;
        }
        if (node.kind == Node::Kind::Loop && HasDivergentBranch(node.body, divergence)) {
            return true;
        }
    }
    return false;
}

class Marker {
public:
    Marker(ir::Program& program, const Divergence& divergence)
        : program_(program), divergence_(divergence) {}

    // Walks `nodes` with `uniform` telling whether every thread of the block is here; returns
    // whether that still holds after them.
    bool Walk(std::span<const Node> nodes, bool uniform) {
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const Node& node = nodes[i];
            switch (node.kind) {
                case Node::Kind::Block:
                    if (uniform) {
                        for (const Inst* inst : node.block->insts) {
                            if (inst->op == Op::Converge || IsMemoryWrite(*inst)) {
                                program_.info.lockstep_points.insert(inst);
                            }
                        }
                    }
                    break;
                case Node::Kind::If: {
                    const bool divergent = divergence_.IsDivergent(node.condition);
                    const bool then_uniform = Walk(node.then_body, uniform && !divergent);
                    const bool else_uniform = Walk(node.else_body, uniform && !divergent);
                    if (divergent && (LeavesEarly(node.then_body) || LeavesEarly(node.else_body))) {
                        uniform = false;  // some threads have gone
                    }
                    uniform = uniform && (divergent || (then_uniform && else_uniform));
                    break;
                }
                case Node::Kind::Loop: {
                    // Threads may run a different number of iterations: the body is uniform
                    // only when no branch in it depends on the thread.
                    const bool divergent_body = HasDivergentBranch(node.body, divergence_);
                    Walk(node.body, uniform && !divergent_body);
                    if (divergent_body && ReturnsInside(node.body)) {
                        uniform = false;
                    }
                    break;
                }
                case Node::Kind::Skip: {
                    // Threads that skip wait where the list ends for those that run the rest.
                    const bool divergent = divergence_.IsDivergent(node.condition);
                    const std::span<const Node> rest = nodes.subspan(i + 1);
                    const bool rest_uniform = Walk(rest, uniform && !divergent);
                    return divergent ? uniform && !LeavesEarly(rest) : rest_uniform;
                }
                case Node::Kind::Return:
                case Node::Kind::Break:
                case Node::Kind::Continue:
                    break;
            }
        }
        return uniform;
    }

private:
    ir::Program& program_;
    const Divergence& divergence_;
};

}  // namespace

void MarkLockstepPoints(ir::Program& program, const std::vector<Node>& structure) {
    const Divergence divergence(program);
    Marker(program, divergence).Walk(structure, true);
}

}  // namespace shader::passes
