#pragma once

// The instance, the chosen physical device, the logical device with its one queue and command
// pool: what every nxhost Vulkan device (the compute device of the shader tests, the host GPU
// of a run) opens the same way.

#include <memory>
#include <string>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "video/device_features.h"

namespace video {

struct VulkanContext {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical_device = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    u32 queue_family = 0;
    bool queue_has_graphics = false;
    u32 api_version = 0;  // the lower of the instance's and the device's
    std::string name;
    std::unique_ptr<DeviceFeatures> features;
    VkPhysicalDeviceLimits limits{};
    VkPhysicalDeviceMemoryProperties memory_types{};
    u32 timestamp_valid_bits = 0;  // 0: the queue has no timestamps
    double timestamp_period_ns = 0;
    VkCommandPool command_pool = VK_NULL_HANDLE;

    VulkanContext() = default;
    VulkanContext(const VulkanContext&) = delete;
    VulkanContext& operator=(const VulkanContext&) = delete;
    ~VulkanContext();
};

// Opens `context` on the device `selector` names (an index or a substring of its name; empty:
// the environment's NXHOST_VULKAN_DEVICE, else the first discrete GPU, else an integrated one,
// else any other, such as lavapipe), with a queue of a family that has graphics and compute
// where the device has one. Throws base::Error when there is no usable Vulkan 1.1 device or
// the choice matches none.
void OpenVulkanContext(VulkanContext& context, const std::string& selector);

}  // namespace video
