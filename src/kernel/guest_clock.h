#pragma once

#include <atomic>
#include <functional>

#include "base/types.h"

namespace kernel {

// The guest's 19.2 MHz counter (CNTPCT_EL0, svcGetSystemTick, timeouts). Normally the host's
// steady clock; in deterministic mode it advances with guest instructions (as if the CPU ran one
// instruction a nanosecond) plus the idle time skipped when every thread sleeps, so that a run
// sees the same times on every machine.
class GuestClock {
public:
    static constexpr u64 kFrequency = 19'200'000;

    explicit GuestClock(bool deterministic) : deterministic_(deterministic) {}

    bool Deterministic() const { return deterministic_; }
    // Guest instructions executed so far (deterministic mode reads the running core's count).
    void SetInstructionSource(std::function<u64()> source) { instructions_ = std::move(source); }

    u64 Now() const;
    // Deterministic mode only: jump forward while nothing can run.
    void SkipTo(u64 ticks);

    static u64 NanosecondsToTicks(u64 nanoseconds);
    static u64 TicksToNanoseconds(u64 ticks);
    static u64 TicksToInstructions(u64 ticks);

private:
    bool deterministic_;
    std::function<u64()> instructions_;
    std::atomic<u64> skipped_{0};
    mutable std::atomic<u64> readings_{0};
};

}  // namespace kernel
