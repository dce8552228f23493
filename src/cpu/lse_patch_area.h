#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "base/types.h"

namespace cpu {

class GuestMemory;

// Where the JIT's view of LSE atomics is rewritten into branches to LDXR/STXR trampolines
// (see a64_extension/lse_rewriter.h). One per process, shared by its cores: a guest region the
// kernel maps readable and executable, filled as instructions are first compiled. The guest's
// own reads of its code still see the original words.
class LsePatchArea {
public:
    LsePatchArea(GuestMemory& memory, u64 base, u64 size);

    // The word the JIT should compile at pc in place of `instruction`, if it is rewritten.
    std::optional<u32> Substitute(u64 pc, u32 instruction);

    bool Contains(u64 address) const { return address >= base_ && address - base_ < size_; }
    // The patched instruction a trampoline address belongs to (for fault reports).
    std::optional<u64> OriginalPc(u64 trampoline_address) const;
    std::size_t TrampolineCount() const;

private:
    struct Patch {
        u32 instruction;
        u32 replacement;
        u64 trampoline;
        u64 trampoline_end;
    };

    GuestMemory& memory_;
    u64 base_;
    u64 size_;
    u64 next_;
    mutable std::mutex mutex_;
    std::map<u64, Patch> patches_;         // by pc
    std::map<u64, u64> pc_by_trampoline_;  // trampoline start -> pc
};

}  // namespace cpu
