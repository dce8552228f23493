#pragma once

// Per-game GPU behaviour, from the profile's GPU keys (profiles/README.md, "game.tsv GPU keys").
// The GPU does not execute work yet: these say what its engines will do when it does.

#include <string>

namespace gpu {

// gpu_timestamps: what a timestamp the game reads back measures.
enum class TimestampMode {
    Submission,  // one time for the whole submission (the default)
    Segment,     // each segment of the command stream its own time, as the console's GPU
};

// draw_barriers: which barriers separate draws.
enum class DrawBarriers {
    Full,  // a full barrier wherever a pass may read an earlier one's output (the default)
    Game,  // only the barriers the game's own commands ask for
};

struct GpuSettings {
    bool render_cond = false;  // honour render conditions (skip draws and clears they fail)
    TimestampMode timestamps = TimestampMode::Submission;
    DrawBarriers draw_barriers = DrawBarriers::Full;
    bool tex_flush_upload = false;  // upload CPU writes to a texture when the game flushes them
    bool tex_dirty_upload = false;  // upload a texture the CPU wrote before its first GPU use
    bool shader_groups = false;     // group translated shaders by the game's shader folders

    bool operator==(const GpuSettings&) const = default;
};

// "render_cond off, gpu_timestamps segment, draw_barriers game, ...", as the profile spells
// them, for the log line a run starts with.
std::string DescribeGpuSettings(const GpuSettings& settings);

}  // namespace gpu
