#include "video/vulkan_buffer.h"

#include "base/error.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {

u32 ChooseMemoryType(const VkPhysicalDeviceMemoryProperties& types, u32 allowed,
                     VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) {
    for (const VkMemoryPropertyFlags wanted : {required | preferred, required}) {
        for (u32 i = 0; i < types.memoryTypeCount; ++i) {
            if ((allowed & (1u << i)) != 0 &&
                (types.memoryTypes[i].propertyFlags & wanted) == wanted) {
                return i;
            }
        }
    }
    base::Fail("Vulkan: no memory type with properties {:#x} (allowed types {:#x})", required,
               allowed);
}

VulkanBuffer::VulkanBuffer(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                           VkDeviceSize size, VkBufferUsageFlags usage, BufferMemory memory)
    : device_(device), size_(size) {
    try {
        auto info = VulkanStruct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
        info.size = size;
        info.usage = usage;
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        CheckVulkan(vkCreateBuffer(device_, &info, nullptr, &buffer_), "vkCreateBuffer");
        VkMemoryRequirements requirements;
        vkGetBufferMemoryRequirements(device_, buffer_, &requirements);
        const bool host = memory == BufferMemory::Host;
        auto allocate = VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
        allocate.allocationSize = requirements.size;
        allocate.memoryTypeIndex = ChooseMemoryType(
            memory_types, requirements.memoryTypeBits,
            host ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT : 0,
            host ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        CheckVulkan(vkAllocateMemory(device_, &allocate, nullptr, &memory_), "vkAllocateMemory");
        CheckVulkan(vkBindBufferMemory(device_, buffer_, memory_, 0), "vkBindBufferMemory");
        if (host) {
            void* mapped = nullptr;
            CheckVulkan(vkMapMemory(device_, memory_, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
            mapped_ = static_cast<u8*>(mapped);
        }
    } catch (...) {
        Destroy();
        throw;
    }
}

VulkanBuffer::~VulkanBuffer() {
    Destroy();
}

void VulkanBuffer::Destroy() {
    // Freeing the memory unmaps it.
    vkDestroyBuffer(device_, buffer_, nullptr);
    vkFreeMemory(device_, memory_, nullptr);
}

}  // namespace video
