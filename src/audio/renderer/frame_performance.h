#pragma once

// What one frame's rendering cost, node by node, as the console's performance frames report
// it to the program (nn::audio PerformanceEntry; the types as the SDK numbers them, Ryujinx
// Common/PerformanceEntryType.cs): an entry per voice rendered, per sub-mix, the final mix
// and per sink in use, each with the node id the program gave it, its start in microseconds
// from the frame's start and its processing time in microseconds, measured on the host's
// steady clock.

#include <vector>

#include "base/types.h"

namespace audio::renderer {

enum class PerformanceEntryType : u8 { Invalid = 0, Voice = 1, SubMix = 2, FinalMix = 3, Sink = 4 };

struct PerformanceEntry {
    u32 node_id = 0;
    u32 start_us = 0;
    u32 time_us = 0;
    PerformanceEntryType type = PerformanceEntryType::Invalid;
};

struct FramePerformance {
    std::vector<PerformanceEntry> entries;  // in the order the frame ran them
    u32 voice_drops = 0;                    // voices dropped this frame
    u32 total_us = 0;                       // the whole frame
};

}  // namespace audio::renderer
