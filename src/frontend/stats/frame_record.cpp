#include "frontend/stats/frame_record.h"

#include <array>
#include <charconv>
#include <map>

#include <fmt/format.h>

#include "base/error.h"
#include "base/file.h"
#include "base/tsv.h"

namespace frontend::stats {
namespace {

// A column: its name and where its value lives, as a double or a count.
struct Column {
    std::string_view name;
    double FrameRecord::*time = nullptr;
    u64 FrameRecord::*count = nullptr;
};

constexpr std::array kColumns{
    Column{"frame", nullptr, &FrameRecord::frame},
    Column{"guest_ms", &FrameRecord::guest_ms},
    Column{"frame_ms", &FrameRecord::frame_ms},
    Column{"cpu_ms", &FrameRecord::cpu_ms},
    Column{"gpu_span_ms", &FrameRecord::gpu_span_ms},
    Column{"gpu_sum_ms", &FrameRecord::gpu_sum_ms},
    Column{"submissions", nullptr, &FrameRecord::submissions},
    Column{"draws", nullptr, &FrameRecord::draws},
    Column{"pipelines", nullptr, &FrameRecord::pipelines},
    Column{"shaders", nullptr, &FrameRecord::shaders},
    Column{"upload_bytes", nullptr, &FrameRecord::upload_bytes},
    Column{"shader_ms", &FrameRecord::shader_ms},
    Column{"pipeline_ms", &FrameRecord::pipeline_ms},
    Column{"upload_ms", &FrameRecord::upload_ms},
};

template <typename T>
bool ParseNumber(std::string_view text, T& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::string StatsHeader() {
    std::string header;
    for (const Column& column : kColumns) {
        header += header.empty() ? "" : "\t";
        header += column.name;
    }
    return header;
}

std::string FormatRow(const FrameRecord& record) {
    std::string row;
    for (const Column& column : kColumns) {
        row += row.empty() ? "" : "\t";
        row += column.time ? fmt::format("{:.3f}", record.*column.time)
                           : fmt::format("{}", record.*column.count);
    }
    return row;
}

void WriteStatsFile(const std::filesystem::path& path, const std::vector<FrameRecord>& records) {
    std::string text = StatsHeader() + "\n";
    for (const FrameRecord& record : records) {
        text += FormatRow(record) + "\n";
    }
    base::WriteFileAtomic(path, {reinterpret_cast<const u8*>(text.data()), text.size()});
}

std::vector<FrameRecord> ParseStats(std::string_view text, std::string_view source) {
    std::vector<FrameRecord> records;
    std::map<std::string_view, std::size_t> position;  // column name -> field index
    int line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (line.empty() || line.front() == '#') {
            continue;
        }
        const std::vector<std::string_view> fields = base::SplitTabs(line);
        if (position.empty()) {
            for (std::size_t index = 0; index < fields.size(); ++index) {
                position[fields[index]] = index;
            }
            for (const Column& column : kColumns) {
                if (!position.contains(column.name)) {
                    base::Fail("{}:{}: the header has no column {} (is this a --stats file?)",
                               source, line_number, column.name);
                }
            }
            continue;
        }
        FrameRecord record;
        for (const Column& column : kColumns) {
            const std::size_t index = position[column.name];
            const std::string_view field = index < fields.size() ? fields[index] : "";
            const bool read = column.time ? ParseNumber(field, record.*column.time)
                                          : ParseNumber(field, record.*column.count);
            if (!read) {
                base::Fail("{}:{}: {} \"{}\" is not a number", source, line_number, column.name,
                           field);
            }
        }
        records.push_back(record);
    }
    if (position.empty()) {
        base::Fail("{}: no header line (is this a --stats file?)", source);
    }
    return records;
}

std::vector<FrameRecord> ReadStatsFile(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    return ParseStats(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                      path.string());
}

}  // namespace frontend::stats
