#include "frontend/stats/bench_history.h"

#include <gtest/gtest.h>

#include "base/error.h"
#include "base/file.h"

namespace {

using frontend::stats::BenchRow;

BenchRow Row(double fps, double p50) {
    BenchRow row;
    row.date = "2026-12-02T00:40:12Z";
    row.version = "417af74";
    row.machine = "Test CPU (2 cores)";
    row.frames = 240;
    row.fps = fps;
    row.p50_ms = p50;
    row.p95_ms = 17;
    row.p99_ms = 20;
    row.over_25ms = 1;
    row.over_33ms = 0;
    row.longest_ms = 26.5;
    return row;
}

std::string Text(const std::filesystem::path& file) {
    const auto bytes = base::ReadFile(file);
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

TEST(BenchHistory, RowsFromASummary) {
    frontend::stats::FrameSummary summary;
    summary.frames = 10;
    summary.fps = 59.9;
    summary.p50_ms = 16.7;
    summary.longest = frontend::stats::FrameRecord{};
    summary.longest->frame_ms = 33.4;
    const BenchRow row = frontend::stats::BenchRowOf(summary, "d", "v", "m");
    EXPECT_EQ(frontend::stats::FormatBenchRow(row),
              "d\tv\tm\t10\t59.90\t16.700\t0.000\t0.000\t0\t0\t33.400");
}

// Two appends: the header once, then the rows in order; the last one reads back.
TEST(BenchHistory, AppendsRowsUnderOneHeader) {
    const auto folder = std::filesystem::temp_directory_path() / "nxhost_bench_history_test";
    std::filesystem::remove_all(folder);
    const auto file = folder / "nro" / "demo" / "title.tsv";
    EXPECT_FALSE(frontend::stats::LastBenchRow(file).has_value());
    frontend::stats::AppendBenchRow(file, Row(59.5, 16.7));
    frontend::stats::AppendBenchRow(file, Row(60, 16.5));
    EXPECT_EQ(Text(file),
              frontend::stats::BenchHeader() + "\n" +
                  "2026-12-02T00:40:12Z\t417af74\tTest CPU (2 cores)\t240\t59.50\t16.700\t17.000\t"
                  "20.000\t1\t0\t26.500\n"
                  "2026-12-02T00:40:12Z\t417af74\tTest CPU (2 cores)\t240\t60.00\t16.500\t17.000\t"
                  "20.000\t1\t0\t26.500\n");
    const auto last = frontend::stats::LastBenchRow(file);
    ASSERT_TRUE(last.has_value());
    EXPECT_EQ(last->fps, 60);
    EXPECT_EQ(last->p50_ms, 16.5);
    EXPECT_EQ(last->machine, "Test CPU (2 cores)");
    std::filesystem::remove_all(folder);
}

TEST(BenchHistory, DescribesTheChange) {
    EXPECT_EQ(frontend::stats::DescribeChange(Row(50, 20), Row(60, 16)),
              "fps 50.00 → 60.00 (+20.0%), p50 20.00 → 16.00 ms (-20.0%), p95 17.00 → 17.00 ms "
              "(+0.0%), p99 20.00 → 20.00 ms (+0.0%), over 25 ms 1 → 1, over 33 ms 0 → 0, "
              "longest 26.50 → 26.50 ms (+0.0%)");
}

TEST(BenchHistory, ABadRowNamesTheFileAndLine) {
    const auto file = std::filesystem::temp_directory_path() / "nxhost_bench_bad_row.tsv";
    const std::string text = frontend::stats::BenchHeader() + "\nd\tv\tm\t10\tfast\n";
    base::WriteFileAtomic(file, {reinterpret_cast<const u8*>(text.data()), text.size()});
    try {
        frontend::stats::LastBenchRow(file);
        ADD_FAILURE() << "a bad row was read";
    } catch (const base::Error& error) {
        EXPECT_EQ(std::string(error.what()), file.string() + ":2: 5 columns, expected 11 (" +
                                                 frontend::stats::BenchHeader() + ")");
    }
    std::filesystem::remove(file);
}

}  // namespace
