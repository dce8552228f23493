// Frame statistics: rows recorded at each frame shown, the TSV they make, the summary, and the
// report page built from the TSV.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "base/error.h"
#include "frontend/stats/frame_record.h"
#include "frontend/stats/frame_report.h"
#include "frontend/stats/frame_stats.h"
#include "frontend/stats/frame_summary.h"

namespace frontend::stats {
namespace {

// 100 frames of a 60 fps program with two stalls: frame 40 (50 ms, building pipelines) and
// frame 70 (40 ms, the guest's own code).
std::vector<FrameRecord> SampleRun() {
    std::vector<FrameRecord> records;
    double guest_ms = 0;
    for (u64 frame = 1; frame <= 100; ++frame) {
        FrameRecord record;
        record.frame = frame;
        record.frame_ms = frame % 2 == 0 ? 16.6 : 16.8;
        record.cpu_ms = 4;
        if (frame == 40) {
            record.frame_ms = 50;
            record.pipeline_ms = 30;
            record.pipelines = 12;
        }
        if (frame == 70) {
            record.frame_ms = 40;
            record.cpu_ms = 38;
        }
        guest_ms += record.frame_ms;
        record.guest_ms = guest_ms;
        records.push_back(record);
    }
    return records;
}

TEST(FrameStats, TheSummaryCountsPercentilesAndStalls) {
    const FrameSummary summary = Summarize(SampleRun());
    EXPECT_EQ(summary.frames, 100u);
    EXPECT_DOUBLE_EQ(summary.p50_ms, 16.8);  // 48 frames of 16.6 ms, 50 of 16.8
    EXPECT_DOUBLE_EQ(summary.p95_ms, 16.8);
    EXPECT_DOUBLE_EQ(summary.p99_ms, 40);
    EXPECT_EQ(summary.over_25ms, 2u);
    EXPECT_EQ(summary.over_33ms, 2u);
    ASSERT_TRUE(summary.longest);
    EXPECT_EQ(summary.longest->frame, 40u);
    EXPECT_NEAR(summary.fps, 100 * 1000 / (48 * 16.6 + 50 * 16.8 + 90), 1e-9);
    EXPECT_EQ(StallActivity(*summary.longest), "building pipelines (12 built, 30.0 ms)");
    EXPECT_EQ(StallActivity(SampleRun()[69]), "running the guest's code (38.0 ms of CPU)");
    EXPECT_NE(FormatSummary(summary).find("100 frames, "), std::string::npos);
    EXPECT_NE(FormatSummary(summary).find("longest 50.0 ms (frame 40: building pipelines"),
              std::string::npos);
}

TEST(FrameStats, TheFileReadsBackAsWritten) {
    const auto path = std::filesystem::temp_directory_path() / "nxhost_frame_stats_test.tsv";
    const std::vector<FrameRecord> records = SampleRun();
    WriteStatsFile(path, records);
    const std::vector<FrameRecord> read = ReadStatsFile(path);
    std::filesystem::remove(path);
    ASSERT_EQ(read.size(), records.size());
    EXPECT_EQ(read[39].frame, 40u);
    EXPECT_DOUBLE_EQ(read[39].frame_ms, 50);
    EXPECT_EQ(read[39].pipelines, 12u);
    EXPECT_DOUBLE_EQ(read[69].cpu_ms, 38);
    EXPECT_THROW(ParseStats("frame\tframe_ms\n1\t16.7\n", "t"), base::Error);  // columns missing
    EXPECT_THROW(ParseStats(StatsHeader() + "\n1\tx\n", "t"), base::Error);
}

TEST(FrameStats, FramesShownBecomeRowsInsideTheWindowsOnly) {
    auto work = std::make_shared<gpu::FrameWork>();
    FrameStats stats(work, false);
    u64 cpu_ns = 0;
    stats.AttachProgram(19'200'000, [&] { return cpu_ns; });
    const auto start = std::chrono::steady_clock::now();
    const auto at = [&](double ms) {
        return start + std::chrono::microseconds(static_cast<long>(ms * 1000));
    };
    stats.FrameShown({1, 19'200'000 + 320'000, at(16.7)});  // outside a window
    stats.SetRecording(true);
    cpu_ns = 5'000'000;
    work->Add({.submissions = 2});
    stats.FrameShown({2, 19'200'000 + 640'000, at(33.4)});
    stats.SetRecording(false);
    stats.FrameShown({3, 19'200'000 + 960'000, at(50.1)});
    const std::vector<FrameRecord> records = stats.Records();
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].frame, 2u);
    EXPECT_NEAR(records[0].guest_ms, 1000.0 * 640'000 / 19'200'000, 1e-9);
    EXPECT_NEAR(records[0].frame_ms, 16.7, 0.01);
    EXPECT_DOUBLE_EQ(records[0].cpu_ms, 5);
    EXPECT_EQ(records[0].submissions, 2u);
}

std::size_t Count(const std::string& text, const std::string& pattern) {
    const std::regex expression(pattern);
    return static_cast<std::size_t>(std::distance(
        std::sregex_iterator(text.begin(), text.end(), expression), std::sregex_iterator()));
}

// The page has every plot and table, its values come from the TSV, and it needs no network.
TEST(FrameReport, ThePageHasEveryPlotAndTableWithTheFilesValues) {
    const auto path = std::filesystem::temp_directory_path() / "nxhost_frame_report_test.tsv";
    WriteStatsFile(path, SampleRun());
    const std::string html = FrameReportHtml(ReadStatsFile(path), "run.tsv");
    std::filesystem::remove(path);
    for (const char* id : {kFrameTimePlotId, kHistogramId, kCpuGpuPlotId}) {
        EXPECT_EQ(Count(html, fmt::format("<svg id=\"{}\"", id)), 1u) << id;
    }
    for (const char* id : {kSummaryTableId, kStallTableId}) {
        EXPECT_EQ(Count(html, fmt::format("<table id=\"{}\"", id)), 1u) << id;
    }
    // One line of frame times with a point a frame, the two stalls marked.
    EXPECT_EQ(Count(html, "<polyline class=\"frame-line\""), 1u);
    EXPECT_EQ(Count(html, "<circle class=\"stall\""), 2u);
    EXPECT_NE(html.find("<title>frame 40: 50.0 ms, building pipelines"), std::string::npos);
    // The 16.7 and 33.3 ms lines on both frame-time plots, and in the histogram.
    EXPECT_EQ(Count(html, "16.7 ms \\(60 fps\\)"), 2u);
    EXPECT_EQ(Count(html, "33.3 ms \\(30 fps\\)"), 2u);
    EXPECT_EQ(Count(html, "<line class=\"vsync\""), 6u);
    // The histogram's bars hold every frame: 16-17 ms has 48 + 50, and the stalls' bins one each.
    EXPECT_NE(html.find("<title>16-17 ms: 98 frames</title>"), std::string::npos);
    EXPECT_NE(html.find("<title>40-41 ms: 1 frames</title>"), std::string::npos);
    EXPECT_EQ(Count(html, "<polygon class=\"(cpu|gpu)\""), 2u);
    // The summary table and the stall table, longest first.
    EXPECT_NE(html.find("<tr><th>frames</th><td>100</td></tr>"), std::string::npos);
    EXPECT_NE(html.find("<tr><th>frame time p50</th><td>16.80 ms</td></tr>"), std::string::npos);
    EXPECT_NE(html.find("<tr><th>frame time p99</th><td>40.00 ms</td></tr>"), std::string::npos);
    EXPECT_NE(html.find("<tr><th>frames over 33 ms</th><td>2</td></tr>"), std::string::npos);
    EXPECT_LT(html.find("<tr><td>40</td>"), html.find("<tr><td>70</td>"));
    // Nothing from a network, no scripts.
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("http"), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
}

}  // namespace
}  // namespace frontend::stats
