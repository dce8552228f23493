#pragma once

#include <vulkan/vulkan_core.h>

#include "base/types.h"

namespace video {

// The first memory type in `allowed` (a memoryTypeBits mask) that has all of `required`,
// preferring one that also has `preferred`. Throws base::Error when there is none.
u32 ChooseMemoryType(const VkPhysicalDeviceMemoryProperties& types, u32 allowed,
                     VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred);

enum class BufferMemory {
    Device,  // for the shader: device-local where the device has such memory
    Host,    // staging: mapped, coherent, cached where possible (read back by the CPU)
};

// A VkBuffer with its own memory allocation.
class VulkanBuffer {
public:
    VulkanBuffer(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                 VkDeviceSize size, VkBufferUsageFlags usage, BufferMemory memory);
    ~VulkanBuffer();
    VulkanBuffer(const VulkanBuffer&) = delete;
    VulkanBuffer& operator=(const VulkanBuffer&) = delete;

    VkBuffer Handle() const { return buffer_; }
    VkDeviceSize Size() const { return size_; }
    u8* Mapped() const { return mapped_; }  // null for BufferMemory::Device

private:
    void Destroy();

    VkDevice device_;
    VkDeviceSize size_;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    u8* mapped_ = nullptr;
};

}  // namespace video
