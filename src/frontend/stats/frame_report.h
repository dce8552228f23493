#pragma once

// `nxhost report`: a page of a run's frame statistics that opens in any browser without a
// network (inline SVG and CSS, no scripts): frame time over the run with the 16.7 and 33.3 ms
// lines and the stalls marked, a histogram of frame times, CPU and GPU time stacked, and the
// summary with the longest stalls.

#include <string>
#include <vector>

#include "frontend/stats/frame_record.h"

namespace frontend::stats {

// The page's element ids, which the report's test looks for.
inline constexpr const char* kFrameTimePlotId = "frame-time";
inline constexpr const char* kHistogramId = "histogram";
inline constexpr const char* kCpuGpuPlotId = "cpu-gpu";
inline constexpr const char* kSummaryTableId = "summary";
inline constexpr const char* kStallTableId = "stalls";

// Frames longer than two of the console's vsyncs (kFrameMs30) are marked as stalls. `title`
// heads the page (the statistics file's name).
std::string FrameReportHtml(const std::vector<FrameRecord>& records, const std::string& title);

}  // namespace frontend::stats
