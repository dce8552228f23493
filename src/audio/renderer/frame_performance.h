#pragma once

// What one frame's rendering cost, node by node, as the console's performance frames report
// it to the program (nn::audio PerformanceEntry; the types as the SDK numbers them, Ryujinx
// Common/PerformanceEntryType.cs): an entry per voice rendered, per sub-mix, the final mix
// and per sink in use, each with the node id the program gave it, its start in microseconds
// from the frame's start and its processing time in microseconds, measured on the host's
// steady clock. For the one node the program names (its performance input's target node id)
// the frame also records details: a voice's decoding (by sample format) and its mixing, a
// mix's effects one by one (by effect type) — at most kMaxPerformanceDetails a frame.

#include <vector>

#include "base/types.h"

namespace audio::renderer {

enum class PerformanceEntryType : u8 { Invalid = 0, Voice = 1, SubMix = 2, FinalMix = 3, Sink = 4 };

// nn::audio PerformanceDetailType (Ryujinx Common/PerformanceDetailType.cs).
enum class PerformanceDetailType : u8 {
    Unknown = 0,
    PcmInt16 = 1,
    Adpcm = 2,
    VolumeRamp = 3,
    BiquadFilter = 4,
    Mix = 5,
    Delay = 6,
    Aux = 7,
    Reverb = 8,
    Reverb3d = 9,
    PcmFloat = 10,
    Limiter = 11,
    CaptureBuffer = 12,
    Compressor = 13,
};

inline constexpr u32 kMaxPerformanceDetails = 100;
inline constexpr u32 kNoPerformanceTarget = 0xFFFFFFFF;

struct PerformanceDetail {
    u32 node_id = 0;
    u32 start_us = 0;
    u32 time_us = 0;
    PerformanceDetailType type = PerformanceDetailType::Unknown;
    u8 entry_type = 0;  // PerformanceEntryType of the node
};

struct PerformanceEntry {
    u32 node_id = 0;
    u32 start_us = 0;
    u32 time_us = 0;
    PerformanceEntryType type = PerformanceEntryType::Invalid;
};

struct FramePerformance {
    std::vector<PerformanceEntry> entries;   // in the order the frame ran them
    std::vector<PerformanceDetail> details;  // the target node's
    u32 voice_drops = 0;                     // voices dropped this frame
    u32 total_us = 0;                        // the whole frame
};

}  // namespace audio::renderer
