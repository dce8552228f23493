#pragma once

// A headless control script (`nxhost run --input FILE`): one timed step a line,
//
//     45s A~0.2        press A at 45 s for 0.2 s
//     +5s LUp~3.5      5 s after the previous step, push the left stick up for 3.5 s
//     +3s ZR+A~0.1     press ZR and A together
//
//     5s shot title.png   write the last presented frame as a PNG
//     +1s touch 640 360~0.2  touch the screen at (640, 360) of 1280x720 for 0.2 s
//     +1s exit            end the run (exit status 0)
//
// A time is seconds of guest time since launch, or +seconds since the previous step; `~` gives
// the hold time (default 0.1 s); `#` starts a comment. README.md lists the names.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/hid/pad_input.h"

namespace services::hid {

struct ScriptStep {
    enum class Kind { Input, Touch, Shot, Exit };
    Kind kind = Kind::Input;
    u64 start_ns = 0;
    u64 hold_ns = 0;
    PadInput input;    // Input: the buttons and full stick deflections the step holds
    TouchPoint touch;  // Touch: where the finger is
    std::string path;  // Shot: the PNG to write
    int line = 0;
};

class InputScript {
public:
    static constexpr u64 kDefaultHoldNs = 100'000'000;

    // Throws base::Error naming `source` and the line of the first mistake.
    static InputScript Parse(std::string_view text, std::string_view source);
    static InputScript Load(const std::filesystem::path& path);

    // The touch held at `ns` after the script's start (the latest one that began), if any.
    std::optional<TouchPoint> TouchAt(u64 ns) const;

    // The shot and exit steps, in time order.
    std::vector<ScriptStep> Actions() const;

    // Every input step held at `ns` after the script's start, combined (buttons joined, sticks
    // added and clamped).
    PadInput StateAt(u64 ns) const;
    const std::vector<ScriptStep>& Steps() const { return steps_; }

private:
    std::vector<ScriptStep> steps_;
};

}  // namespace services::hid
