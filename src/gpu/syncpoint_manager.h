#pragma once

// The host1x syncpoints: counters that GPU work increments and that fences name (an id and a
// value). Each has the value reached so far and the value the work queued for it will reach
// (host1x's "min" and "max"): a submission reserves its increments when it is queued and the
// GPU thread makes them land when it has executed the methods before them, so that a fence is
// reached exactly when its work is done. Shared by every channel and by nvhost-ctrl.

#include <array>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

#include "base/types.h"

namespace gpu {

struct Fence {
    u32 id = 0;
    u32 value = 0;
};

class SyncpointManager {
public:
    static constexpr u32 kCount = 192;  // Tegra X1's host1x syncpoints

    static bool Valid(u32 id) { return id < kCount; }
    // A threshold at or below the counter has been reached (compared as the hardware does,
    // modulo 2^32).
    static bool Reached(u32 value, u32 threshold) {
        return static_cast<s32>(value - threshold) >= 0;
    }

    // A free syncpoint for a channel; nullopt when all are taken.
    std::optional<u32> Allocate();
    // The value reached so far.
    u32 Read(u32 id) const;
    // The value the work queued so far will reach.
    u32 Max(u32 id) const;
    // Queued work will add `count` increments: the value they reach (the submission's fence).
    u32 Reserve(u32 id, u32 count);
    // One increment of queued work lands.
    void Increment(u32 id);
    // An increment made at once (nvhost-ctrl's SYNCPT_INCR from the CPU): reserved and landed.
    u32 IncrementNow(u32 id);

    // Waits until `id` reaches `threshold`, or no queued increment is left to land (then
    // waiting longer cannot help), or `stop()` answers true (polled every 50 ms), or `limit`
    // passes. True when the threshold is reached.
    bool WaitForQueued(u32 id, u32 threshold, std::chrono::milliseconds limit,
                       const std::function<bool()>& stop);

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::array<u32, kCount> values_{};
    std::array<u32, kCount> max_{};
    // Ids below this are the system's (display, video engines), as on the console.
    u32 next_free_ = 0x10;
};

}  // namespace gpu
