// nxhost report STATS.tsv -o REPORT.html: a page of a run's frame statistics.

#include <filesystem>

#include <fmt/format.h>

#include "app/commands.h"
#include "base/file.h"
#include "frontend/stats/frame_record.h"
#include "frontend/stats/frame_report.h"
#include "frontend/stats/frame_summary.h"

namespace app {
namespace {

struct ReportArguments {
    std::string stats;
    std::string output;
};

int Report(const ReportArguments& arguments) {
    const std::vector<frontend::stats::FrameRecord> records =
        frontend::stats::ReadStatsFile(arguments.stats);
    const std::string html = frontend::stats::FrameReportHtml(
        records, std::filesystem::path(arguments.stats).filename().string());
    base::WriteFileAtomic(arguments.output,
                          {reinterpret_cast<const u8*>(html.data()), html.size()});
    fmt::print(stderr, "nxhost: {} written: {}\n", arguments.output,
               frontend::stats::FormatSummary(frontend::stats::Summarize(records)));
    return 0;
}

}  // namespace

void AddReportCommand(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<ReportArguments>();
    CLI::App* command = parent.add_subcommand(
        "report", "A page (HTML with inline SVG) of a run's frame statistics (run --stats)");
    command->add_option("stats", arguments->stats, "The statistics file (TSV)")
        ->required()
        ->check(CLI::ExistingFile);
    command->add_option("-o,--output", arguments->output, "The page to write")->required();
    command->callback([arguments, &exit_code] { exit_code = Report(*arguments); });
}

}  // namespace app
