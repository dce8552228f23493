#pragma once

// What a run's frames add up to: the line `nxhost run` ends with and the report's table.

#include <optional>
#include <string>
#include <vector>

#include "frontend/stats/frame_record.h"

namespace frontend::stats {

struct FrameSummary {
    u64 frames = 0;
    double fps = 0;  // frames over the time they took
    double p50_ms = 0, p95_ms = 0, p99_ms = 0;
    u64 over_25ms = 0, over_33ms = 0;
    double mean_cpu_ms = 0, mean_gpu_span_ms = 0;
    // The longest frame, and what it was doing (see StallActivity).
    std::optional<FrameRecord> longest;
};

// The console's frame times: a 60 Hz vsync, and two of them.
inline constexpr double kFrameMs60 = 1000.0 / 60;
inline constexpr double kFrameMs30 = 1000.0 / 30;

FrameSummary Summarize(const std::vector<FrameRecord>& records);
// The nearest-rank percentile (0-100) of the frame times; 0 without frames.
double FrameTimePercentile(const std::vector<FrameRecord>& records, double percentile);
// What a long frame spent its time on: the largest of translating shaders, building pipelines
// and uploading when any was measured, else the guest's own code (its CPU time is most of the
// frame) or waiting.
std::string StallActivity(const FrameRecord& record);
// "300 frames, 60.0 fps, frame p50 16.67 ms, p95 ..., longest ... (frame N: ...)".
std::string FormatSummary(const FrameSummary& summary);

}  // namespace frontend::stats
