#include "video/texture_cache.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>
#include <xxhash.h>

#include "base/error.h"
#include "base/log.h"
#include "gpu/block_linear.h"
#include "gpu/sample_layout.h"
#include "gpu/texture_decoder.h"
#include "gpu/texture_format.h"
#include "gpu/texture_layout.h"
#include "video/texture_format_vk.h"
#include "video/vulkan_context.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

// The most bytes one texture may take in guest memory (a bound against garbage headers).
constexpr u64 kLargestTexture = u64{512} << 20;

struct Shape {
    VkImageType image_type;
    VkImageViewType view_type;
};

std::optional<Shape> ShapeOf(gpu::TextureType type) {
    switch (type) {
        case gpu::TextureType::OneD:
            return Shape{VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D};
        case gpu::TextureType::OneDArray:
            return Shape{VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY};
        case gpu::TextureType::TwoD:
        case gpu::TextureType::TwoDNoMipmap:
            return Shape{VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D};
        case gpu::TextureType::TwoDArray:
            return Shape{VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY};
        case gpu::TextureType::Cube:
            return Shape{VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE};
        case gpu::TextureType::CubeArray:
            return Shape{VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY};
        case gpu::TextureType::ThreeD:
            return Shape{VK_IMAGE_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D};
        case gpu::TextureType::OneDBuffer:
            break;
    }
    return std::nullopt;
}

// The arrayed view type of a view type with one (1D, 2D, cube).
std::optional<VkImageViewType> ArrayedTypeOf(VkImageViewType type) {
    switch (type) {
        case VK_IMAGE_VIEW_TYPE_1D:
            return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
        case VK_IMAGE_VIEW_TYPE_2D:
            return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
        case VK_IMAGE_VIEW_TYPE_CUBE:
            return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
        default:
            return std::nullopt;
    }
}

void Transition(VkCommandBuffer commands, VkImage image, VkImageAspectFlags aspects,
                VkImageLayout from, VkAccessFlags source_access, VkAccessFlags destination_access) {
    auto barrier = VulkanStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
    barrier.srcAccessMask = source_access;
    barrier.dstAccessMask = destination_access;
    barrier.oldLayout = from;
    barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, nullptr, 0, nullptr, 1,
                         &barrier);
}

}  // namespace

TextureCache::TextureCache(const VulkanContext& context, CompressedTextureDecoding decoding)
    : context_(context), decoding_(decoding) {}

bool TextureCache::DecodedOnCpu(gpu::TextureFormat format, VkFormat native) const {
    // Natively where the device has the feature and samples the format, unless forced.
    const VkPhysicalDeviceFeatures& features = context_.features->core.features;
    const bool astc =
        format >= gpu::TextureFormat::Astc4x4Unorm && format <= gpu::TextureFormat::Astc12x12Srgb;
    const bool feature = astc ? features.textureCompressionASTC_LDR : features.textureCompressionBC;
    const bool forced = astc ? decoding_.astc : decoding_.bc;
    return forced || !feature || !DeviceSamples(context_.physical_device, native);
}

TextureCache::~TextureCache() {
    for (auto& [key, texture] : textures_) {
        Destroy(*texture);
    }
    for (auto& [key, texture] : render_target_views_) {
        Destroy(*texture);
    }
}

void TextureCache::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("video", "texture cache: {}; named once", what);
    }
}

void TextureCache::Destroy(CachedTexture& texture) {
    vkDestroyImageView(context_.device, texture.view, nullptr);
    vkDestroyImageView(context_.device, texture.array_view, nullptr);
    if (!texture.render_target) {
        vkDestroyImage(context_.device, texture.image, nullptr);
        vkFreeMemory(context_.device, texture.memory, nullptr);
    }
}

void TextureCache::Invalidate() {
    for (auto& [key, texture] : textures_) {
        texture->checked = false;
    }
    for (auto& [key, texture] : render_target_views_) {
        Destroy(*texture);
    }
    render_target_views_.clear();
}

void TextureCache::SubmissionDone(u64 submission) {
    std::erase_if(pending_, [&](const auto& entry) { return entry.first <= submission; });
}

void TextureCache::MakeViews(CachedTexture& texture, VkImage image, VkImageViewType type,
                             VkComponentMapping components, VkImageSubresourceRange range) {
    auto view = VulkanStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    view.image = image;
    view.viewType = type;
    view.format = texture.format;
    view.components = components;
    view.subresourceRange = range;
    CheckVulkan(vkCreateImageView(context_.device, &view, nullptr, &texture.view),
                "vkCreateImageView");
    const auto arrayed = ArrayedTypeOf(type);
    if (!arrayed || (*arrayed == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY &&
                     !context_.features->core.features.imageCubeArray)) {
        return;
    }
    view.viewType = *arrayed;
    CheckVulkan(vkCreateImageView(context_.device, &view, nullptr, &texture.array_view),
                "vkCreateImageView");
}

std::unique_ptr<CachedTexture> TextureCache::Create(const gpu::TextureHeader& header) {
    const auto format = gpu::TextureFormatOf(header);
    auto vk = format ? TextureFormatVkOf(*format) : std::nullopt;
    const auto shape = ShapeOf(header.type);
    if (!format || !vk) {
        NameOnce(fmt::format("texture format {} is not known: not sampled",
                             gpu::DescribeComponents(header)));
        return nullptr;
    }
    // A compressed format the device cannot sample (or one forced to) is decoded on the CPU.
    bool decoded = false;
    if (const auto decoded_format = gpu::DecodedFormatOf(*format)) {
        if (DecodedOnCpu(*format, vk->format)) {
            vk = TextureFormatVkOf(*decoded_format);
            decoded = true;
        }
    }
    if (!shape || header.version == gpu::TextureHeaderVersion::OneDBuffer) {
        NameOnce("1D buffer textures are not made yet");
        return nullptr;
    }
    if (!vk->direct_copy) {
        NameOnce(
            fmt::format("depth/stencil texture {} is not uploaded yet", gpu::InfoOf(*format).name));
        return nullptr;
    }
    if (header.multisample_mode != 0) {
        const auto layout = gpu::SampleLayoutOf(header.multisample_mode);
        NameOnce(fmt::format("multisampled textures (MULTI_SAMPLE_COUNT {}) are not made yet",
                             layout ? layout->name : "undefined"));
        return nullptr;
    }
    if (!DeviceSamples(context_.physical_device, vk->format)) {
        NameOnce(fmt::format("the device {} cannot sample texture format {} (Vulkan format {}{})",
                             context_.name, gpu::InfoOf(*format).name, static_cast<int>(vk->format),
                             decoded ? ", its decoded form" : ""));
        return nullptr;
    }
    const bool cube =
        header.type == gpu::TextureType::Cube || header.type == gpu::TextureType::CubeArray;
    const bool three_d = header.type == gpu::TextureType::ThreeD;
    const u32 layers = header.Layers();
    const VkPhysicalDeviceLimits& limits = context_.limits;
    if (header.width > (three_d ? limits.maxImageDimension3D : limits.maxImageDimension2D) ||
        header.height > (three_d ? limits.maxImageDimension3D : limits.maxImageDimension2D) ||
        (three_d && header.depth > limits.maxImageDimension3D) ||
        layers > limits.maxImageArrayLayers || (cube && header.width != header.height)) {
        NameOnce(fmt::format("a {}x{}x{} texture of {} layers is beyond the device: not made",
                             header.width, header.height, header.depth, layers));
        return nullptr;
    }
    // A size the guest memory cannot hold (garbage headers) is refused before any allocation.
    std::string why;
    const auto layout = gpu::LayoutOf(header, *format, &why);
    if (!layout) {
        NameOnce(fmt::format("a texture at {:#x}: {}", header.address, why));
        return nullptr;
    }
    if (layout->SizeBytes() > kLargestTexture) {
        NameOnce(fmt::format("a texture at {:#x} of {} bytes is beyond what nxhost takes",
                             header.address, layout->SizeBytes()));
        return nullptr;
    }
    if (header.type == gpu::TextureType::CubeArray &&
        !context_.features->core.features.imageCubeArray) {
        NameOnce("cube array textures: the device has no imageCubeArray");
        return nullptr;
    }

    auto texture = std::make_unique<CachedTexture>();
    texture->header = header;
    texture->format = vk->format;
    texture->aspects = vk->aspects;
    texture->view_type = shape->view_type;
    texture->levels = header.Levels();
    texture->layers = layers;
    texture->guest_format = *format;
    texture->decoded = decoded;

    auto info = VulkanStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
    info.imageType = shape->image_type;
    info.format = vk->format;
    info.extent = {header.width, shape->image_type == VK_IMAGE_TYPE_1D ? 1 : header.height,
                   three_d ? header.depth : 1};
    info.mipLevels = texture->levels;
    info.arrayLayers = layers;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    CheckVulkan(vkCreateImage(context_.device, &info, nullptr, &texture->image), "vkCreateImage");
    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(context_.device, texture->image, &requirements);
    auto allocate = VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = ChooseMemoryType(context_.memory_types, requirements.memoryTypeBits,
                                                0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    const VkResult allocated =
        vkAllocateMemory(context_.device, &allocate, nullptr, &texture->memory);
    if (allocated != VK_SUCCESS) {
        vkDestroyImage(context_.device, texture->image, nullptr);
        CheckVulkan(allocated, "vkAllocateMemory");
    }
    CheckVulkan(vkBindImageMemory(context_.device, texture->image, texture->memory, 0),
                "vkBindImageMemory");

    const u32 first_level = std::min(header.view_min_mip, texture->levels - 1);
    const u32 last_level = std::clamp(header.view_max_mip, first_level, texture->levels - 1);
    MakeViews(*texture, texture->image, shape->view_type, ComponentMappingOf(header.swizzle, *vk),
              {vk->aspects, first_level, header.Levels() > 1 ? last_level - first_level + 1 : 1, 0,
               layers});
    return texture;
}

bool TextureCache::Upload(CachedTexture& texture, const gpu::MemoryManager& memory,
                          VkCommandBuffer commands, u64 submission) {
    const gpu::TextureHeader& header = texture.header;
    const gpu::TextureFormat format = texture.guest_format;
    std::string why;
    // Create checked the layout and its size.
    const auto layout = gpu::LayoutOf(header, format, &why);
    if (!layout) {
        return false;
    }
    const u64 size = layout->SizeBytes();
    std::vector<u8> guest(size);
    if (!memory.Read(header.address, guest, "a texture's upload")) {
        NameOnce(fmt::format("a texture at {:#x} is not all mapped: not sampled", header.address));
        return false;
    }
    texture.checked = true;
    const u64 hash = XXH3_64bits(guest.data(), guest.size());
    if (hash == texture.hash && texture.hash != 0) {
        return true;
    }

    const gpu::TextureFormatInfo info = gpu::InfoOf(format);
    // Decoded: the staging buffer holds texels of the decoded format.
    const u32 decoded_bytes =
        texture.decoded ? gpu::InfoOf(*gpu::DecodedFormatOf(format)).block_bytes : 0;
    const auto staged_bytes = [&](const gpu::TextureLevel& level) {
        return texture.decoded
                   ? u64{level.width} * level.height * level.depth * decoded_bytes
                   : u64{level.width_blocks} * info.block_bytes * level.height_blocks * level.depth;
    };
    u64 linear_size = 0;
    for (const auto& level : layout->levels) {
        linear_size += staged_bytes(level) * layout->layers;
    }
    std::vector<u8> blocks;  // a level's blocks before decoding
    auto staging = std::make_unique<VulkanBuffer>(
        context_.device, context_.memory_types, std::max<u64>(linear_size, 4),
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT, BufferMemory::Host);
    std::vector<VkBufferImageCopy> regions;
    u64 at = 0;
    for (u32 layer = 0; layer < layout->layers; ++layer) {
        for (u32 i = 0; i < layout->levels.size(); ++i) {
            const gpu::TextureLevel& level = layout->levels[i];
            const u32 row_bytes = level.width_blocks * info.block_bytes;
            const u64 block_bytes = u64{row_bytes} * level.height_blocks * level.depth;
            const u64 bytes = staged_bytes(level);
            const u64 from = layer * layout->layer_stride + level.offset;
            if (texture.decoded) {
                blocks.resize(block_bytes);
            }
            std::span<u8> linear = texture.decoded ? std::span<u8>(blocks)
                                                   : std::span<u8>(staging->Mapped() + at, bytes);
            if (layout->block_linear) {
                if (!gpu::DeswizzleBlockLinear(level.surface,
                                               std::span<const u8>(guest).subspan(from), linear,
                                               row_bytes)) {
                    NameOnce(fmt::format("a texture at {:#x}: level {} does not fit",
                                         header.address, i));
                    return false;
                }
            } else {
                for (u32 y = 0; y < level.height_blocks; ++y) {
                    std::memcpy(linear.data() + u64{y} * row_bytes,
                                guest.data() + from + u64{y} * layout->pitch, row_bytes);
                }
            }
            if (texture.decoded &&
                !gpu::DecodeTextureLevel(format, blocks, level.width, level.height, level.depth,
                                         {staging->Mapped() + at, bytes}, &why)) {
                NameOnce(fmt::format("a {} texture at {:#x}: level {} not decoded: {}", info.name,
                                     header.address, i, why));
                return false;
            }
            VkBufferImageCopy region{};
            region.bufferOffset = at;
            region.imageSubresource = {texture.aspects, i, layer, 1};
            region.imageExtent = {level.width,
                                  texture.view_type == VK_IMAGE_VIEW_TYPE_1D ||
                                          texture.view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                      ? 1
                                      : level.height,
                                  level.depth};
            regions.push_back(region);
            at += bytes;
        }
    }
    // From whatever used it before (or nothing) to the copy, then to every later use.
    Transition(commands, texture.image, texture.aspects,
               texture.in_general_layout ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_UNDEFINED,
               VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
               VK_ACCESS_TRANSFER_WRITE_BIT);
    texture.in_general_layout = true;
    vkCmdCopyBufferToImage(commands, staging->Handle(), texture.image, VK_IMAGE_LAYOUT_GENERAL,
                           static_cast<u32>(regions.size()), regions.data());
    auto barrier = VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0, nullptr, 0,
                         nullptr);
    pending_.emplace_back(submission, std::move(staging));
    // Only now: an upload that stopped half way must not pass for the bytes it did not copy.
    texture.hash = hash;
    ++uploads_;
    return true;
}

const CachedTexture* TextureCache::RenderTargetView(const Key& key,
                                                    const gpu::TextureHeader& header,
                                                    const RenderTargetImage& target) {
    auto& slot = render_target_views_[key];
    if (slot) {
        return slot.get();
    }
    const auto format = gpu::TextureFormatOf(header);
    const auto vk = format ? TextureFormatVkOf(*format) : std::nullopt;
    const auto shape = ShapeOf(header.type);
    if (!vk || !shape || vk->format != target.format || header.width != target.width ||
        header.height != target.height || header.Layers() > target.layers || header.Levels() != 1 ||
        shape->image_type != VK_IMAGE_TYPE_2D) {
        render_target_views_.erase(key);
        NameOnce(
            fmt::format("a texture at {:#x} is a render target seen with another format, "
                        "size or shape: sampled from guest memory once the rendering is there",
                        header.address));
        return nullptr;
    }
    auto texture = std::make_unique<CachedTexture>();
    texture->header = header;
    texture->image = target.image;
    texture->format = target.format;
    texture->aspects = target.aspects;
    texture->view_type = shape->view_type;
    texture->layers = header.Layers();
    texture->render_target = true;
    texture->checked = true;
    MakeViews(*texture, target.image, shape->view_type, ComponentMappingOf(header.swizzle, *vk),
              {target.aspects, 0, 1, 0, texture->layers});
    slot = std::move(texture);
    return slot.get();
}

const CachedTexture* TextureCache::Get(const std::shared_ptr<gpu::MemoryManager>& memory,
                                       const std::array<u32, gpu::kTextureHeaderWords>& words,
                                       gpu::TextureHeaderLayout layout, VkCommandBuffer commands,
                                       u64 submission) {
    std::string why;
    const auto header = gpu::DecodeTextureHeader(words, layout, &why);
    if (!header) {
        NameOnce(fmt::format("a texture header that is not one ({}): not sampled", why));
        return nullptr;
    }
    const Key key{memory.get(), words};
    if (render_targets_) {
        if (const auto target = render_targets_(memory.get(), header->address)) {
            if (const CachedTexture* view = RenderTargetView(key, *header, *target)) {
                return view;
            }
        }
    }
    if (pending_rendering_) {
        const auto format = gpu::TextureFormatOf(*header);
        const auto layout = format ? gpu::LayoutOf(*header, *format) : std::nullopt;
        if (layout && pending_rendering_(memory.get(), header->address,
                                         header->address + layout->SizeBytes())) {
            NameOnce(fmt::format(
                "a texture at {:#x} overlaps a render target whose rendering is not in guest "
                "memory yet: the work before it is finished and written back first",
                header->address));
            synchronization_needed_ = true;
            return nullptr;
        }
    }
    auto& slot = textures_[key];
    if (!slot) {
        try {
            slot = Create(*header);
        } catch (const base::Error& error) {
            NameOnce(fmt::format("a texture could not be made: {}", error.what()));
        }
        if (!slot) {
            textures_.erase(key);
            return nullptr;
        }
    }
    if (!slot->checked && !Upload(*slot, *memory, commands, submission)) {
        return nullptr;
    }
    return slot.get();
}

}  // namespace video
