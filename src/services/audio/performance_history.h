#pragma once

// The performance frames a renderer keeps for the program (the SDK's
// GetRequiredBufferSizeForPerformanceFrames / SetPerformanceFrameBuffer): up to
// performance_frame_count frames of the renderer's per-node costs
// (audio/renderer/frame_performance.h), copied into RequestUpdate's second output buffer
// oldest first and then forgotten; RequestUpdate's performance output says how many bytes
// (PerformanceOutStatus history size, u32 @0). Each frame: a header, its entries, its details,
// and after the last frame a zeroed header where it fits. Layouts as Ryujinx's
// Server/Performance/*.cs document them (version 2 from REV5, PerformanceMetricsVersion2):
//   header v1 (0x18): magic "PERF" u32 @0, entry count @4, detail count @8, next offset @0xC
//       (from the buffer's start to the next header), total processing time (us) @0x10,
//       voice drop count @0x14;
//   header v2 (0x30): v1's, then the frame's start (ticks) u64 @0x18, frame index u32 @0x20,
//       rendering time limit exceeded u8 @0x24;
//   entry (v1 0x10, v2 0x18): node id u32 @0, start time (us) @4, processing time (us) @8,
//       entry type u8 @0xC;
//   detail (the same sizes, after the entries): node id, start, processing time as an
//       entry's, detail type u8 @0xC, entry type u8 @0xD.
// An entry or detail with neither start nor processing time is left out, as the console
// leaves it.

#include <deque>
#include <span>

#include "audio/renderer/frame_performance.h"
#include "base/types.h"

namespace services::audio {

class PerformanceHistory {
public:
    PerformanceHistory(u32 frame_count, bool version2)
        : frame_count_(frame_count), version2_(version2) {}

    // Keeps `frame` (the oldest is dropped once frame_count are kept).
    void Record(const ::audio::renderer::FramePerformance& frame, u64 start_ticks,
                bool over_time_limit);
    // Writes the kept frames into `out` (as many as fit, oldest first); returns the bytes
    // written (the history size the program reads).
    u32 CopyTo(std::span<u8> out);

    static constexpr u32 kMagic = 0x46524550;  // "PERF"
    u32 HeaderSize() const { return version2_ ? 0x30 : 0x18; }
    u32 EntrySize() const { return version2_ ? 0x18 : 0x10; }

private:
    struct Frame {
        ::audio::renderer::FramePerformance performance;
        u64 start_ticks;
        u32 index;
        bool over_time_limit;
    };
    u32 frame_count_;
    bool version2_;
    std::deque<Frame> frames_;
    u32 next_index_ = 0;
};

}  // namespace services::audio
