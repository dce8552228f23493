#include "services/bsd/lookup_wait.h"

namespace services::bsd {

u32 LookupCancellation::NewHandle() {
    std::lock_guard lock(mutex_);
    const u32 handle = next_handle_++;
    if (next_handle_ == 0) {
        next_handle_ = 1;
    }
    return handle;
}

void LookupCancellation::Begin(u32 handle) {
    if (handle != 0) {
        std::lock_guard lock(mutex_);
        waiting_[handle] = false;
    }
}

void LookupCancellation::End(u32 handle) {
    std::lock_guard lock(mutex_);
    waiting_.erase(handle);
}

// A handle no lookup waits with is not remembered: the map stays as small as the number of
// lookups in flight, whatever a program sends.
void LookupCancellation::Cancel(u32 handle) {
    std::lock_guard lock(mutex_);
    const auto found = waiting_.find(handle);
    if (found != waiting_.end()) {
        found->second = true;
    }
}

bool LookupCancellation::IsCancelled(u32 handle) const {
    std::lock_guard lock(mutex_);
    const auto found = waiting_.find(handle);
    return found != waiting_.end() && found->second;
}

}  // namespace services::bsd
