#pragma once

// What draws take from guest memory for one submission: vertex, index and uniform data copied
// into host-visible buffers (chunks of 4 MiB, or one of a larger upload's own size), and the
// descriptor sets that name them. Both are given back whole with Reset(), once the submission
// that read them has completed.

#include <memory>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "video/vulkan_buffer.h"

namespace video {

struct UploadSlice {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    u8* data = nullptr;  // `size` bytes to fill
};

class DrawUploads {
public:
    DrawUploads(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                VkDeviceSize alignment);
    ~DrawUploads();
    DrawUploads(const DrawUploads&) = delete;
    DrawUploads& operator=(const DrawUploads&) = delete;

    UploadSlice Allocate(VkDeviceSize size);
    VkDescriptorSet AllocateSet(VkDescriptorSetLayout layout);
    void Reset();
    u64 BytesUploaded() const { return bytes_; }

private:
    VkDescriptorPool NewPool();

    VkDevice device_;
    const VkPhysicalDeviceMemoryProperties& memory_types_;
    VkDeviceSize alignment_;
    std::vector<std::unique_ptr<VulkanBuffer>> chunks_;
    std::size_t current_ = 0;  // the chunk being filled
    VkDeviceSize used_ = 0;    // of it
    std::vector<VkDescriptorPool> pools_;
    std::size_t pool_ = 0;
    u64 bytes_ = 0;
};

}  // namespace video
