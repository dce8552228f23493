#pragma once

// The state behind video::ComputeDevice, shared by its opening (compute_device.cpp) and its
// dispatch path (compute_dispatch.cpp).

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <vulkan/vulkan_core.h>

#include "video/compute_device.h"
#include "video/compute_pipeline.h"
#include "video/device_features.h"

namespace video {

struct ComputeDevice::Impl {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical_device = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    u32 queue_family = 0;
    u32 api_version = 0;  // the lower of the instance's and the device's
    std::string name;
    std::unique_ptr<DeviceFeatures> features;
    VkPhysicalDeviceLimits limits{};
    VkPhysicalDeviceMemoryProperties memory_types{};
    u32 timestamp_valid_bits = 0;  // 0: the queue has no timestamps
    double timestamp_period_ns = 0;
    VkCommandPool command_pool = VK_NULL_HANDLE;

    std::mutex mutex;  // one dispatch at a time: one command pool, one pipeline map
    std::map<ComputePipelineKey, std::unique_ptr<ComputePipeline>> pipelines;

    Impl() = default;
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;
    ~Impl();
};

}  // namespace video
