#pragma once

// The results of one bench route, a row a run: $XDG_DATA_HOME/nxhost/bench/<title>/<route>.tsv,
// written by `nxhost bench` so that a change to nxhost is measured on the same route before and
// after.

#include <filesystem>
#include <optional>
#include <string>

#include "frontend/stats/frame_summary.h"

namespace frontend::stats {

struct BenchRow {
    std::string date;     // UTC, "2026-12-02T00:40:12Z"
    std::string version;  // the nxhost that ran it (git describe)
    std::string machine;  // the host's CPU model and core count
    u64 frames = 0;
    double fps = 0;
    double p50_ms = 0, p95_ms = 0, p99_ms = 0;
    u64 over_25ms = 0, over_33ms = 0;
    double longest_ms = 0;  // the longest frame (stall)
};

BenchRow BenchRowOf(const FrameSummary& summary, std::string date, std::string version,
                    std::string machine);

// The header line and a row, without newlines.
std::string BenchHeader();
std::string FormatBenchRow(const BenchRow& row);

// The file's last row, nullopt when the file does not exist or has no row. A row that does not
// read throws base::Error naming the file and line.
std::optional<BenchRow> LastBenchRow(const std::filesystem::path& file);
// Adds `row` at the end, writing the header first when the file is new. The file is rewritten
// atomically, so a crash leaves the earlier rows whole.
void AppendBenchRow(const std::filesystem::path& file, const BenchRow& row);

// "fps 59.8 → 60.0 (+0.3%), p50 16.67 → 16.67 ms (+0.0%), ..., longest 33.3 → 20.1 ms".
std::string DescribeChange(const BenchRow& before, const BenchRow& after);

}  // namespace frontend::stats
