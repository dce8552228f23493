#pragma once

#include <memory>
#include <string>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "shader/compute.h"

namespace video {

// The features and extensions nxhost enables on a device (only those of
// shader::TargetProfile that the device has), as a pNext chain for vkCreateDevice, with the
// profile they give and the properties the dispatch path needs. Not movable: the chain points
// into it.
struct DeviceFeatures {
    VkPhysicalDeviceFeatures2 core{};
    VkPhysicalDevice16BitStorageFeatures storage_16bit{};
    VkPhysicalDevice8BitStorageFeatures storage_8bit{};
    VkPhysicalDeviceShaderFloat16Int8Features float16_int8{};
    VkPhysicalDeviceShaderAtomicInt64Features atomic_int64{};
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float{};
    VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT atomic_float2{};
    VkPhysicalDeviceSubgroupSizeControlFeatures subgroup_size_control{};
    VkPhysicalDeviceShaderClockFeaturesKHR shader_clock{};
    // For the 3D class's -1..1 depth (SET_VIEWPORT_Z_CLIP): a viewport's negativeOneToOne.
    VkPhysicalDeviceDepthClipControlFeaturesEXT depth_clip_control{};
    std::vector<const char*> extensions;  // static strings of the Vulkan headers

    shader::TargetProfile target;
    u32 min_subgroup_size = 0;
    u32 max_subgroup_size = 0;
    std::string driver;  // "llvmpipe: Mesa 22.3.6 (LLVM 15.0.6)"

    DeviceFeatures() = default;
    DeviceFeatures(const DeviceFeatures&) = delete;
    DeviceFeatures& operator=(const DeviceFeatures&) = delete;
};

// `api_version`: the version the device will be used at (the lower of the instance's and
// the device's).
std::unique_ptr<DeviceFeatures> ChooseDeviceFeatures(VkPhysicalDevice device, u32 api_version);

}  // namespace video
