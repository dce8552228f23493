#pragma once

// What `nxhost run` is asked to do, and running it: shared by `nxhost run` and `nxhost bench`,
// which runs a route exactly as `nxhost run --input` would.

#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "frontend/stats/frame_record.h"

namespace app {

struct RunArguments {
    std::string path;
    std::vector<std::string> guest_arguments;
    bool print_memory_layout = false;
    bool imprecise_faults = false;
    bool strict_exclusives = false;
    unsigned cores = 3;
    bool deterministic = false;
    std::string cpu_tier2 = "off";
    std::string cpu_cache;  // --cpu-cache: a folder, "off", or empty for the user's cache folder
    std::optional<std::string> profiles;
    std::optional<std::string> input;
    std::optional<std::string> pad_layout;
    bool window = false;
    std::optional<std::string> console;
    bool docked = false;
    std::string network = "on";
    std::optional<std::string> hosts;
    std::optional<std::string> stats;
    std::optional<u32> fps_target;
    bool unlocked = false;
    double time_limit_seconds = 0;
    std::optional<std::string> max_memory;  // a size, or off; default from the host
    std::optional<std::string> audio_out;
    std::optional<std::string> sound;  // on or off; default on with --window, off headless
    std::string gpu = "on";            // the host GPU: on (Vulkan) or off
    std::string shader_cache;  // --shader-cache: a folder, "off", or empty for the user's folder
    u32 volume = 100;
    bool mute = false;
};

struct RunOutcome {
    int status = 0;  // the exit status of `nxhost run` (see README.md)
    std::vector<frontend::stats::FrameRecord> frames;  // within the control file's windows
};

// Runs the program (and those it launches) as `nxhost run` does, printing its summary lines and
// writing --stats.
RunOutcome RunPrograms(const RunArguments& arguments);

}  // namespace app
