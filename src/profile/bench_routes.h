#pragma once

// A game's bench routes: profiles/<title id>/bench.tsv (profiles/nro/<name>/ for homebrew), one
// "name<TAB>control file<TAB>stats window" a line. `nxhost bench` runs one, so that a change to
// nxhost is measured on the same route before and after.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace profile {

// Which frames a route's statistics count: those shown between `start_s` and `stop_s` seconds
// of guest time ("10s-40s"), or, when both are unset ("script"), the control file's own
// `stats start` / `stats stop` windows.
struct StatsWindow {
    std::optional<double> start_s;
    std::optional<double> stop_s;
};

struct BenchRoute {
    std::string name;               // letters, digits, '-', '_' and '.': it names a file
    std::filesystem::path control;  // the control file, relative paths from the profile folder
    StatsWindow window;
};

// Parses a bench.tsv. `folder` is the profile folder the control files are relative to;
// `source` names the file in errors. A bad line throws base::Error naming the source and line.
std::vector<BenchRoute> ParseBenchRoutes(std::string_view text, const std::string& source,
                                         const std::filesystem::path& folder);
std::vector<BenchRoute> LoadBenchRoutes(const std::filesystem::path& file);

// "10s-40s" (or "10-40"), "script"; nullopt for anything else.
std::optional<StatsWindow> ParseStatsWindow(std::string_view text);

}  // namespace profile
