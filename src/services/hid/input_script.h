#pragma once

// A headless control script (`nxhost run --input FILE`): one timed step a line,
//
//     45s A~0.2        press A at 45 s for 0.2 s
//     +5s LUp~3.5      5 s after the previous step, push the left stick up for 3.5 s
//     +3s ZR+A~0.1     press ZR and A together
//
// A time is seconds since the program started reading input (its first HID applet resource,
// moments after launch), or +seconds since the previous step; `~` gives the hold time
// (default 0.1 s); `#` starts a comment. README.md lists the names.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "services/hid/pad_input.h"

namespace services::hid {

struct ScriptStep {
    u64 start_ns = 0;
    u64 hold_ns = 0;
    PadInput input;  // the buttons and full stick deflections the step holds
    int line = 0;
};

class InputScript {
public:
    static constexpr u64 kDefaultHoldNs = 100'000'000;

    // Throws base::Error naming `source` and the line of the first mistake.
    static InputScript Parse(std::string_view text, std::string_view source);
    static InputScript Load(const std::filesystem::path& path);

    // Every step held at `ns` after the script's start, combined (buttons joined, sticks added and
    // clamped).
    PadInput StateAt(u64 ns) const;
    const std::vector<ScriptStep>& Steps() const { return steps_; }

private:
    std::vector<ScriptStep> steps_;
};

}  // namespace services::hid
