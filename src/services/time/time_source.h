#pragma once
// Where the time services' clocks come from. Every reading is made at a guest tick, so the
// steady clock the services answer and the one libnx computes from the shared memory (its base
// plus the tick counter) are one clock: the host's steady and wall clocks, anchored at the
// first reading, or under --deterministic the tick counter itself from a fixed date, so that a
// run reads the same times on every run.
#include <mutex>
#include <optional>

#include "base/types.h"

namespace services::time {

class TimeSource {
public:
    // 2026-01-01 00:00:00 UTC: the wall clock's start in deterministic runs.
    static constexpr s64 kDeterministicEpochSeconds = 1'767'225'600;

    explicit TimeSource(bool deterministic) : deterministic_(deterministic) {}

    // The steady clock's time at `ticks`, in nanoseconds.
    s64 SteadyNanoseconds(u64 ticks) const;
    s64 SteadySeconds(u64 ticks) const { return SteadyNanoseconds(ticks) / 1'000'000'000; }
    // The wall clock (the RTC) at `ticks`, in seconds since 1970 UTC.
    s64 WallSeconds(u64 ticks) const;
    // The steady clock less the tick counter, in nanoseconds: the shared memory's base.
    s64 SteadyBaseNanoseconds(u64 ticks) const;

private:
    struct Anchor {
        s64 steady_base_ns;  // steady time less the ticks' nanoseconds
        s64 wall_ns;         // the wall clock at the anchor's steady time zero
    };
    const Anchor& AnchorAt(u64 ticks) const;

    bool deterministic_;
    mutable std::once_flag anchored_;
    mutable Anchor anchor_{};
};

}  // namespace services::time
