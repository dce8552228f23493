#include "frontend/stats/bench_history.h"

#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "base/error.h"
#include "base/file.h"
#include "base/tsv.h"

namespace frontend::stats {
namespace {

constexpr std::size_t kColumnCount = 11;

std::string ReadText(const std::filesystem::path& file) {
    const std::vector<u8> bytes = base::ReadFile(file);
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

template <typename T>
T Number(std::string_view text, const std::string& where) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        base::Fail("{}: \"{}\" is not a number", where, text);
    }
    return value;
}

BenchRow ParseRow(std::string_view line, const std::string& where) {
    const std::vector<std::string_view> fields = base::SplitTabs(line);
    if (fields.size() != kColumnCount) {
        base::Fail("{}: {} columns, expected {} ({})", where, fields.size(), kColumnCount,
                   BenchHeader());
    }
    BenchRow row;
    row.date = fields[0];
    row.version = fields[1];
    row.machine = fields[2];
    row.frames = Number<u64>(fields[3], where);
    row.fps = Number<double>(fields[4], where);
    row.p50_ms = Number<double>(fields[5], where);
    row.p95_ms = Number<double>(fields[6], where);
    row.p99_ms = Number<double>(fields[7], where);
    row.over_25ms = Number<u64>(fields[8], where);
    row.over_33ms = Number<u64>(fields[9], where);
    row.longest_ms = Number<double>(fields[10], where);
    return row;
}

// "p50 16.67 → 16.80 ms (+0.8%)": a time or rate with its relative change.
std::string Change(std::string_view name, double before, double after, std::string_view unit) {
    const double percent = before == 0 ? 0 : (after - before) / before * 100;
    return fmt::format("{} {:.2f} → {:.2f}{} ({:+.1f}%)", name, before, after, unit, percent);
}

}  // namespace

BenchRow BenchRowOf(const FrameSummary& summary, std::string date, std::string version,
                    std::string machine) {
    BenchRow row;
    row.date = std::move(date);
    row.version = std::move(version);
    row.machine = std::move(machine);
    row.frames = summary.frames;
    row.fps = summary.fps;
    row.p50_ms = summary.p50_ms;
    row.p95_ms = summary.p95_ms;
    row.p99_ms = summary.p99_ms;
    row.over_25ms = summary.over_25ms;
    row.over_33ms = summary.over_33ms;
    row.longest_ms = summary.longest ? summary.longest->frame_ms : 0;
    return row;
}

std::string BenchHeader() {
    return "date\tnxhost_version\tmachine\tframes\tfps\tp50_ms\tp95_ms\tp99_ms\tover_25ms\t"
           "over_33ms\tlongest_ms";
}

std::string FormatBenchRow(const BenchRow& row) {
    return fmt::format("{}\t{}\t{}\t{}\t{:.2f}\t{:.3f}\t{:.3f}\t{:.3f}\t{}\t{}\t{:.3f}", row.date,
                       row.version, row.machine, row.frames, row.fps, row.p50_ms, row.p95_ms,
                       row.p99_ms, row.over_25ms, row.over_33ms, row.longest_ms);
}

std::optional<BenchRow> LastBenchRow(const std::filesystem::path& file) {
    if (!std::filesystem::exists(file)) {
        return std::nullopt;
    }
    const std::string text = ReadText(file);
    std::string_view rest = text;
    std::optional<BenchRow> last;
    for (unsigned line_number = 1; !rest.empty(); ++line_number) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        if (line_number > 1 && !line.empty()) {
            last = ParseRow(line, fmt::format("{}:{}", file.string(), line_number));
        }
    }
    return last;
}

void AppendBenchRow(const std::filesystem::path& file, const BenchRow& row) {
    std::string text = std::filesystem::exists(file) ? ReadText(file) : BenchHeader() + "\n";
    if (!text.empty() && text.back() != '\n') {
        text += '\n';
    }
    text += FormatBenchRow(row) + "\n";
    std::filesystem::create_directories(file.parent_path());
    base::WriteFileAtomic(file, {reinterpret_cast<const u8*>(text.data()), text.size()});
}

std::string DescribeChange(const BenchRow& before, const BenchRow& after) {
    return fmt::format("{}, {}, {}, {}, over 25 ms {} → {}, over 33 ms {} → {}, {}",
                       Change("fps", before.fps, after.fps, ""),
                       Change("p50", before.p50_ms, after.p50_ms, " ms"),
                       Change("p95", before.p95_ms, after.p95_ms, " ms"),
                       Change("p99", before.p99_ms, after.p99_ms, " ms"), before.over_25ms,
                       after.over_25ms, before.over_33ms, after.over_33ms,
                       Change("longest", before.longest_ms, after.longest_ms, " ms"));
}

}  // namespace frontend::stats
