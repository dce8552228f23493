#include "app/run_host_gpu.h"

#include "base/error.h"
#include "base/log.h"
#include "gpu/host_gpu_on_demand.h"
#include "video/vulkan_host_gpu.h"

namespace app {

std::shared_ptr<gpu::HostGpu> HostGpuFor(const std::string& option,
                                         std::shared_ptr<gpu::FrameWork> work) {
    if (option == "off") {
        return gpu::MakeNoHostGpu();
    }
    if (option != "on") {
        return nullptr;
    }
    return gpu::MakeHostGpuOnDemand([work]() -> std::shared_ptr<gpu::HostGpu> {
        try {
            return video::OpenVulkanHostGpu({}, work);
        } catch (const base::Error& error) {
            LOG_WARNING("video", "no Vulkan host GPU ({}): 3D work is not executed", error.what());
            return gpu::MakeNoHostGpu();
        }
    });
}

}  // namespace app
