#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "base/types.h"
#include "cpu/a64_extension/lse_rewriter.h"

namespace cpu {

class GuestMemory;

// Where the JIT's view of LSE atomics is rewritten into branches to LDXR/STXR trampolines
// (see a64_extension/lse_rewriter.h). One per process, shared by its cores: a guest region the
// kernel maps readable and executable, filled as instructions are first compiled. The guest's
// own reads of its code still see the original words.
class LsePatchArea {
public:
    // kSingleCore only when every core that runs this process's code is the same one (see
    // LseRewriteMode): its trampolines are not atomic against another core.
    LsePatchArea(GuestMemory& memory, u64 base, u64 size,
                 LseRewriteMode mode = LseRewriteMode::kExclusive);

    // For the backend when the area was made before the cores (as the kernel does): the core
    // that will be the process's only one switches it to kSingleCore before compiling code.
    // Trampolines already made keep their mode.
    void SetMode(LseRewriteMode mode);

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
    LseRewriteMode mode_;
    mutable std::mutex mutex_;
    std::map<u64, Patch> patches_;         // by pc
    std::map<u64, u64> pc_by_trampoline_;  // trampoline start -> pc
};

}  // namespace cpu
