#pragma once

// A render target the host GPU holds on the device, as the texture cache sees it: when a
// texture's memory is a render target drawn or cleared since the last synchronisation, the
// texture samples that image, not guest memory that does not have the rendering yet.

#include <functional>
#include <optional>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "gpu/memory_manager.h"

namespace video {

struct RenderTargetImage {
    VkImage image = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT;
    u32 width = 0;
    u32 height = 0;
    u32 layers = 1;
};

// The render target whose layer 0 starts at `address` of `memory` and holds rendering not yet
// in guest memory, if any (VulkanHostGpu::RenderTargetAt).
using RenderTargetLookup =
    std::function<std::optional<RenderTargetImage>(const gpu::MemoryManager* memory, u64 address)>;

// Whether a render target holding rendering not yet in guest memory overlaps [begin, end) of
// `memory` (VulkanHostGpu::RenderingPendingIn): a texture there that cannot view the render
// target's image waits for the work so far to reach guest memory.
using PendingRenderingLookup =
    std::function<bool(const gpu::MemoryManager* memory, u64 begin, u64 end)>;

}  // namespace video
