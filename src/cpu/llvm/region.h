#pragma once

// A region: the guest code reachable from one entry through direct branches, calls, returns to
// the region's own call sites and indirect branches to its known entry points, as far as the
// tier translates it.

#include <map>
#include <set>

#include "base/types.h"

namespace cpu {
class GuestMemory;
}

namespace cpu::llvm_tier {

struct Region {
    u64 entry = 0;
    // Every translated instruction, by address. An address a branch reaches that is not here
    // is an exit back to the core.
    std::map<u64, u32> words;
    // Where a basic block starts: the entry, branch targets and the instructions after
    // conditional branches and calls.
    std::set<u64> block_starts;
    // The instructions after the region's BLs and BLRs: a RET to one of them stays in the
    // region.
    std::set<u64> return_points;
    // Known entry points besides the entry: where the region, compiled before without them,
    // was seen to leave off (an interpreter's BR dispatch, a BLR's callees). A BR or BLR to one
    // of them stays in the region.
    std::set<u64> indirect_targets;

    bool Contains(u64 pc) const { return words.contains(pc); }
    // Whether any translated instruction has a byte in [address, address + size).
    bool Overlaps(u64 address, u64 size) const;
};

// Follows the code from entry, reading it with the guest's execute permission, until every
// path ends in an instruction the tier does not translate, an indirect branch, or the limit.
// Of what it found, it keeps the instructions on a cycle through the entry (the loops around
// it, a callee's and the caller's loop that calls it) and the first max_outside_cycles
// instructions found besides; the rest are exits. A loop longer than max_outside_cycles is
// then one region without the code after it, which costs compile time and runs once. The code
// from indirect_targets joins too (found after the entry's), as the targets of every BR/BLR.
Region DiscoverRegion(const GuestMemory& memory, u64 entry, unsigned max_instructions = 2048,
                      unsigned max_outside_cycles = 2048,
                      const std::set<u64>& indirect_targets = {});

}  // namespace cpu::llvm_tier
