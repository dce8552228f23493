#pragma once

// The host GPU of a run (`--gpu`): on (the default) opens the Vulkan host GPU once for every
// program of the run, when the first 3D work needs it (gpu/host_gpu_on_demand.h), and falls
// back to none, with a log line, where there is no Vulkan device; off runs without one (3D work
// named in the log, not executed). Graphics translations are kept on disk (`--shader-cache`) for
// the next start.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "gpu/frame_work.h"
#include "gpu/host_gpu.h"

namespace app {

// Null for a value other than on and off.
// The Vulkan host GPU counts its draws' work in `work` and keeps its translations in
// `shader_cache_folder` (none: not kept).
std::shared_ptr<gpu::HostGpu> HostGpuFor(
    const std::string& option, std::shared_ptr<gpu::FrameWork> work = nullptr,
    std::optional<std::filesystem::path> shader_cache_folder = std::nullopt);

}  // namespace app
