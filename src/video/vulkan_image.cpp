#include "video/vulkan_image.h"

#include "base/error.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {

VkFormat TexelFormat(ImageTexels texels, u32 channels) {
    if (texels == ImageTexels::Unorm8) {
        if (channels != 4) {
            base::Fail("8-bit normalised texels with {} channels (only 4 are made)", channels);
        }
        return VK_FORMAT_R8G8B8A8_UNORM;
    }
    static constexpr VkFormat kFormats[3][3] = {
        {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT},
        {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32A32_UINT},
        {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32A32_SINT}};
    const int column = channels == 1 ? 0 : channels == 2 ? 1 : 2;
    return kFormats[static_cast<int>(texels)][column];
}

u32 TexelBytes(ImageTexels texels, u32 channels) {
    return channels * (texels == ImageTexels::Unorm8 ? 1 : 4);
}

namespace {

VkSamplerAddressMode AddressMode(ImageAddress address) {
    switch (address) {
        case ImageAddress::ClampToEdge:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        case ImageAddress::Repeat:
            return VK_SAMPLER_ADDRESS_MODE_REPEAT;
        case ImageAddress::MirroredRepeat:
            return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
        case ImageAddress::ClampToBorder:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    }
    return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
}

void Transition(VkCommandBuffer commands, VkImage image, VkImageLayout from, VkImageLayout to,
                VkPipelineStageFlags from_stage, VkAccessFlags written,
                VkPipelineStageFlags to_stage, VkAccessFlags accessed) {
    auto barrier = VulkanStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
    barrier.srcAccessMask = written;
    barrier.dstAccessMask = accessed;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(commands, from_stage, to_stage, 0, 0, nullptr, 0, nullptr, 1, &barrier);
}

}  // namespace

VulkanImage::VulkanImage(VkDevice device, const VkPhysicalDeviceMemoryProperties& memory_types,
                         const DispatchImage& image)
    : device_(device) {
    using shader::ImageDim;
    if (image.bytes == nullptr ||
        (image.channels != 1 && image.channels != 2 && image.channels != 4)) {
        base::Fail("compute dispatch image binding {}: no texels or {} channels", image.binding,
                   image.channels);
    }
    if (image.dim == ImageDim::Buffer) {
        base::Fail("compute dispatch image binding {}: a texel buffer is a DispatchBuffer",
                   image.binding);
    }
    extent_ = {image.size[0], image.dim == ImageDim::D1 ? 1 : image.size[1],
               image.dim == ImageDim::D3 ? image.size[2] : 1};
    const u32 texel_bytes = TexelBytes(image.texels, image.channels);
    const u64 bytes = u64{extent_.width} * extent_.height * extent_.depth * texel_bytes;
    if (extent_.width == 0 || extent_.height == 0 || extent_.depth == 0 ||
        bytes != image.bytes->size()) {
        base::Fail("compute dispatch image binding {}: {} bytes of texels for {}x{}x{} of {}",
                   image.binding, image.bytes->size(), extent_.width, extent_.height, extent_.depth,
                   texel_bytes);
    }
    try {
        auto info = VulkanStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
        info.imageType = image.dim == ImageDim::D1   ? VK_IMAGE_TYPE_1D
                         : image.dim == ImageDim::D2 ? VK_IMAGE_TYPE_2D
                                                     : VK_IMAGE_TYPE_3D;
        info.format = TexelFormat(image.texels, image.channels);
        info.extent = extent_;
        info.mipLevels = 1;
        info.arrayLayers = 1;
        info.samples = VK_SAMPLE_COUNT_1_BIT;
        info.tiling = VK_IMAGE_TILING_OPTIMAL;
        info.usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                     (image.storage ? VK_IMAGE_USAGE_STORAGE_BIT : VK_IMAGE_USAGE_SAMPLED_BIT);
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        CheckVulkan(vkCreateImage(device_, &info, nullptr, &image_), "vkCreateImage");
        VkMemoryRequirements requirements;
        vkGetImageMemoryRequirements(device_, image_, &requirements);
        auto allocate = VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
        allocate.allocationSize = requirements.size;
        allocate.memoryTypeIndex = ChooseMemoryType(memory_types, requirements.memoryTypeBits, 0,
                                                    VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        CheckVulkan(vkAllocateMemory(device_, &allocate, nullptr, &memory_), "vkAllocateMemory");
        CheckVulkan(vkBindImageMemory(device_, image_, memory_, 0), "vkBindImageMemory");

        auto view = VulkanStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
        view.image = image_;
        view.viewType = image.dim == ImageDim::D1 ? VK_IMAGE_VIEW_TYPE_1D
                        : image.dim == ImageDim::D3
                            ? VK_IMAGE_VIEW_TYPE_3D
                            : (image.arrayed ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D);
        view.format = info.format;
        view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        CheckVulkan(vkCreateImageView(device_, &view, nullptr, &view_), "vkCreateImageView");

        if (!image.storage) {
            auto sampler = VulkanStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
            const VkFilter filter = image.linear_filter ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
            sampler.magFilter = filter;
            sampler.minFilter = filter;
            sampler.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
            sampler.addressModeU = AddressMode(image.address);
            sampler.addressModeV = sampler.addressModeU;
            sampler.addressModeW = sampler.addressModeU;
            sampler.minLod = 0.0f;
            sampler.maxLod = 0.0f;
            sampler.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
            sampler.unnormalizedCoordinates = image.normalized ? VK_FALSE : VK_TRUE;
            CheckVulkan(vkCreateSampler(device_, &sampler, nullptr, &sampler_), "vkCreateSampler");
        }
    } catch (...) {
        Destroy();
        throw;
    }
}

VulkanImage::~VulkanImage() {
    Destroy();
}

void VulkanImage::Destroy() {
    vkDestroySampler(device_, sampler_, nullptr);
    vkDestroyImageView(device_, view_, nullptr);
    vkDestroyImage(device_, image_, nullptr);
    vkFreeMemory(device_, memory_, nullptr);
}

VkBufferImageCopy VulkanImage::Region() const {
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = extent_;
    return region;
}

void VulkanImage::RecordUpload(VkCommandBuffer commands, VkBuffer staging) const {
    Transition(commands, image_, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0, VK_PIPELINE_STAGE_TRANSFER_BIT,
               VK_ACCESS_TRANSFER_WRITE_BIT);
    const VkBufferImageCopy region = Region();
    vkCmdCopyBufferToImage(commands, staging, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &region);
    Transition(commands, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL,
               VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
               VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
               VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void VulkanImage::RecordReadback(VkCommandBuffer commands, VkBuffer staging) const {
    const VkBufferImageCopy region = Region();
    vkCmdCopyImageToBuffer(commands, image_, VK_IMAGE_LAYOUT_GENERAL, staging, 1, &region);
}

}  // namespace video
