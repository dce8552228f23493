#include "cpu/llvm/region.h"

#include <cstring>
#include <deque>
#include <vector>

#include "cpu/guest_memory.h"
#include "cpu/llvm/a64_instruction.h"

namespace cpu::llvm_tier {

bool Region::Overlaps(u64 address, u64 size) const {
    // An instruction at [pc, pc + 4) overlaps when pc + 4 > address and pc < address + size.
    const auto first = words.lower_bound(address >= 3 ? address - 3 : 0);
    return first != words.end() && (size == 0 || first->first < address + size);
}

namespace {

// Where control can go after the instruction at pc, inside the region or not (a RET to any of
// the region's call sites, a BR or BLR to any of its known entry points).
std::vector<u64> Successors(const Region& region, u64 pc, u32 word) {
    const A64Op op = *Classify(word);
    switch (op) {
        case A64Op::Branch:
            return {BranchTarget(op, word, pc)};
        case A64Op::BranchLink:
        case A64Op::BranchConditional:
        case A64Op::CompareBranch:
        case A64Op::TestBranch:
            return {BranchTarget(op, word, pc), pc + 4};
        case A64Op::Return:
            return {region.return_points.begin(), region.return_points.end()};
        case A64Op::BranchRegister:
        case A64Op::BranchLinkRegister:
            return {region.indirect_targets.begin(), region.indirect_targets.end()};
        default:
            return EndsBlock(op) ? std::vector<u64>{} : std::vector<u64>{pc + 4};
    }
}

// The instructions from which the entry can be reached again.
std::set<u64> OnCyclesThroughEntry(const Region& region) {
    std::map<u64, std::vector<u64>> predecessors;
    for (const auto& [pc, word] : region.words) {
        for (const u64 next : Successors(region, pc, word)) {
            if (region.Contains(next)) {
                predecessors[next].push_back(pc);
            }
        }
    }
    std::set<u64> reached;
    std::vector<u64> pending{region.entry};
    while (!pending.empty()) {
        const u64 pc = pending.back();
        pending.pop_back();
        for (const u64 previous : predecessors[pc]) {
            if (reached.insert(previous).second) {
                pending.push_back(previous);
            }
        }
    }
    return reached;
}

// Keeps the instructions on cycles through the entry and the first `outside` of the others in
// the order they were found.
void KeepCyclesAndFirst(Region& region, const std::vector<u64>& found_order, unsigned outside) {
    const std::set<u64> cycles = OnCyclesThroughEntry(region);
    unsigned kept_outside = 0;
    for (const u64 pc : found_order) {
        if (!cycles.contains(pc) && pc != region.entry && ++kept_outside > outside) {
            region.words.erase(pc);
        }
    }
}

}  // namespace

Region DiscoverRegion(const GuestMemory& memory, u64 entry, unsigned max_instructions,
                      unsigned max_outside_cycles, const std::set<u64>& indirect_targets) {
    Region region;
    region.entry = entry;
    std::deque<u64> pending{entry};
    std::vector<u64> found_order;
    region.block_starts.insert(entry);
    const auto add_block = [&](u64 pc) {
        if (region.block_starts.insert(pc).second) {
            pending.push_back(pc);
        }
    };
    for (const u64 target : indirect_targets) {
        add_block(target);
    }
    while (!pending.empty() && region.words.size() < max_instructions) {
        u64 pc = pending.front();
        pending.pop_front();
        while (region.words.size() < max_instructions && !region.words.contains(pc)) {
            const u8* host = memory.HostPointer(pc, 4, Permission::Execute);
            if (host == nullptr) {
                break;
            }
            u32 word;
            std::memcpy(&word, host, 4);
            const auto op = Classify(word);
            if (!op) {
                break;
            }
            region.words.emplace(pc, word);
            found_order.push_back(pc);
            if (*op == A64Op::Branch) {
                add_block(BranchTarget(*op, word, pc));
                break;
            }
            if (*op == A64Op::BranchLink) {
                add_block(BranchTarget(*op, word, pc));
                region.return_points.insert(pc + 4);
                add_block(pc + 4);
                break;
            }
            if (*op == A64Op::BranchConditional || *op == A64Op::CompareBranch ||
                *op == A64Op::TestBranch) {
                add_block(BranchTarget(*op, word, pc));
                add_block(pc + 4);
                break;
            }
            if (*op == A64Op::BranchLinkRegister && !indirect_targets.empty()) {
                // Its callee may be one of the known entry points, returning here.
                region.return_points.insert(pc + 4);
                add_block(pc + 4);
                break;
            }
            if (EndsBlock(*op)) {
                break;  // BR, RET: the target is known only at run time
            }
            pc += 4;
        }
    }
    // The targets found; those left out (past the limit) are exits like any other address.
    for (const u64 target : indirect_targets) {
        if (region.words.contains(target)) {
            region.indirect_targets.insert(target);
        }
    }
    KeepCyclesAndFirst(region, found_order, max_outside_cycles);
    std::erase_if(region.indirect_targets, [&](u64 target) { return !region.Contains(target); });
    return region;
}

}  // namespace cpu::llvm_tier
