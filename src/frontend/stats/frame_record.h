#pragma once

// One presented frame's statistics: a row of `nxhost run --stats FILE.tsv`, read back by
// `nxhost report`. Times in milliseconds; the GPU columns stay 0 until GPU work is executed.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace frontend::stats {

struct FrameRecord {
    u64 frame = 0;           // its number in the run, 1 for the first
    double guest_ms = 0;     // guest time from launch when it was shown
    double frame_ms = 0;     // host time since the frame before it was shown (the frame time)
    double cpu_ms = 0;       // host CPU time of the guest's cores in that time
    double gpu_span_ms = 0;  // from the first start to the last end of its GPU work
    double gpu_sum_ms = 0;   // its GPU work's parts added up
    u64 submissions = 0;
    u64 draws = 0;
    u64 pipelines = 0;  // pipelines built
    u64 shaders = 0;    // shaders translated
    u64 upload_bytes = 0;
    double shader_ms = 0;    // host time translating shaders
    double pipeline_ms = 0;  // building pipelines
    double upload_ms = 0;    // uploading
};

// The TSV's header line (no newline), its columns in FrameRecord's order.
std::string StatsHeader();
// One row (no newline).
std::string FormatRow(const FrameRecord& record);
// Writes the header and every row, atomically.
void WriteStatsFile(const std::filesystem::path& path, const std::vector<FrameRecord>& records);
// A whole file, as --stats writes it. Throws base::Error naming the file and line of the first
// row that does not read (a missing column is named).
std::vector<FrameRecord> ReadStatsFile(const std::filesystem::path& path);
std::vector<FrameRecord> ParseStats(std::string_view text, std::string_view source);

}  // namespace frontend::stats
