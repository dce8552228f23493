#include "services/nvdrv/syncpoints.h"

namespace services::nvdrv {

std::optional<u32> Syncpoints::Allocate() {
    std::lock_guard lock(mutex_);
    if (next_free_ >= kCount) {
        return std::nullopt;
    }
    return next_free_++;
}

u32 Syncpoints::Read(u32 id) const {
    std::lock_guard lock(mutex_);
    return Valid(id) ? values_[id] : 0;
}

u32 Syncpoints::Increment(u32 id, u32 count) {
    std::lock_guard lock(mutex_);
    if (!Valid(id)) {
        return 0;
    }
    values_[id] += count;
    return values_[id];
}

}  // namespace services::nvdrv
