#pragma once

// The control file of a run (`nxhost run --input FILE`): one timed step a line,
//
//     45s A~0.2        press A at 45 s for 0.2 s
//     +5s LUp~3.5      5 s after the previous step, push the left stick up for 3.5 s
//     +3s ZR+A~0.1     press ZR and A together
//
//     5s shot title.png   write the last presented frame as a PNG
//     +1s touch 640 360~0.2  touch the screen at (640, 360) of 1280x720 for 0.2 s
//     +1s stats start     frame statistics from here (--stats; the whole run without windows)
//     +0s wait-frames 120 the steps after it wait until 120 more frames have been presented
//     +0s stats stop      ...to here
//     +0s log menu done   print a line in the log
//     +1s exit            end the run (exit status 0)
//
// A time is seconds of guest time since launch, or +seconds since the previous step; `~` gives
// the hold time (default 0.1 s); `#` starts a comment. Every step after a `wait-frames` runs
// as much later than written as the wait took. README.md lists the names.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "services/hid/pad_input.h"

namespace services::hid {

struct ScriptStep {
    enum class Kind { Input, Touch, Shot, Exit, StatsStart, StatsStop, WaitFrames, Log };
    Kind kind = Kind::Input;
    u64 start_ns = 0;  // as written; later by the shift of the waits before it
    u64 hold_ns = 0;
    PadInput input;        // Input: the buttons and full stick deflections the step holds
    TouchPoint touch;      // Touch: where the finger is
    std::string path;      // Shot: the PNG to write
    std::string text;      // Log: the line to print
    u64 frames = 0;        // WaitFrames: how many frames to wait for
    u32 waits_before = 0;  // the `wait-frames` steps above it, which it runs after
    int line = 0;
};

class InputScript {
public:
    static constexpr u64 kDefaultHoldNs = 100'000'000;

    // Throws base::Error naming `source` and the line of the first mistake.
    static InputScript Parse(std::string_view text, std::string_view source);
    static InputScript Load(const std::filesystem::path& path);

    // `wait_shifts` has an entry for each `wait-frames` that has ended, in order: how much
    // later than written the steps after it run. Steps after a wait that has not ended yet
    // hold nothing.

    // The touch held at `ns` after the script's start (the latest one that began), if any.
    std::optional<TouchPoint> TouchAt(u64 ns, std::span<const u64> wait_shifts = {}) const;

    // Every step but input and touches (the runner's), in the order they run: after the same
    // waits, in time order.
    std::vector<ScriptStep> Actions() const;
    // Whether `stats start` appears: frame statistics then cover its windows only.
    bool HasStatsWindows() const;

    // Every input step held at `ns` after the script's start, combined (buttons joined, sticks
    // added and clamped).
    PadInput StateAt(u64 ns, std::span<const u64> wait_shifts = {}) const;
    const std::vector<ScriptStep>& Steps() const { return steps_; }

private:
    std::vector<ScriptStep> steps_;
};

}  // namespace services::hid
