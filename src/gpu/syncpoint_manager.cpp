#include "gpu/syncpoint_manager.h"

#include <algorithm>

namespace gpu {
namespace {

constexpr auto kStopPoll = std::chrono::milliseconds(50);

}  // namespace

std::optional<u32> SyncpointManager::Allocate() {
    std::lock_guard lock(mutex_);
    if (next_free_ >= kCount) {
        return std::nullopt;
    }
    return next_free_++;
}

u32 SyncpointManager::Read(u32 id) const {
    std::lock_guard lock(mutex_);
    return Valid(id) ? values_[id] : 0;
}

u32 SyncpointManager::Max(u32 id) const {
    std::lock_guard lock(mutex_);
    return Valid(id) ? max_[id] : 0;
}

u32 SyncpointManager::Reserve(u32 id, u32 count) {
    std::lock_guard lock(mutex_);
    if (!Valid(id)) {
        return 0;
    }
    max_[id] += count;
    return max_[id];
}

void SyncpointManager::Increment(u32 id) {
    {
        std::lock_guard lock(mutex_);
        if (!Valid(id)) {
            return;
        }
        ++values_[id];
        // An increment nobody reserved (a pushbuffer's own SYNCPOINTB) raises the maximum too.
        if (Reached(values_[id], max_[id])) {
            max_[id] = values_[id];
        }
    }
    changed_.notify_all();
}

u32 SyncpointManager::IncrementNow(u32 id) {
    u32 value = 0;
    {
        std::lock_guard lock(mutex_);
        if (!Valid(id)) {
            return 0;
        }
        ++max_[id];
        value = ++values_[id];
    }
    changed_.notify_all();
    return value;
}

bool SyncpointManager::WaitForQueued(u32 id, u32 threshold, std::chrono::milliseconds limit,
                                     const std::function<bool()>& stop) {
    if (!Valid(id)) {
        return false;
    }
    const auto until = std::chrono::steady_clock::now() + limit;
    std::unique_lock lock(mutex_);
    for (;;) {
        if (Reached(values_[id], threshold)) {
            return true;
        }
        if (values_[id] == max_[id] || std::chrono::steady_clock::now() >= until ||
            (stop && stop())) {
            return false;
        }
        changed_.wait_until(lock, std::min(until, std::chrono::steady_clock::now() + kStopPoll));
    }
}

}  // namespace gpu
