#include "shader/passes/structurize.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/error.h"

namespace shader::passes {
namespace {

using ir::Block;
using ir::Terminator;

// Immediate (post-)dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A
// Simple, Fast Dominance Algorithm"), over nodes 0..n-1 in reverse post-order with entry 0.
std::vector<int> ImmediateDominators(const std::vector<std::vector<int>>& preds) {
    const int n = static_cast<int>(preds.size());
    std::vector<int> idom(static_cast<std::size_t>(n), -1);
    idom[0] = 0;
    const auto intersect = [&](int a, int b) {
        while (a != b) {
            while (a > b) {
                a = idom[static_cast<std::size_t>(a)];
            }
            while (b > a) {
                b = idom[static_cast<std::size_t>(b)];
            }
        }
        return a;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (int node = 1; node < n; ++node) {
            int new_idom = -1;
            for (int pred : preds[static_cast<std::size_t>(node)]) {
                if (idom[static_cast<std::size_t>(pred)] == -1) {
                    continue;
                }
                new_idom = new_idom == -1 ? pred : intersect(pred, new_idom);
            }
            if (new_idom != idom[static_cast<std::size_t>(node)]) {
                idom[static_cast<std::size_t>(node)] = new_idom;
                changed = true;
            }
        }
    }
    return idom;
}

// Reverse post-order of a graph from `entry`.
std::vector<int> ReversePostOrder(const std::vector<std::vector<int>>& succs, int entry) {
    std::vector<int> order;
    std::vector<bool> seen(succs.size(), false);
    std::vector<std::pair<int, std::size_t>> stack{{entry, 0}};
    seen[static_cast<std::size_t>(entry)] = true;
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        const auto& out = succs[static_cast<std::size_t>(node)];
        if (next < out.size()) {
            const int succ = out[next++];
            if (!seen[static_cast<std::size_t>(succ)]) {
                seen[static_cast<std::size_t>(succ)] = true;
                stack.push_back({succ, 0});
            }
        } else {
            order.push_back(node);
            stack.pop_back();
        }
    }
    std::reverse(order.begin(), order.end());
    return order;
}

Node Leaf(Node::Kind kind, Block* block = nullptr) {
    Node node;
    node.kind = kind;
    node.block = block;
    return node;
}

struct Loop {
    Block* header = nullptr;
    std::set<const Block*> body;
    Block* merge = nullptr;  // null when the loop only ends through EXIT
};

class Structurizer {
public:
    explicit Structurizer(const ir::Program& program) : program_(program) {}

    std::vector<Node> Run() {
        Analyze();
        std::vector<Node> nodes = Region(program_.Entry(), nullptr, nullptr, false);
        return nodes;
    }

private:
    [[noreturn]] void Fail(const Block* block, std::string_view what) const {
        base::Fail("control flow at SASS offset {:#06x} (block {}): {}", block->sass_offset,
                   block->index, what);
    }

    int Index(const Block* block) const { return static_cast<int>(block->index); }

    void Analyze() {
        const auto& blocks = program_.Blocks();
        const int n = static_cast<int>(blocks.size());
        std::vector<std::vector<int>> succs(static_cast<std::size_t>(n));
        for (const auto& block : blocks) {
            for (const Block* next : block->Successors()) {
                succs[block->index].push_back(Index(next));
            }
        }
        // Dominators, in reverse post-order numbering.
        const std::vector<int> rpo = ReversePostOrder(succs, 0);
        std::vector<int> number(static_cast<std::size_t>(n), -1);
        for (std::size_t i = 0; i < rpo.size(); ++i) {
            number[static_cast<std::size_t>(rpo[i])] = static_cast<int>(i);
        }
        std::vector<std::vector<int>> preds(rpo.size());
        for (int node = 0; node < n; ++node) {
            for (int succ : succs[static_cast<std::size_t>(node)]) {
                preds[static_cast<std::size_t>(number[static_cast<std::size_t>(succ)])].push_back(
                    number[static_cast<std::size_t>(node)]);
            }
        }
        const std::vector<int> idom = ImmediateDominators(preds);
        dominator_.assign(static_cast<std::size_t>(n), nullptr);
        for (std::size_t i = 1; i < rpo.size(); ++i) {
            dominator_[static_cast<std::size_t>(rpo[i])] =
                blocks[static_cast<std::size_t>(rpo[static_cast<std::size_t>(idom[i])])].get();
        }
        // Post-dominators: the reversed graph from a virtual exit (node n) that every EXIT
        // block, and every block of an endless loop, leads to.
        std::vector<std::vector<int>> reversed(static_cast<std::size_t>(n) + 1);
        for (int node = 0; node < n; ++node) {
            for (int succ : succs[static_cast<std::size_t>(node)]) {
                reversed[static_cast<std::size_t>(succ)].push_back(node);
            }
            if (blocks[static_cast<std::size_t>(node)]->end.kind == Terminator::Kind::Exit) {
                reversed[static_cast<std::size_t>(n)].push_back(node);
            }
        }
        const std::vector<int> post_rpo = ReversePostOrder(reversed, n);
        if (post_rpo.size() != static_cast<std::size_t>(n) + 1) {
            Fail(program_.Entry(), "a loop that never exits");
        }
        std::vector<int> post_number(static_cast<std::size_t>(n) + 1);
        for (std::size_t i = 0; i < post_rpo.size(); ++i) {
            post_number[static_cast<std::size_t>(post_rpo[i])] = static_cast<int>(i);
        }
        std::vector<std::vector<int>> post_preds(post_rpo.size());
        for (int node = 0; node <= n; ++node) {
            for (int succ : reversed[static_cast<std::size_t>(node)]) {
                post_preds[static_cast<std::size_t>(post_number[static_cast<std::size_t>(succ)])]
                    .push_back(post_number[static_cast<std::size_t>(node)]);
            }
        }
        const std::vector<int> ipdom = ImmediateDominators(post_preds);
        post_dominator_.assign(static_cast<std::size_t>(n), nullptr);
        for (std::size_t i = 1; i < post_rpo.size(); ++i) {
            const int target = post_rpo[static_cast<std::size_t>(ipdom[i])];
            post_dominator_[static_cast<std::size_t>(post_rpo[i])] =
                target == n ? nullptr : blocks[static_cast<std::size_t>(target)].get();
        }
        FindLoops();
    }

    bool Dominates(const Block* a, const Block* b) const {
        for (const Block* node = b; node != nullptr;
             node = dominator_[static_cast<std::size_t>(node->index)]) {
            if (node == a) {
                return true;
            }
        }
        return false;
    }

    void FindLoops() {
        for (const auto& block : program_.Blocks()) {
            for (Block* next : block->Successors()) {
                if (!Dominates(next, block.get())) {
                    continue;
                }
                Loop& loop = loops_[next];
                loop.header = next;
                // The natural loop: everything that reaches the back edge without the header.
                std::vector<const Block*> stack{block.get()};
                loop.body.insert(next);
                while (!stack.empty()) {
                    const Block* node = stack.back();
                    stack.pop_back();
                    if (!loop.body.insert(node).second) {
                        continue;
                    }
                    for (Block* pred : node->preds) {
                        stack.push_back(pred);
                    }
                }
            }
        }
        for (auto& [header, loop] : loops_) {
            std::set<Block*> exits;
            for (const Block* node : loop.body) {
                for (Block* next : node->Successors()) {
                    if (!loop.body.contains(next)) {
                        exits.insert(next);
                    }
                }
            }
            // One exit continues after the loop (its merge); the others must end the thread
            // (all their paths EXIT without meeting another exit) and are emitted in place.
            // When every exit ends the thread, the last one in the code is taken as the merge.
            Block* last = nullptr;
            for (Block* exit : exits) {
                if (last == nullptr || exit->sass_offset > last->sass_offset) {
                    last = exit;
                }
                if (exits.size() == 1 || !EndsThread(exit, exits)) {
                    if (loop.merge != nullptr) {
                        Fail(header, "a loop with several exits");
                    }
                    loop.merge = exit;
                }
            }
            if (loop.merge == nullptr) {
                loop.merge = last;
            }
        }
        for (const auto& block : program_.Blocks()) {
            for (const Block* pred : block->preds) {
                if (!Dominates(block.get(), pred) && IsBackEdgeCandidate(pred, block.get())) {
                    Fail(block.get(), "irreducible control flow");
                }
            }
        }
    }

    // A retreating edge (to an earlier block in the original order) that is not a back edge
    // means a loop with two entries.
    bool IsBackEdgeCandidate(const Block* from, const Block* to) const {
        for (const auto& [header, loop] : loops_) {
            if (loop.body.contains(from) && loop.body.contains(to)) {
                return false;
            }
        }
        return to->index <= from->index && Reaches(to, from);
    }

    bool Reaches(const Block* from, const Block* to) const {
        std::set<const Block*> seen;
        std::vector<const Block*> stack{from};
        while (!stack.empty()) {
            const Block* node = stack.back();
            stack.pop_back();
            if (node == to) {
                return true;
            }
            if (!seen.insert(node).second) {
                continue;
            }
            for (const Block* next : node->Successors()) {
                stack.push_back(next);
            }
        }
        return false;
    }

    bool EndsThread(Block* start, const std::set<Block*>& exits) const {
        std::set<const Block*> seen;
        std::vector<const Block*> stack{start};
        while (!stack.empty()) {
            const Block* node = stack.back();
            stack.pop_back();
            if (!seen.insert(node).second) {
                continue;
            }
            if (node != start && exits.contains(const_cast<Block*>(node))) {
                return false;
            }
            for (const Block* next : node->Successors()) {
                stack.push_back(next);
            }
        }
        return true;
    }

    std::vector<Node> Region(Block* block, Block* stop, const Loop* loop, bool loop_start) {
        std::vector<Node> nodes;
        for (bool first = true; block != nullptr; first = false) {
            if (block == stop) {
                return nodes;
            }
            if (loop != nullptr && block == loop->header && !(first && loop_start)) {
                nodes.push_back(Leaf(Node::Kind::Continue));
                return nodes;
            }
            if (loop != nullptr && block == loop->merge) {
                nodes.push_back(Leaf(Node::Kind::Break));
                return nodes;
            }
            if (const auto it = loops_.find(block); it != loops_.end() && !(loop == &it->second)) {
                const Loop& inner = it->second;
                if (loop != nullptr && inner.merge != nullptr &&
                    !loop->body.contains(inner.merge) && inner.merge != loop->merge) {
                    Fail(block, "a break out of two loops");
                }
                Node node = Leaf(Node::Kind::Loop);
                node.body = Region(block, nullptr, &inner, true);
                nodes.push_back(std::move(node));
                block = inner.merge;
                continue;
            }
            // A block reached from two places that do not merge (two branches to one shared
            // tail) is emitted on each path: its values reach other blocks only through phis,
            // which each copy stores. The copies are bounded so that the code stays small.
            if (++emitted_blocks_ > 8 * program_.Blocks().size() + 64) {
                Fail(block, "control flow that needs too many copies of shared blocks");
            }
            nodes.push_back(Leaf(Node::Kind::Block, block));
            switch (block->end.kind) {
                case Terminator::Kind::Exit:
                    nodes.push_back(Leaf(Node::Kind::Return));
                    return nodes;
                case Terminator::Kind::Jump:
                    block = block->end.targets[0];
                    break;
                case Terminator::Kind::Branch: {
                    if (Block* next = FlatExit(block, loop, nodes)) {
                        block = next;
                        break;
                    }
                    if (Block* next = SkipToStop(block, stop, nodes)) {
                        block = next;
                        break;
                    }
                    // Inside a loop, a selection merges where its paths meet again before they
                    // continue or break; null when they only meet by leaving the iteration.
                    Block* merge = loop != nullptr ? LoopPostDominator(*loop, block)
                                                   : post_dominator_[block->index];

                    Node node = Leaf(Node::Kind::If);
                    node.condition = block->end.condition;
                    node.branch = block;
                    node.then_body = Region(block->end.targets[0], merge, loop, false);
                    node.else_body = Region(block->end.targets[1], merge, loop, false);
                    nodes.push_back(std::move(node));
                    if (merge == nullptr || (loop != nullptr && merge == loop->header)) {
                        if (merge != nullptr) {
                            nodes.push_back(Leaf(Node::Kind::Continue));
                        }
                        return nodes;
                    }
                    block = merge;
                    break;
                }
                case Terminator::Kind::None:
                    Fail(block, "a block without an end");
            }
        }
        return nodes;
    }

    // `if (c) break;` (or continue) and go on with the other target, when that target is
    // entered only from here: no nesting for the chains of early exits unrolled loops have.
    Block* FlatExit(Block* block, const Loop* loop, std::vector<Node>& nodes) {
        if (loop == nullptr) {
            return nullptr;
        }
        const auto leaves = [&](const Block* target) {
            return target == loop->merge || target == loop->header;
        };
        for (int arm = 0; arm < 2; ++arm) {
            Block* exit = block->end.targets[arm];
            Block* next = block->end.targets[1 - arm];
            if (!leaves(exit) || leaves(next) || next->preds.size() != 1) {
                continue;
            }
            Node node = Leaf(Node::Kind::If);
            node.condition = block->end.condition;
            node.branch = block;
            std::vector<Node>& jump = arm == 0 ? node.then_body : node.else_body;
            jump.push_back(Leaf(exit == loop->merge ? Node::Kind::Break : Node::Kind::Continue));
            nodes.push_back(std::move(node));
            return next;
        }
        return nullptr;
    }

    // `if (c) skip the rest of this region` and go on with the other target, when one target is
    // where the region ends and the other is entered only from here.
    static Block* SkipToStop(Block* block, const Block* stop, std::vector<Node>& nodes) {
        if (stop == nullptr) {
            return nullptr;
        }
        for (u8 arm = 0; arm < 2; ++arm) {
            Block* next = block->end.targets[1 - arm];
            if (block->end.targets[arm] != stop || next == stop || next->preds.size() != 1) {
                continue;
            }
            Node node = Leaf(Node::Kind::Skip);
            node.condition = block->end.condition;
            node.branch = block;
            node.exit_arm = arm;
            nodes.push_back(std::move(node));
            return next;
        }
        return nullptr;
    }

    // The immediate post-dominator of `block` within one iteration of `loop`: edges back to the
    // header and out of the loop all lead to one virtual end of the iteration.
    Block* LoopPostDominator(const Loop& loop, const Block* block) {
        auto& table = loop_post_dominators_[&loop];
        if (table.empty()) {
            std::vector<const Block*> nodes(loop.body.begin(), loop.body.end());
            std::map<const Block*, int> number;
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                number[nodes[i]] = static_cast<int>(i);
            }
            const int sink = static_cast<int>(nodes.size());
            std::vector<std::vector<int>> reversed(nodes.size() + 1);
            for (const Block* node : nodes) {
                for (const Block* next : node->Successors()) {
                    const bool leaves = next == loop.header || !loop.body.contains(next);
                    reversed[static_cast<std::size_t>(leaves ? sink : number.at(next))].push_back(
                        number.at(node));
                }
            }
            const std::vector<int> order = ReversePostOrder(reversed, sink);
            std::vector<int> position(nodes.size() + 1, -1);
            for (std::size_t i = 0; i < order.size(); ++i) {
                position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
            }
            std::vector<std::vector<int>> preds(order.size());
            for (std::size_t from = 0; from < reversed.size(); ++from) {
                if (position[from] < 0) {
                    continue;
                }
                for (int to : reversed[from]) {
                    if (position[static_cast<std::size_t>(to)] >= 0) {
                        preds[static_cast<std::size_t>(position[static_cast<std::size_t>(to)])]
                            .push_back(position[from]);
                    }
                }
            }
            const std::vector<int> idom = ImmediateDominators(preds);
            for (std::size_t i = 1; i < order.size(); ++i) {
                const int target = order[static_cast<std::size_t>(idom[i])];
                table[nodes[static_cast<std::size_t>(order[i])]] =
                    target == sink ? nullptr
                                   : const_cast<Block*>(nodes[static_cast<std::size_t>(target)]);
            }
        }
        const auto it = table.find(block);
        return it == table.end() ? nullptr : it->second;
    }

    const ir::Program& program_;
    std::map<const Loop*, std::map<const Block*, Block*>> loop_post_dominators_;
    std::vector<Block*> dominator_;
    std::vector<Block*> post_dominator_;
    std::map<Block*, Loop> loops_;
    std::size_t emitted_blocks_ = 0;
};

}  // namespace

std::vector<Node> Structurize(const ir::Program& program) {
    return Structurizer(program).Run();
}

}  // namespace shader::passes
