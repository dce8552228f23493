#pragma once

#include <array>
#include <cstddef>

#include "base/types.h"

namespace services::time {

// nn::time::SteadyClockTimePoint.
struct SteadyClockTimePoint {
    s64 seconds;
    std::array<u8, 16> source_id;
};
static_assert(sizeof(SteadyClockTimePoint) == 0x18);

// nn::time::SystemClockContext: the clock's offset from the steady clock, then the steady
// clock's time point it was taken at (libnx TimeSystemClockContext, Ryujinx
// SystemClockContext). libnx 4.x reads the time from the shared memory only when the time
// point's source id is the steady clock's.
struct SystemClockContext {
    s64 offset;
    SteadyClockTimePoint timestamp;
};
static_assert(sizeof(SystemClockContext) == 0x20);
static_assert(offsetof(SystemClockContext, timestamp) == 0x8);

// The system clocks a program can read: the local (user) clock, and the network clock that an
// NTP client or the console's own synchronisation sets. The standard and ephemeral network
// clocks read the same here.
enum class SystemClockKind { Local, Network };

}  // namespace services::time
