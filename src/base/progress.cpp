#include "base/progress.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace base {

namespace {

std::string FormatDuration(double seconds) {
    const long total = static_cast<long>(seconds + 0.5);
    if (total >= 3600) {
        return fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
    }
    return fmt::format("{}:{:02}", total / 60, total % 60);
}

}  // namespace

std::string FormatBytes(double bytes) {
    constexpr const char* kUnits[] = {"B", "kB", "MB", "GB", "TB"};
    int unit = 0;
    while (bytes >= 1000 && unit < 4) {
        bytes /= 1000;
        ++unit;
    }
    return unit == 0 ? fmt::format("{:.0f} B", bytes)
                     : fmt::format("{:.1f} {}", bytes, kUnits[unit]);
}

Progress::Progress(std::string label, u64 total, bool quiet)
    : label_(std::move(label)),
      total_(total),
      quiet_(quiet),
      terminal_(isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() {
    Finish();
}

void Progress::Set(u64 done) {
    done_ = done;
    const auto now = std::chrono::steady_clock::now();
    // Redraw a bar ten times a second; print a plain line every five seconds.
    const auto interval = terminal_ ? std::chrono::milliseconds(100) : std::chrono::seconds(5);
    if (now - last_draw_ >= interval) {
        last_draw_ = now;
        Draw(false);
    }
}

void Progress::Finish() {
    if (!finished_) {
        finished_ = true;
        Draw(true);
    }
}

void Progress::Draw(bool final) {
    if (quiet_) {
        return;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done_) / seconds : 0;
    const double fraction = total_ ? static_cast<double>(done_) / static_cast<double>(total_) : 1;
    std::string line;
    if (final) {
        line = fmt::format("{}: {} in {:.1f} s ({}/s)", label_,
                           FormatBytes(static_cast<double>(done_)), seconds, FormatBytes(rate));
    } else {
        const double left =
            rate > 0 ? static_cast<double>(total_ - std::min(done_, total_)) / rate : 0;
        line = fmt::format("{}: {:3.0f}% {} of {}, {}/s, {} left", label_, fraction * 100,
                           FormatBytes(static_cast<double>(done_)),
                           FormatBytes(static_cast<double>(total_)), FormatBytes(rate),
                           FormatDuration(left));
    }
    if (terminal_) {
        constexpr int kWidth = 24;
        const int filled = static_cast<int>(fraction * kWidth);
        const std::string bar =
            final ? "" : "[" + std::string(filled, '=') + std::string(kWidth - filled, ' ') + "] ";
        std::fprintf(stderr, "\r\033[K%s%s%s", bar.c_str(), line.c_str(), final ? "\n" : "");
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
}

}  // namespace base
