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
#include "video/vulkan_context.h"

namespace video {

struct ComputeDevice::Impl : VulkanContext {
    std::mutex mutex;  // one dispatch at a time: one command pool, one pipeline map
    std::map<ComputePipelineKey, std::unique_ptr<ComputePipeline>> pipelines;

    ~Impl() { pipelines.clear(); }  // before the device goes
};

}  // namespace video
