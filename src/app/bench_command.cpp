#include <chrono>
#include <cstdio>
#include <filesystem>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "app/commands.h"
#include "app/host_machine.h"
#include "app/run_arguments.h"
#include "app/run_profile.h"
#include "base/error.h"
#include "formats/program_image.h"
#include "frontend/stats/bench_history.h"
#include "frontend/stats/frame_summary.h"
#include "profile/bench_routes.h"
#include "profile/profile_location.h"
#include "services/fs/fs_context.h"

namespace app {
namespace {

struct BenchArguments {
    std::string path;
    std::string route;
    std::optional<std::string> profiles;
};

const profile::BenchRoute& FindRoute(const std::vector<profile::BenchRoute>& routes,
                                     const std::string& name, const std::filesystem::path& file) {
    for (const profile::BenchRoute& route : routes) {
        if (route.name == name) {
            return route;
        }
    }
    std::vector<std::string> names;
    for (const profile::BenchRoute& route : routes) {
        names.push_back(route.name);
    }
    base::Fail("{} has no route '{}' (it has: {})", file.string(), name,
               names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")));
}

// The frames a route's window counts: those shown within its guest times, or all of them when
// the control file's own `stats` windows chose them already.
std::vector<frontend::stats::FrameRecord> FramesInWindow(
    const std::vector<frontend::stats::FrameRecord>& frames, const profile::StatsWindow& window) {
    if (!window.start_s) {
        return frames;
    }
    std::vector<frontend::stats::FrameRecord> inside;
    for (const frontend::stats::FrameRecord& frame : frames) {
        if (frame.guest_ms >= *window.start_s * 1000 && frame.guest_ms <= *window.stop_s * 1000) {
            inside.push_back(frame);
        }
    }
    return inside;
}

std::string UtcNow() {
    return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                       std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
}

int Bench(const BenchArguments& arguments) {
    const formats::ProgramImage image = formats::LoadProgram(arguments.path);
    const profile::ProfileKey key = ProfileKeyOf(image);
    const auto profiles = ProfilesFolder(arguments.profiles);
    const auto folder = profile::FindProfileFolder(profiles, key);
    if (!folder) {
        base::Fail("{} has no profile folder ({} under {}), so no bench routes", arguments.path,
                   profile::ProfileName(key), profiles ? profiles->string() : "no profiles folder");
    }
    const std::filesystem::path routes_file = *folder / "bench.tsv";
    const std::vector<profile::BenchRoute> routes = profile::LoadBenchRoutes(routes_file);
    const profile::BenchRoute& route = FindRoute(routes, arguments.route, routes_file);

    RunArguments run;
    run.path = arguments.path;
    run.profiles = arguments.profiles;
    run.input = route.control.string();
    const RunOutcome outcome = RunPrograms(run);
    if (outcome.status != 0) {
        // A run that faulted or never reached its control file's exit measured something else.
        fmt::print(stderr, "nxhost: bench: the run ended with exit status {}; nothing recorded\n",
                   outcome.status);
        return outcome.status;
    }
    const auto summary = frontend::stats::Summarize(FramesInWindow(outcome.frames, route.window));
    const frontend::stats::BenchRow row =
        frontend::stats::BenchRowOf(summary, UtcNow(), NxhostVersion(), HostMachine());
    const std::filesystem::path results = services::fs::DefaultUserDataFolder() / "bench" /
                                          profile::ProfileName(key) / (route.name + ".tsv");
    const auto previous = frontend::stats::LastBenchRow(results);
    frontend::stats::AppendBenchRow(results, row);
    fmt::print("{}\n{}\n", frontend::stats::BenchHeader(), frontend::stats::FormatBenchRow(row));
    if (previous) {
        fmt::print("against {} ({}, {}): {}\n", previous->date, previous->version,
                   previous->machine, frontend::stats::DescribeChange(*previous, row));
    }
    fmt::print(stderr, "nxhost: bench: route {} appended to {}\n", route.name, results.string());
    return 0;
}

}  // namespace

void AddBenchCommand(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<BenchArguments>();
    CLI::App* command = parent.add_subcommand(
        "bench",
        "Run a route of the program's profile (bench.tsv) and append its frame summary "
        "to $XDG_DATA_HOME/nxhost/bench/<title>/<route>.tsv");
    command->add_option("path", arguments->path, "The program, as `nxhost run` takes it")
        ->required();
    command->add_option("route", arguments->route, "A route's name in its profile's bench.tsv")
        ->required();
    command->add_option("--profiles", arguments->profiles,
                        "Folder of game profiles, as `nxhost run --profiles`");
    command->callback([arguments, &exit_code] { exit_code = Bench(*arguments); });
}

}  // namespace app
