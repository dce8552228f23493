#include "app/run_host_gpu.h"

#include "app/host_machine.h"

#include "base/error.h"
#include "base/log.h"
#include "gpu/host_gpu_on_demand.h"
#include "video/vulkan_host_gpu.h"

namespace app {

std::shared_ptr<gpu::HostGpu> HostGpuFor(const std::string& option,
                                         std::shared_ptr<gpu::FrameWork> work,
                                         std::optional<std::filesystem::path> shader_cache_folder) {
    if (option == "off") {
        return gpu::MakeNoHostGpu();
    }
    if (option != "on") {
        return nullptr;
    }
    return gpu::MakeHostGpuOnDemand([work, shader_cache_folder]() -> std::shared_ptr<gpu::HostGpu> {
        try {
            std::shared_ptr<shader::ShaderCache> cache;
            if (shader_cache_folder) {
                cache =
                    std::make_shared<shader::ShaderCache>(*shader_cache_folder, NxhostVersion());
            }
            return video::OpenVulkanHostGpu({}, work, {}, std::move(cache));
        } catch (const base::Error& error) {
            LOG_WARNING("video", "no Vulkan host GPU ({}): 3D work is not executed", error.what());
            return gpu::MakeNoHostGpu();
        }
    });
}

}  // namespace app
