#include "cpu/llvm/region.h"

#include <cstring>
#include <deque>

#include "cpu/guest_memory.h"
#include "cpu/llvm/a64_instruction.h"

namespace cpu::llvm_tier {

bool Region::Overlaps(u64 address, u64 size) const {
    // An instruction at [pc, pc + 4) overlaps when pc + 4 > address and pc < address + size.
    const auto first = words.lower_bound(address >= 3 ? address - 3 : 0);
    return first != words.end() && (size == 0 || first->first < address + size);
}

Region DiscoverRegion(const GuestMemory& memory, u64 entry, unsigned max_instructions) {
    Region region;
    region.entry = entry;
    std::deque<u64> pending{entry};
    region.block_starts.insert(entry);
    const auto add_block = [&](u64 pc) {
        if (region.block_starts.insert(pc).second) {
            pending.push_back(pc);
        }
    };
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
            if (EndsBlock(*op)) {
                break;  // BR, BLR, RET: the target is known only at run time
            }
            pc += 4;
        }
    }
    return region;
}

}  // namespace cpu::llvm_tier
