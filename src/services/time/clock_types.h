#pragma once

#include <array>

#include "base/types.h"

namespace services::time {

// nn::time::SystemClockContext.
struct SystemClockContext {
    s64 offset;
    std::array<u8, 16> source_id;  // the steady clock's id
    s64 time_point;
};
static_assert(sizeof(SystemClockContext) == 0x20);

// nn::time::SteadyClockTimePoint.
struct SteadyClockTimePoint {
    s64 seconds;
    std::array<u8, 16> source_id;
};
static_assert(sizeof(SteadyClockTimePoint) == 0x18);

// The system clocks a program can read: the local (user) clock, and the network clock that an
// NTP client or the console's own synchronisation sets. The standard and ephemeral network
// clocks read the same here.
enum class SystemClockKind { Local, Network };

}  // namespace services::time
