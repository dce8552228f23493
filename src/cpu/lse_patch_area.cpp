#include "cpu/lse_patch_area.h"

#include "cpu/a64_extension/lse_rewriter.h"
#include "cpu/guest_memory.h"

namespace cpu {

LsePatchArea::LsePatchArea(GuestMemory& memory, u64 base, u64 size, LseRewriteMode mode)
    : memory_(memory), base_(base), size_(size), next_(base), mode_(mode) {}

void LsePatchArea::SetMode(LseRewriteMode mode) {
    std::lock_guard lock(mutex_);
    mode_ = mode;
}

std::optional<u32> LsePatchArea::Substitute(u64 pc, u32 instruction) {
    std::lock_guard lock(mutex_);
    if (const auto it = patches_.find(pc); it != patches_.end()) {
        if (it->second.instruction == instruction) {
            return it->second.replacement;
        }
        // The guest rewrote its code: the old trampoline stays (another core may be in it).
        pc_by_trampoline_.erase(it->second.trampoline);
        patches_.erase(it);
    }
    if (next_ + kLseTrampolineMaxBytes > base_ + size_) {
        return std::nullopt;  // full: the instruction goes to the interpreter
    }
    const auto rewrite = RewriteLse(instruction, pc, next_, mode_);
    if (!rewrite) {
        return std::nullopt;
    }
    Patch patch{instruction, rewrite->replacement, next_, next_};
    if (!rewrite->trampoline.empty()) {
        const std::size_t bytes = rewrite->trampoline.size() * sizeof(u32);
        memory_.WriteInitial(next_,
                             {reinterpret_cast<const u8*>(rewrite->trampoline.data()), bytes});
        patch.trampoline_end = next_ + bytes;
        pc_by_trampoline_[next_] = pc;
        next_ += (bytes + 15) & ~u64{15};
    }
    patches_[pc] = patch;
    return patch.replacement;
}

std::optional<u64> LsePatchArea::OriginalPc(u64 trampoline_address) const {
    std::lock_guard lock(mutex_);
    auto it = pc_by_trampoline_.upper_bound(trampoline_address);
    if (it == pc_by_trampoline_.begin()) {
        return std::nullopt;
    }
    --it;
    const auto patch = patches_.find(it->second);
    if (patch == patches_.end() || trampoline_address >= patch->second.trampoline_end) {
        return std::nullopt;
    }
    return it->second;
}

std::size_t LsePatchArea::TrampolineCount() const {
    std::lock_guard lock(mutex_);
    return pc_by_trampoline_.size();
}

}  // namespace cpu
