#pragma once

// The Vulkan format that holds a render-target format of the guest's 3D class, and how its
// texels lie in a buffer copy of its image.

#include <optional>

#include <vulkan/vulkan_core.h>

#include "gpu/render_target_format.h"

namespace video {

// How a clear's value words are given to Vulkan (VkClearColorValue's members) and what a
// clear shader writes.
enum class ClearTexels { Float, Sint, Uint };

struct SurfaceFormat {
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkImageAspectFlags aspects = 0;
    ClearTexels texels = ClearTexels::Float;
    // Bytes a texel of each aspect takes in a buffer copy (Vulkan's "Depth/stencil formats"
    // copy rules: D24 in the low 24 bits of a word, stencil a byte of its own).
    u32 color_or_depth_bytes = 0;
    u32 stencil_bytes = 0;
};

// Nothing for a format without a Vulkan counterpart.
std::optional<SurfaceFormat> SurfaceFormatOf(const gpu::RenderTargetFormat& format);

}  // namespace video
