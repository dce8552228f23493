#pragma once

// The Vulkan format holding each neutral texture format of src/gpu (gpu/texture_format.h), the
// component mapping of a TIC's swizzle, and whether the device can sample it.

#include <array>
#include <optional>

#include <vulkan/vulkan_core.h>

#include "gpu/texture_format.h"
#include "gpu/texture_header.h"

namespace video {

struct TextureFormatVk {
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT;
    // Where the guest's R, G, B, A lie among the Vulkan format's channels (packed 16-bit
    // formats whose order Vulkan core has only reversed).
    std::array<VkComponentSwizzle, 4> channel_of{VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G,
                                                 VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_A};
    // The guest's texels are the Vulkan format's bytes as they are (a copy uploads them);
    // false for packings Vulkan copies apart (depth with stencil).
    bool direct_copy = true;
};

// Nothing for a format nxhost has no Vulkan format for.
std::optional<TextureFormatVk> TextureFormatVkOf(gpu::TextureFormat format);

// The view's component mapping for the TIC's X/Y/Z/W sources.
VkComponentMapping ComponentMappingOf(const std::array<gpu::SwizzleSource, 4>& swizzle,
                                      const TextureFormatVk& format);

// Whether `device` can sample an optimally tiled image of `format` and copy into it.
bool DeviceSamples(VkPhysicalDevice device, VkFormat format);

}  // namespace video
