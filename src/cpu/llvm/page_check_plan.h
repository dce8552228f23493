#pragma once

// Which of a guest block's memory accesses share one page check (translator.h's
// CheckedHostPointer): accesses off the same base register at constant offsets, while that
// register keeps its value, whose bytes together span at most one page (so that their pages are
// those of the lowest and the highest byte). The first of them checks every page of all of them;
// the others check nothing. Internal to this folder.

#include <array>
#include <compare>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "base/types.h"
#include "cpu/llvm/a64_instruction.h"

namespace cpu::llvm_tier {

// A load or store whose addresses are its base register (Rn; SP for 31) plus constants: the
// immediate forms of LDR/STR/LDUR/STUR (integer and SIMD&FP, every size, pre- and post-index)
// and of LDP/STP/LDPSW/LDNP/STNP. Offsets are from the base's value before the instruction.
struct BaseOffsetAccess {
    unsigned base;
    unsigned count;  // 1, or 2 for a pair (the first access first)
    std::array<u64, 2> offsets;
    unsigned bytes;  // of each access
    bool write;
    std::optional<u64> written_back;  // pre- and post-index: base += this after the accesses
};
// nullopt for every other instruction, and for PRFM (no access).
std::optional<BaseOffsetAccess> DecodeBaseOffsetAccess(A64Op op, u32 word);

// One access of an instruction: the index-th (0, or 1 for a pair's second) at pc.
struct AccessKey {
    u64 pc;
    unsigned index;
    auto operator<=>(const AccessKey&) const = default;
};

struct SharedPageCheck {
    unsigned base;
    // Offsets from the base of the first and one past the last byte of every access covered;
    // high - low <= kPageSize.
    s64 low;
    s64 high;
    s64 lead_offset;  // the offset of the access that makes the check
    bool read;
    bool write;
};

struct PageCheckPlan {
    std::vector<SharedPageCheck> checks;
    std::map<AccessKey, std::size_t> leads;    // the access that makes checks[index]
    std::map<AccessKey, std::size_t> covered;  // accesses checks[index] stands for
};

// The plan for one guest block, its instructions in order ((pc, word), every one classified).
// Conservative about what writes a register (any instruction's Rd field, a load's Rt and Rt2, a
// writeback's base): a wrong guess would only cost a check, since the translator also ends a
// shared check wherever it writes the base.
PageCheckPlan PlanPageChecks(const std::vector<std::pair<u64, u32>>& block);

}  // namespace cpu::llvm_tier
