#pragma once

#include <string>
#include <string_view>

#include <vulkan/vulkan_core.h>

namespace video {

// The enumerant's name ("VK_ERROR_DEVICE_LOST"), or "VkResult N" for one this list lacks.
std::string VulkanResultName(VkResult result);

// Throws base::Error naming `call` and the result when `result` is an error (negative);
// VK_SUCCESS and the positive status codes pass.
void CheckVulkan(VkResult result, std::string_view call);

}  // namespace video
