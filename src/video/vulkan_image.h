#pragma once

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "video/compute_device.h"

namespace video {

// The Vulkan format of texels with `channels` components (1, 2 or 4) of `texels`, and its size.
VkFormat TexelFormat(ImageTexels texels, u32 channels);
u32 TexelBytes(ImageTexels texels, u32 channels);

// A DispatchImage on the device: a VkImage with its own memory, a view of all of it and, for a
// combined image sampler, its sampler. Texels move through a staging buffer the caller owns.
class VulkanImage {
public:
    // Throws base::Error when the description does not fit (sizes, channels, texel bytes).
    VulkanImage(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                const DispatchImage& image);
    ~VulkanImage();
    VulkanImage(const VulkanImage&) = delete;
    VulkanImage& operator=(const VulkanImage&) = delete;

    VkImageView View() const { return view_; }
    VkSampler Sampler() const { return sampler_; }
    // The copy from `staging` (texels, x fastest) with the transitions around it; the image is
    // then in VK_IMAGE_LAYOUT_GENERAL for the shader.
    void RecordUpload(VkCommandBuffer commands, VkBuffer staging) const;
    // The copy back into `staging`, after the shader's writes were made visible to transfers.
    void RecordReadback(VkCommandBuffer commands, VkBuffer staging) const;

private:
    void Destroy();
    VkBufferImageCopy Region() const;

    VkDevice device_;
    VkExtent3D extent_{1, 1, 1};
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace video
