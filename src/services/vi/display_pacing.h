#pragma once

// How often vi's display refreshes: the console's 60 Hz, a profile's fps_target, or unlocked
// for benchmarks. The refresh runs on the guest clock, which is the host's steady clock except
// under --deterministic.

#include "base/types.h"

namespace services::vi {

struct DisplayPacing {
    static constexpr u32 kConsoleRefreshHz = 60;
    static constexpr u32 kMaxRefreshHz = 1000;
    // fps_target (profile key, --fps-target): the display refreshes at this rate instead of the
    // console's, so a program that waits for vsync or for a free buffer runs at it.
    u32 refresh_hz = kConsoleRefreshHz;
    // --unlocked: a refresh every millisecond (kMaxRefreshHz), for benchmarks: a program runs
    // as fast as it can draw, up to 1000 frames a second.
    bool unlocked = false;

    // The refresh period in guest clock ticks.
    u64 PeriodTicks() const;
};

}  // namespace services::vi
