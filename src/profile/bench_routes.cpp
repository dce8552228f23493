#include "profile/bench_routes.h"

#include <charconv>

#include "base/error.h"
#include "base/file.h"

namespace profile {
namespace {

// The fields of a line split at tabs, each trimmed of spaces and '\r'.
std::vector<std::string_view> Fields(std::string_view line) {
    std::vector<std::string_view> fields;
    while (true) {
        const auto tab = line.find('\t');
        std::string_view field = line.substr(0, tab);
        while (!field.empty() &&
               (field.front() == ' ' || field.back() == ' ' || field.back() == '\r')) {
            field = field.front() == ' ' ? field.substr(1) : field.substr(0, field.size() - 1);
        }
        fields.push_back(field);
        if (tab == std::string_view::npos) {
            return fields;
        }
        line.remove_prefix(tab + 1);
    }
}

std::optional<double> ParseSeconds(std::string_view text) {
    if (text.ends_with('s')) {
        text.remove_suffix(1);
    }
    double seconds = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || seconds < 0) {
        return std::nullopt;
    }
    return seconds;
}

bool IsFileName(std::string_view name) {
    if (name.empty() || name.front() == '.') {
        return false;
    }
    for (const char c : name) {
        const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!allowed) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::optional<StatsWindow> ParseStatsWindow(std::string_view text) {
    if (text == "script") {
        return StatsWindow{};
    }
    const auto dash = text.find('-');
    if (dash == std::string_view::npos) {
        return std::nullopt;
    }
    const auto start = ParseSeconds(text.substr(0, dash));
    const auto stop = ParseSeconds(text.substr(dash + 1));
    if (!start || !stop || *stop <= *start) {
        return std::nullopt;
    }
    return StatsWindow{start, stop};
}

std::vector<BenchRoute> ParseBenchRoutes(std::string_view text, const std::string& source,
                                         const std::filesystem::path& folder) {
    std::vector<BenchRoute> routes;
    unsigned line_number = 0;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
        ++line_number;
        const auto fields = Fields(line);
        if (fields.front().empty() && fields.size() == 1) {
            continue;
        }
        if (fields.front().starts_with('#')) {
            continue;
        }
        if (fields.size() != 3) {
            base::Fail(
                "{}:{}: a route is a name, a control file and a stats window (\"10s-40s\" "
                "or \"script\"), separated by tabs; this line has {} field{}",
                source, line_number, fields.size(), fields.size() == 1 ? "" : "s");
        }
        if (!IsFileName(fields[0])) {
            base::Fail("{}:{}: route name '{}' is not a file name (letters, digits, '-', '_', '.')",
                       source, line_number, fields[0]);
        }
        for (const BenchRoute& earlier : routes) {
            if (earlier.name == fields[0]) {
                base::Fail("{}:{}: route '{}' is already defined", source, line_number, fields[0]);
            }
        }
        const auto window = ParseStatsWindow(fields[2]);
        if (!window) {
            base::Fail(
                "{}:{}: stats window '{}' is neither START-STOP in seconds (\"10s-40s\") "
                "nor \"script\"",
                source, line_number, fields[2]);
        }
        routes.push_back({std::string(fields[0]), folder / fields[1], *window});
    }
    return routes;
}

std::vector<BenchRoute> LoadBenchRoutes(const std::filesystem::path& file) {
    const std::vector<u8> bytes = base::ReadFile(file);
    return ParseBenchRoutes({reinterpret_cast<const char*>(bytes.data()), bytes.size()},
                            file.string(), file.parent_path());
}

}  // namespace profile
