#pragma once

#include <vulkan/vulkan_core.h>

namespace video {

// A zeroed Vulkan structure with its sType set (brace initialisation with only the sType
// trips -Wmissing-field-initializers).
template <typename Struct>
Struct VulkanStruct(VkStructureType type) {
    Struct value{};
    value.sType = type;
    return value;
}

}  // namespace video
