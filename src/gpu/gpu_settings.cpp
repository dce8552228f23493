#include "gpu/gpu_settings.h"

#include <fmt/format.h>

namespace gpu {
namespace {

const char* OnOff(bool on) {
    return on ? "on" : "off";
}

}  // namespace

std::string DescribeGpuSettings(const GpuSettings& settings) {
    return fmt::format(
        "render_cond {}, gpu_timestamps {}, draw_barriers {}, tex_flush_upload {}, "
        "tex_dirty_upload {}, shader_groups {}",
        OnOff(settings.render_cond),
        settings.timestamps == TimestampMode::Segment ? "segment" : "submission",
        settings.draw_barriers == DrawBarriers::Game ? "game" : "full",
        OnOff(settings.tex_flush_upload), OnOff(settings.tex_dirty_upload),
        OnOff(settings.shader_groups));
}

}  // namespace gpu
