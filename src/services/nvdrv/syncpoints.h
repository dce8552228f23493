#pragma once

// The host1x syncpoints: counters that GPU work increments and that fences name (an id and a
// value). nxhost does not execute GPU submissions yet (the GPU command-level issue), so a
// submission's increments land when it is accepted; nvhost-ctrl's waits read these values.

#include <array>
#include <mutex>
#include <optional>

#include "base/types.h"

namespace services::nvdrv {

struct Fence {
    u32 id = 0;
    u32 value = 0;
};

class Syncpoints {
public:
    static constexpr u32 kCount = 192;  // Tegra X1's host1x syncpoints

    // A free syncpoint for a channel; nullopt when all are taken.
    std::optional<u32> Allocate();
    u32 Read(u32 id) const;
    // Adds `count` increments and returns the value they reach.
    u32 Increment(u32 id, u32 count);
    static bool Valid(u32 id) { return id < kCount; }

private:
    mutable std::mutex mutex_;
    std::array<u32, kCount> values_{};
    // Ids below this are the system's (display, video engines), as on the console.
    u32 next_free_ = 0x10;
};

}  // namespace services::nvdrv
