#include "frontend/stats/frame_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "frontend/stats/frame_summary.h"

namespace frontend::stats {
namespace {

// Every plot has the same frame: its size and the margins around its axes.
constexpr double kWidth = 960, kHeight = 260;
constexpr double kLeft = 56, kRight = 16, kTop = 16, kBottom = 36;
constexpr double kPlotWidth = kWidth - kLeft - kRight, kPlotHeight = kHeight - kTop - kBottom;

std::string Escape(std::string_view text) {
    std::string escaped;
    for (const char c : text) {
        switch (c) {
            case '&':
                escaped += "&amp;";
                break;
            case '<':
                escaped += "&lt;";
                break;
            case '>':
                escaped += "&gt;";
                break;
            case '"':
                escaped += "&quot;";
                break;
            default:
                escaped += c;
        }
    }
    return escaped;
}

// A value axis from 0 to `top`, with gridlines and labels.
struct Scale {
    double top = 1;
    double Y(double value) const {
        return kTop + kPlotHeight * (1 - std::clamp(value, 0.0, top) / top);
    }
};

// A round step for about five labels up to `top`.
double TickStep(double top) {
    const double rough = top / 5;
    const double magnitude = std::pow(10, std::floor(std::log10(rough)));
    for (const double step : {1.0, 2.0, 5.0, 10.0}) {
        if (step * magnitude >= rough) {
            return step * magnitude;
        }
    }
    return 10 * magnitude;
}

std::string OpenPlot(const char* id, const std::string& label) {
    return fmt::format(
        "<svg id=\"{}\" class=\"plot\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
        "role=\"img\" aria-label=\"{}\">\n<rect class=\"area\" x=\"{}\" y=\"{}\" width=\"{}\" "
        "height=\"{}\"/>\n",
        id, kWidth, kHeight, kWidth, kHeight, Escape(label), kLeft, kTop, kPlotWidth, kPlotHeight);
}

std::string ValueAxis(const Scale& scale, const std::string& unit) {
    std::string svg;
    const double step = TickStep(scale.top);
    for (double value = 0; value <= scale.top + step / 1000; value += step) {
        svg += fmt::format(
            "<line class=\"grid\" x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>"
            "<text class=\"tick\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:g}</text>\n",
            kLeft, kLeft + kPlotWidth, scale.Y(value), scale.Y(value), kLeft - 6,
            scale.Y(value) + 4, value);
    }
    svg += fmt::format(
        "<text class=\"label\" x=\"14\" y=\"{}\" transform=\"rotate(-90 14 {})\" "
        "text-anchor=\"middle\">{}</text>\n",
        kTop + kPlotHeight / 2, kTop + kPlotHeight / 2, unit);
    return svg;
}

std::string BottomLabel(const std::string& text) {
    return fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       kLeft + kPlotWidth / 2, kHeight - 4, Escape(text));
}

// The 16.7 and 33.3 ms lines across a frame-time plot.
std::string VsyncLines(const Scale& scale) {
    std::string svg;
    for (const auto& [ms, name] :
         {std::pair{kFrameMs60, "16.7 ms (60 fps)"}, std::pair{kFrameMs30, "33.3 ms (30 fps)"}}) {
        if (ms > scale.top) {
            continue;
        }
        svg += fmt::format(
            "<line class=\"vsync\" x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>"
            "<text class=\"vsync-label\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
            kLeft, kLeft + kPlotWidth, scale.Y(ms), scale.Y(ms), kLeft + kPlotWidth - 4,
            scale.Y(ms) - 4, name);
    }
    return svg;
}

// The frame-time axis: up to a little past the 99th percentile (at least 40 ms), so that one
// long start-up frame does not flatten the rest; frames above it are drawn at the top.
Scale FrameTimeScale(const std::vector<FrameRecord>& records) {
    const double p99 = FrameTimePercentile(records, 99);
    const double top = std::max(40.0, std::ceil(p99 * 1.5 / 10) * 10);
    return Scale{top};
}

double FrameX(std::size_t index, std::size_t count) {
    return kLeft + (count <= 1
                        ? 0
                        : kPlotWidth * static_cast<double>(index) / static_cast<double>(count - 1));
}

std::string FrameTimePlot(const std::vector<FrameRecord>& records) {
    const Scale scale = FrameTimeScale(records);
    std::string svg = OpenPlot(kFrameTimePlotId, "frame time over the run");
    svg += ValueAxis(scale, "frame time (ms)");
    svg += VsyncLines(scale);
    std::string points;
    for (std::size_t index = 0; index < records.size(); ++index) {
        points += fmt::format("{:.1f},{:.1f} ", FrameX(index, records.size()),
                              scale.Y(records[index].frame_ms));
    }
    svg += fmt::format("<polyline class=\"frame-line\" points=\"{}\"/>\n", points);
    for (std::size_t index = 0; index < records.size(); ++index) {
        const FrameRecord& record = records[index];
        if (record.frame_ms <= kFrameMs30) {
            continue;
        }
        svg += fmt::format(
            "<circle class=\"stall\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\"><title>frame {}: {:.1f} "
            "ms, {}</title></circle>\n",
            FrameX(index, records.size()), scale.Y(record.frame_ms), record.frame, record.frame_ms,
            Escape(StallActivity(record)));
    }
    if (!records.empty()) {
        svg += fmt::format(
            "<text class=\"tick\" x=\"{}\" y=\"{}\">{}</text><text class=\"tick\" x=\"{}\" "
            "y=\"{}\" text-anchor=\"end\">{}</text>\n",
            kLeft, kTop + kPlotHeight + 14, records.front().frame, kLeft + kPlotWidth,
            kTop + kPlotHeight + 14, records.back().frame);
    }
    svg += BottomLabel("frame (red: over 33.3 ms, a stall)");
    return svg + "</svg>\n";
}

std::string Histogram(const std::vector<FrameRecord>& records) {
    // One bar a millisecond up to the frame-time axis' top, the last one holding the rest.
    const auto bins = static_cast<std::size_t>(FrameTimeScale(records).top);
    std::vector<u64> counts(bins, 0);
    for (const FrameRecord& record : records) {
        const auto bin = static_cast<std::size_t>(std::max(record.frame_ms, 0.0));
        ++counts[std::min(bin, bins - 1)];
    }
    const u64 most = std::max<u64>(*std::ranges::max_element(counts), 1);
    const Scale scale{static_cast<double>(most)};
    std::string svg = OpenPlot(kHistogramId, "histogram of frame times");
    svg += ValueAxis(scale, "frames");
    const double bar = kPlotWidth / static_cast<double>(bins);
    for (std::size_t bin = 0; bin < bins; ++bin) {
        if (counts[bin] != 0) {
            const double y = scale.Y(static_cast<double>(counts[bin]));
            svg += fmt::format(
                "<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
                "<title>{}{} ms: {} frames</title></rect>\n",
                kLeft + bar * static_cast<double>(bin), y, std::max(bar - 1, 1.0),
                kTop + kPlotHeight - y, bin, bin + 1 == bins ? "+" : fmt::format("-{}", bin + 1),
                counts[bin]);
        }
        if (bin % 5 == 0) {
            svg +=
                fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{}</text>\n",
                            kLeft + bar * static_cast<double>(bin), kTop + kPlotHeight + 14, bin);
        }
    }
    for (const double ms : {kFrameMs60, kFrameMs30}) {
        const double x = kLeft + bar * ms;
        svg +=
            fmt::format("<line class=\"vsync\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/>\n",
                        x, x, kTop, kTop + kPlotHeight);
    }
    svg += BottomLabel("frame time (ms, 1 ms bars; the last holds everything longer)");
    return svg + "</svg>\n";
}

// CPU time, and GPU time on top of it, for every frame (averaged over the frames a pixel
// column holds when there are more frames than columns).
std::string CpuGpuPlot(const std::vector<FrameRecord>& records) {
    const Scale scale = FrameTimeScale(records);
    std::string svg = OpenPlot(kCpuGpuPlotId, "CPU and GPU time of each frame");
    svg += ValueAxis(scale, "time (ms)");
    const std::size_t columns =
        std::min<std::size_t>(records.size(), static_cast<std::size_t>(kPlotWidth));
    std::string cpu_top, gpu_top;
    for (std::size_t column = 0; column < columns; ++column) {
        const std::size_t first = column * records.size() / columns;
        const std::size_t last = std::max(first + 1, (column + 1) * records.size() / columns);
        double cpu = 0, gpu = 0;
        for (std::size_t index = first; index < last; ++index) {
            cpu += records[index].cpu_ms;
            gpu += records[index].gpu_sum_ms;
        }
        cpu /= static_cast<double>(last - first);
        gpu /= static_cast<double>(last - first);
        const double x = FrameX(column, columns);
        cpu_top += fmt::format("{:.1f},{:.1f} ", x, scale.Y(cpu));
        gpu_top += fmt::format("{:.1f},{:.1f} ", x, scale.Y(cpu + gpu));
    }
    const double base = kTop + kPlotHeight;
    const double right = FrameX(columns == 0 ? 0 : columns - 1, columns);
    // GPU first, from the axis up to CPU + GPU, then CPU over it: what shows of the GPU's area
    // is its share on top.
    svg += fmt::format("<polygon class=\"gpu\" points=\"{},{} {}{:.1f},{}\"/>\n", kLeft, base,
                       gpu_top, right, base);
    svg += fmt::format("<polygon class=\"cpu\" points=\"{},{} {}{:.1f},{}\"/>\n", kLeft, base,
                       cpu_top, right, base);
    svg += VsyncLines(scale);
    svg += fmt::format(
        "<rect class=\"cpu\" x=\"{}\" y=\"{}\" width=\"10\" height=\"10\"/><text class=\"tick\" "
        "x=\"{}\" y=\"{}\">CPU (guest cores)</text><rect class=\"gpu\" x=\"{}\" y=\"{}\" "
        "width=\"10\" height=\"10\"/><text class=\"tick\" x=\"{}\" y=\"{}\">GPU (sum)</text>\n",
        kLeft + 8, kTop + 6, kLeft + 22, kTop + 15, kLeft + 140, kTop + 6, kLeft + 154, kTop + 15);
    svg += BottomLabel("frame");
    return svg + "</svg>\n";
}

std::string Row(std::string_view name, const std::string& value) {
    return fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", Escape(name), Escape(value));
}

std::string SummaryTable(const FrameSummary& summary) {
    std::string html = fmt::format("<table id=\"{}\">\n", kSummaryTableId);
    html += Row("frames", fmt::format("{}", summary.frames));
    html += Row("fps", fmt::format("{:.1f}", summary.fps));
    html += Row("frame time p50", fmt::format("{:.2f} ms", summary.p50_ms));
    html += Row("frame time p95", fmt::format("{:.2f} ms", summary.p95_ms));
    html += Row("frame time p99", fmt::format("{:.2f} ms", summary.p99_ms));
    html += Row("frames over 25 ms", fmt::format("{}", summary.over_25ms));
    html += Row("frames over 33 ms", fmt::format("{}", summary.over_33ms));
    html += Row("CPU time, mean", fmt::format("{:.2f} ms", summary.mean_cpu_ms));
    html += Row("GPU span, mean", fmt::format("{:.2f} ms", summary.mean_gpu_span_ms));
    if (summary.longest) {
        html += Row("longest frame",
                    fmt::format("{:.1f} ms (frame {}: {})", summary.longest->frame_ms,
                                summary.longest->frame, StallActivity(*summary.longest)));
    }
    return html + "</table>\n";
}

// The ten longest stalls, longest first.
std::string StallTable(const std::vector<FrameRecord>& records) {
    std::vector<FrameRecord> stalls;
    std::ranges::copy_if(records, std::back_inserter(stalls),
                         [](const FrameRecord& record) { return record.frame_ms > kFrameMs30; });
    std::ranges::sort(
        stalls, [](const FrameRecord& a, const FrameRecord& b) { return a.frame_ms > b.frame_ms; });
    stalls.resize(std::min<std::size_t>(stalls.size(), 10));
    std::string html = fmt::format(
        "<table id=\"{}\">\n<tr><th>frame</th><th>guest time</th><th>frame time</th><th>what it "
        "was doing</th></tr>\n",
        kStallTableId);
    for (const FrameRecord& stall : stalls) {
        html += fmt::format("<tr><td>{}</td><td>{:.3f} s</td><td>{:.1f} ms</td><td>{}</td></tr>\n",
                            stall.frame, stall.guest_ms / 1000, stall.frame_ms,
                            Escape(StallActivity(stall)));
    }
    if (stalls.empty()) {
        html += "<tr><td colspan=\"4\">no frame over 33.3 ms</td></tr>\n";
    }
    return html + "</table>\n";
}

constexpr std::string_view kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px auto; max-width: 1000px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
.plot { display: block; background: #fff; }
.area { fill: #fafafa; stroke: #ccc; }
.grid { stroke: #e4e4e4; }
.tick { font-size: 11px; fill: #555; }
.label { font-size: 12px; fill: #333; }
.vsync { stroke: #2a7; stroke-dasharray: 6 4; stroke-width: 1.5; }
.vsync-label { font-size: 11px; fill: #2a7; }
.frame-line { fill: none; stroke: #3366cc; stroke-width: 1; }
.stall { fill: #d33; stroke: #fff; }
.bar { fill: #3366cc; }
.cpu { fill: #3366cc; opacity: 0.85; }
.gpu { fill: #f39c12; opacity: 0.85; }
table { border-collapse: collapse; margin-top: 8px; }
th, td { border: 1px solid #ddd; padding: 4px 10px; text-align: left; }
th { background: #f3f3f3; }
)";

}  // namespace

std::string FrameReportHtml(const std::vector<FrameRecord>& records, const std::string& title) {
    const FrameSummary summary = Summarize(records);
    std::string html = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>nxhost "
        "frames: {}</title>\n<style>{}</style>\n</head>\n<body>\n<h1>nxhost frames: {}</h1>\n"
        "<p>{}</p>\n",
        Escape(title), kStyle, Escape(title), Escape(FormatSummary(summary)));
    html += "<h2>Frame time</h2>\n" + FrameTimePlot(records);
    html += "<h2>Frame times, histogram</h2>\n" + Histogram(records);
    html += "<h2>CPU and GPU time, stacked</h2>\n" + CpuGpuPlot(records);
    html += "<h2>Summary</h2>\n" + SummaryTable(summary);
    html += "<h2>Longest stalls</h2>\n" + StallTable(records);
    return html + "</body>\n</html>\n";
}

}  // namespace frontend::stats
