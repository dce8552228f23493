#include "frontend/stats/frame_summary.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace frontend::stats {

double FrameTimePercentile(const std::vector<FrameRecord>& records, double percentile) {
    if (records.empty()) {
        return 0;
    }
    std::vector<double> times;
    times.reserve(records.size());
    for (const FrameRecord& record : records) {
        times.push_back(record.frame_ms);
    }
    std::ranges::sort(times);
    const auto rank =
        static_cast<std::size_t>(std::ceil(percentile / 100.0 * static_cast<double>(times.size())));
    return times[std::clamp<std::size_t>(rank, 1, times.size()) - 1];
}

FrameSummary Summarize(const std::vector<FrameRecord>& records) {
    FrameSummary summary;
    summary.frames = records.size();
    if (records.empty()) {
        return summary;
    }
    double total_ms = 0, cpu_ms = 0, gpu_ms = 0;
    for (const FrameRecord& record : records) {
        total_ms += record.frame_ms;
        cpu_ms += record.cpu_ms;
        gpu_ms += record.gpu_span_ms;
        summary.over_25ms += record.frame_ms > 25.0 ? 1 : 0;
        summary.over_33ms += record.frame_ms > kFrameMs30 ? 1 : 0;
        if (!summary.longest || record.frame_ms > summary.longest->frame_ms) {
            summary.longest = record;
        }
    }
    const auto count = static_cast<double>(records.size());
    summary.fps = total_ms > 0 ? count * 1000.0 / total_ms : 0;
    summary.p50_ms = FrameTimePercentile(records, 50);
    summary.p95_ms = FrameTimePercentile(records, 95);
    summary.p99_ms = FrameTimePercentile(records, 99);
    summary.mean_cpu_ms = cpu_ms / count;
    summary.mean_gpu_span_ms = gpu_ms / count;
    return summary;
}

std::string StallActivity(const FrameRecord& record) {
    const double gpu_side = std::max({record.shader_ms, record.pipeline_ms, record.upload_ms});
    if (gpu_side > 0) {
        if (gpu_side == record.shader_ms) {
            return fmt::format("translating shaders ({} translated, {:.1f} ms)", record.shaders,
                               record.shader_ms);
        }
        if (gpu_side == record.pipeline_ms) {
            return fmt::format("building pipelines ({} built, {:.1f} ms)", record.pipelines,
                               record.pipeline_ms);
        }
        return fmt::format("uploading ({} bytes, {:.1f} ms)", record.upload_bytes,
                           record.upload_ms);
    }
    if (record.cpu_ms >= record.frame_ms / 2) {
        return fmt::format("running the guest's code ({:.1f} ms of CPU)", record.cpu_ms);
    }
    return fmt::format("waiting ({:.1f} ms of guest CPU; no GPU work measured)", record.cpu_ms);
}

std::string FormatSummary(const FrameSummary& summary) {
    if (summary.frames == 0) {
        return "no frames presented";
    }
    std::string text = fmt::format(
        "{} frame{}, {:.1f} fps, frame p50 {:.2f} ms, p95 {:.2f} ms, p99 {:.2f} ms, {} over 25 "
        "ms, {} over 33 ms",
        summary.frames, summary.frames == 1 ? "" : "s", summary.fps, summary.p50_ms, summary.p95_ms,
        summary.p99_ms, summary.over_25ms, summary.over_33ms);
    if (summary.longest) {
        text += fmt::format("; longest {:.1f} ms (frame {}: {})", summary.longest->frame_ms,
                            summary.longest->frame, StallActivity(*summary.longest));
    }
    return text;
}

}  // namespace frontend::stats
