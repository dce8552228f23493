#include "video/draw_uploads.h"

#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

constexpr VkDeviceSize kChunkBytes = VkDeviceSize{4} << 20;
constexpr u32 kSetsPerPool = 256;
constexpr VkBufferUsageFlags kUsage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                                      VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
                                      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;

}  // namespace

DrawUploads::DrawUploads(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                         VkDeviceSize alignment)
    : device_(device),
      memory_types_(memory_types),
      alignment_(std::max<VkDeviceSize>(alignment, 16)) {}

DrawUploads::~DrawUploads() {
    for (VkDescriptorPool pool : pools_) {
        vkDestroyDescriptorPool(device_, pool, nullptr);
    }
}

UploadSlice DrawUploads::Allocate(VkDeviceSize size) {
    bytes_ += size;
    if (size > kChunkBytes) {
        // A buffer of its own, kept with the chunks until the reset.
        chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(current_),
                       std::make_unique<VulkanBuffer>(device_, memory_types_, size, kUsage,
                                                      BufferMemory::Host));
        VulkanBuffer& own = *chunks_[current_];
        ++current_;
        return {own.Handle(), 0, own.Mapped()};
    }
    used_ = (used_ + alignment_ - 1) / alignment_ * alignment_;
    if (current_ < chunks_.size() && used_ + size > chunks_[current_]->Size()) {
        ++current_;
        used_ = 0;
    }
    if (current_ == chunks_.size()) {
        chunks_.push_back(std::make_unique<VulkanBuffer>(device_, memory_types_, kChunkBytes,
                                                         kUsage, BufferMemory::Host));
        used_ = 0;
    }
    VulkanBuffer& chunk = *chunks_[current_];
    const UploadSlice upload{chunk.Handle(), used_, chunk.Mapped() + used_};
    used_ += size;
    return upload;
}

VkDescriptorPool DrawUploads::NewPool() {
    const VkDescriptorPoolSize sizes[] = {
        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSetsPerPool * 8},
        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kSetsPerPool * 8},
        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, kSetsPerPool},
    };
    auto info =
        VulkanStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    info.maxSets = kSetsPerPool;
    info.poolSizeCount = 3;
    info.pPoolSizes = sizes;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    CheckVulkan(vkCreateDescriptorPool(device_, &info, nullptr, &pool), "vkCreateDescriptorPool");
    return pool;
}

VkDescriptorSet DrawUploads::AllocateSet(VkDescriptorSetLayout layout) {
    for (;;) {
        if (pool_ == pools_.size()) {
            pools_.push_back(NewPool());
        }
        auto info = VulkanStruct<VkDescriptorSetAllocateInfo>(
            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
        info.descriptorPool = pools_[pool_];
        info.descriptorSetCount = 1;
        info.pSetLayouts = &layout;
        VkDescriptorSet set = VK_NULL_HANDLE;
        const VkResult result = vkAllocateDescriptorSets(device_, &info, &set);
        if (result == VK_SUCCESS) {
            return set;
        }
        if (result != VK_ERROR_OUT_OF_POOL_MEMORY && result != VK_ERROR_FRAGMENTED_POOL) {
            CheckVulkan(result, "vkAllocateDescriptorSets");
        }
        ++pool_;  // this one is full: the next
    }
}

void DrawUploads::Reset() {
    // Chunks of their own size go; the standard ones stay for the next submission.
    std::erase_if(chunks_, [](const auto& chunk) { return chunk->Size() != kChunkBytes; });
    current_ = 0;
    used_ = 0;
    for (VkDescriptorPool pool : pools_) {
        vkResetDescriptorPool(device_, pool, 0);
    }
    pool_ = 0;
}

}  // namespace video
