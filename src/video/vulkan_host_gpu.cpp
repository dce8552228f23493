#include "video/vulkan_host_gpu.h"

#include "video/vulkan_host_gpu_impl.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "base/error.h"
#include "base/log.h"
#include "gpu/surface_memory.h"
#include "video/clear_pipelines.h"
#include "video/depth_stencil_packing.h"
#include "video/render_target_image.h"
#include "video/sampler_cache.h"
#include "video/surface_format.h"
#include "video/texture_cache.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_context.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

// Surfaces kept between synchronisations; the least recently used go beyond this.
constexpr std::size_t kCachedSurfaces = 64;
// The most bytes one layer may take (a bound against garbage registers).
constexpr u64 kLargestLayer = u64{256} << 20;

SurfaceKey KeyOf(const gpu::Surface& surface) {
    return {surface.memory.get(),
            surface.address,
            surface.format.number,
            surface.format.kind == gpu::FormatKind::Depth ? gpu::FormatKind::Depth
                                                          : gpu::FormatKind::Unorm,
            surface.width,
            surface.height,
            surface.layout,
            surface.pitch,
            surface.block_height_log2,
            surface.block_depth_log2,
            surface.layers,
            surface.layer_stride};
}

gpu::Rect Union(const std::optional<gpu::Rect>& a, const gpu::Rect& b) {
    if (!a) {
        return b;
    }
    return {std::min(a->x0, b.x0), std::min(a->y0, b.y0), std::max(a->x1, b.x1),
            std::max(a->y1, b.y1)};
}

}  // namespace

VulkanHostGpu::VulkanHostGpu(const std::string& selector, std::shared_ptr<gpu::FrameWork> work,
                             CompressedTextureDecoding decoding,
                             std::shared_ptr<shader::ShaderCache> shader_cache)
    : work_(std::move(work)), selector_(selector) {
    OpenVulkanContext(context_, selector);
    if (!context_.queue_has_graphics) {
        base::Fail("the Vulkan device {} has no graphics queue", context_.name);
    }
    pipelines_ = std::make_unique<ClearPipelines>(context_.device, context_.api_version);
    auto fence_info = VulkanStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    CheckVulkan(vkCreateFence(context_.device, &fence_info, nullptr, &fence_), "vkCreateFence");
    textures_ = std::make_unique<TextureCache>(context_, decoding);
    textures_->SetRenderTargets([this](const gpu::MemoryManager* memory, u64 address) {
        return RenderTargetAt(memory, address);
    });
    textures_->SetPendingRendering([this](const gpu::MemoryManager* memory, u64 begin, u64 end) {
        return RenderingPendingIn(memory, begin, end);
    });
    SamplerLimits limits;
    limits.anisotropy = context_.features->core.features.samplerAnisotropy;
    limits.max_anisotropy = context_.limits.maxSamplerAnisotropy;
    limits.max_lod_bias = context_.limits.maxSamplerLodBias;
    limits.mirror_clamp_to_edge = false;  // not enabled at device creation yet
    samplers_ = std::make_unique<SamplerCache>(context_.device, limits);
    VkPhysicalDeviceProperties properties{};
    vkGetPhysicalDeviceProperties(context_.physical_device, &properties);
    pipeline_cache_ = std::make_unique<PipelineDiskCache>(
        context_.device, properties,
        shader_cache ? std::optional(shader_cache->Folder()) : std::nullopt);
    shaders_ = std::make_unique<GraphicsShaders>(context_.device, context_.features->target,
                                                 context_.api_version, std::move(shader_cache));
    graphics_ =
        std::make_unique<GraphicsPipelines>(context_.device, pipeline_cache_->Get(),
                                            std::min(context_.limits.maxVertexOutputComponents,
                                                     context_.limits.maxFragmentInputComponents) /
                                                4);
    uploads_ = std::make_unique<DrawUploads>(context_.device, context_.memory_types,
                                             context_.limits.minUniformBufferOffsetAlignment);
    if (context_.features->core.features.occlusionQueryPrecise) {
        auto pool = VulkanStruct<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
        pool.queryType = VK_QUERY_TYPE_OCCLUSION;
        pool.queryCount = kSamplesQueries;
        CheckVulkan(vkCreateQueryPool(context_.device, &pool, nullptr, &samples_pool_),
                    "vkCreateQueryPool");
    }
    LOG_INFO("video", "Vulkan {}.{} host GPU {} ({}): clears and draws run on it",
             VK_API_VERSION_MAJOR(context_.api_version), VK_API_VERSION_MINOR(context_.api_version),
             context_.name, context_.features->driver);
}

VulkanHostGpu::~VulkanHostGpu() {
    std::lock_guard lock(mutex_);
    try {
        SynchronizeLocked();
    } catch (const base::Error& error) {
        LOG_ERROR("video", "host GPU: the last work was lost: {}", error.what());
    }
    vkDeviceWaitIdle(context_.device);
    // Views of render targets first, then the render targets.
    for (const auto& [key, framebuffer] : draw_framebuffers_) {
        vkDestroyFramebuffer(context_.device, framebuffer, nullptr);
    }
    uploads_.reset();
    graphics_.reset();
    shaders_.reset();
    textures_.reset();
    samplers_.reset();
    for (auto& [key, cached] : surfaces_) {
        Destroy(*cached);
    }
    surfaces_.clear();
    pipelines_.reset();
    if (samples_pool_ != VK_NULL_HANDLE) {
        vkDestroyQueryPool(context_.device, samples_pool_, nullptr);
    }
    vkDestroyFence(context_.device, fence_, nullptr);
}

void VulkanHostGpu::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("video", "host GPU: {}; named once", what);
    }
}

template <typename Work>
void VulkanHostGpu::Guarded(std::string_view what, Work&& work) {
    std::lock_guard lock(mutex_);
    try {
        work();
    } catch (const base::Error& error) {
        LOG_ERROR("video", "host GPU: {} failed and is dropped: {}", what, error.what());
    }
}

VkCommandBuffer VulkanHostGpu::Commands() {
    if (commands_ != VK_NULL_HANDLE) {
        return commands_;
    }
    auto allocate =
        VulkanStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    allocate.commandPool = context_.command_pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    CheckVulkan(vkAllocateCommandBuffers(context_.device, &allocate, &commands_),
                "vkAllocateCommandBuffers");
    auto begin =
        VulkanStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    CheckVulkan(vkBeginCommandBuffer(commands_, &begin), "vkBeginCommandBuffer");
    return commands_;
}

// Every command here waits for the ones before it: a first renderer's simple order.
void VulkanHostGpu::Barrier(VkPipelineStageFlags destination_stage,
                            VkAccessFlags destination_access) {
    auto barrier = VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = destination_access;
    vkCmdPipelineBarrier(Commands(), VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, destination_stage, 0, 1,
                         &barrier, 0, nullptr, 0, nullptr);
}

std::unique_ptr<CachedSurface> VulkanHostGpu::Create(const gpu::Surface& surface,
                                                     const SurfaceFormat& format) {
    auto cached = std::make_unique<CachedSurface>();
    cached->surface = surface;
    cached->format = format;
    cached->pixels = u64{surface.width} * surface.height;
    cached->layer_bytes = cached->pixels * (format.color_or_depth_bytes + format.stencil_bytes);
    cached->on_device.assign(surface.layers, false);
    cached->changed.assign(surface.layers, std::nullopt);

    const bool depth = (format.aspects & VK_IMAGE_ASPECT_COLOR_BIT) == 0;
    auto info = VulkanStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = format.format;
    info.extent = {surface.width, surface.height, 1};
    info.mipLevels = 1;
    info.arrayLayers = surface.layers;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage =
        VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
        (depth ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(context_.physical_device, format.format, &properties);
    cached->sampled = (properties.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) != 0;
    if (cached->sampled) {
        info.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
    }
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    CheckVulkan(vkCreateImage(context_.device, &info, nullptr, &cached->image), "vkCreateImage");
    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(context_.device, cached->image, &requirements);
    auto allocate = VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = ChooseMemoryType(context_.memory_types, requirements.memoryTypeBits,
                                                0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    CheckVulkan(vkAllocateMemory(context_.device, &allocate, nullptr, &cached->memory),
                "vkAllocateMemory");
    CheckVulkan(vkBindImageMemory(context_.device, cached->image, cached->memory, 0),
                "vkBindImageMemory");
    cached->staging = std::make_unique<VulkanBuffer>(
        context_.device, context_.memory_types, cached->layer_bytes * surface.layers,
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, BufferMemory::Host);

    auto transition = VulkanStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
    transition.srcAccessMask = 0;
    transition.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
    transition.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    transition.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    transition.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    transition.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    transition.image = cached->image;
    transition.subresourceRange = {format.aspects, 0, 1, 0, surface.layers};
    vkCmdPipelineBarrier(Commands(), VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, nullptr, 0, nullptr, 1,
                         &transition);
    return cached;
}

void VulkanHostGpu::Destroy(CachedSurface& cached) {
    for (const auto& [layer, framebuffer] : cached.framebuffers) {
        vkDestroyFramebuffer(context_.device, framebuffer, nullptr);
    }
    for (const auto& [layer, view] : cached.views) {
        vkDestroyImageView(context_.device, view, nullptr);
    }
    vkDestroyImage(context_.device, cached.image, nullptr);
    vkFreeMemory(context_.device, cached.memory, nullptr);
}

// The copies of one layer between the image and its place in the staging buffer: the colour
// or depth aspect, then the stencil aspect.
std::vector<VkBufferImageCopy> VulkanHostGpu::Regions(const CachedSurface& cached,
                                                      u32 layer) const {
    std::vector<VkBufferImageCopy> regions;
    const VkExtent3D extent{cached.surface.width, cached.surface.height, 1};
    const VkDeviceSize base = cached.layer_bytes * layer;
    const VkImageAspectFlags first = cached.format.aspects & ~VK_IMAGE_ASPECT_STENCIL_BIT;
    if (first != 0) {
        regions.push_back({base, 0, 0, {first, 0, layer, 1}, {0, 0, 0}, extent});
    }
    if ((cached.format.aspects & VK_IMAGE_ASPECT_STENCIL_BIT) != 0) {
        regions.push_back({base + cached.pixels * cached.format.color_or_depth_bytes,
                           0,
                           0,
                           {VK_IMAGE_ASPECT_STENCIL_BIT, 0, layer, 1},
                           {0, 0, 0},
                           extent});
    }
    return regions;
}

bool VulkanHostGpu::Upload(CachedSurface& cached, u32 layer) {
    const gpu::Surface& surface = cached.surface;
    std::vector<u8> guest(gpu::LinearLayerBytes(surface));
    if (!gpu::ReadSurfaceLayer(surface, layer, guest)) {
        NameOnce(
            fmt::format("a render target at {:#x} is not all mapped: not used", surface.address));
        return false;
    }
    u8* staging = cached.staging->Mapped() + cached.layer_bytes * layer;
    if (cached.format.aspects == VK_IMAGE_ASPECT_COLOR_BIT) {
        std::memcpy(staging, guest.data(), guest.size());
    } else {
        const u64 depth_bytes = cached.pixels * cached.format.color_or_depth_bytes;
        UnpackZeta(surface.format.number, cached.format, guest, {staging, depth_bytes},
                   {staging + depth_bytes, cached.pixels * cached.format.stencil_bytes},
                   cached.pixels);
    }
    const auto regions = Regions(cached, layer);
    vkCmdCopyBufferToImage(Commands(), cached.staging->Handle(), cached.image,
                           VK_IMAGE_LAYOUT_GENERAL, static_cast<u32>(regions.size()),
                           regions.data());
    Barrier(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
    cached.on_device[layer] = true;
    return true;
}

void VulkanHostGpu::WriteBack(CachedSurface& cached, u32 layer, const gpu::Rect& area) {
    const gpu::Surface& surface = cached.surface;
    const u8* staging = cached.staging->Mapped() + cached.layer_bytes * layer;
    if (cached.format.aspects == VK_IMAGE_ASPECT_COLOR_BIT) {
        gpu::WriteSurfaceArea(surface, layer, area, {staging, cached.layer_bytes});
        return;
    }
    std::vector<u8> guest(gpu::LinearLayerBytes(surface));
    const u64 depth_bytes = cached.pixels * cached.format.color_or_depth_bytes;
    PackZeta(surface.format.number, cached.format, {staging, depth_bytes},
             {staging + depth_bytes, cached.pixels * cached.format.stencil_bytes}, guest,
             cached.pixels);
    gpu::WriteSurfaceArea(surface, layer, area, guest);
}

CachedSurface* VulkanHostGpu::Prepare(const gpu::Surface& surface, u32 layer) {
    const auto format = SurfaceFormatOf(surface.format);
    if (!format) {
        NameOnce(
            fmt::format("render-target format {} ({:#04x}) has no Vulkan format here: not "
                        "cleared",
                        surface.format.name, surface.format.number));
        return nullptr;
    }
    if (layer >= surface.layers) {
        NameOnce(fmt::format("a clear or draw of layer {} of a surface of {} layers: not done",
                             layer, surface.layers));
        return nullptr;
    }
    const u64 layer_bytes = gpu::LayerSizeBytes(surface);
    if (surface.width == 0 || surface.height == 0 ||
        surface.width > context_.limits.maxImageDimension2D ||
        surface.height > context_.limits.maxImageDimension2D ||
        surface.layers > context_.limits.maxImageArrayLayers || layer_bytes > kLargestLayer ||
        (surface.layers > 1 && surface.layer_stride < layer_bytes)) {
        NameOnce(fmt::format(
            "a {}x{} render target of {} layers {} bytes apart ({} bytes each) "
            "is beyond what nxhost takes: not cleared or drawn",
            surface.width, surface.height, surface.layers, surface.layer_stride, layer_bytes));
        return nullptr;
    }
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(context_.physical_device, format->format, &properties);
    const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                        VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
                                        ((format->aspects & VK_IMAGE_ASPECT_COLOR_BIT) != 0
                                             ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT
                                             : VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT);
    if ((properties.optimalTilingFeatures & needed) != needed) {
        NameOnce(
            fmt::format("render-target format {} ({:#04x}): the device {} cannot render to "
                        "its Vulkan format {}: not cleared or drawn",
                        surface.format.name, surface.format.number, context_.name,
                        static_cast<int>(format->format)));
        return nullptr;
    }
    auto& slot = surfaces_[KeyOf(surface)];
    if (!slot) {
        slot = Create(surface, *format);
    }
    slot->last_used = ++uses_;
    if (!slot->on_device[layer] && !Upload(*slot, layer)) {
        return nullptr;
    }
    return slot.get();
}

VkImageView VulkanHostGpu::View(CachedSurface& cached, u32 layer) {
    VkImageView& view = cached.views[layer];
    if (view == VK_NULL_HANDLE) {
        auto info = VulkanStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
        info.image = cached.image;
        info.viewType = VK_IMAGE_VIEW_TYPE_2D;
        info.format = cached.format.format;
        info.subresourceRange = {cached.format.aspects, 0, 1, layer, 1};
        CheckVulkan(vkCreateImageView(context_.device, &info, nullptr, &view), "vkCreateImageView");
    }
    return view;
}

VkFramebuffer VulkanHostGpu::Framebuffer(CachedSurface& cached, u32 layer) {
    VkFramebuffer& framebuffer = cached.framebuffers[layer];
    if (framebuffer != VK_NULL_HANDLE) {
        return framebuffer;
    }
    VkImageView view = View(cached, layer);
    const bool depth = (cached.format.aspects & VK_IMAGE_ASPECT_COLOR_BIT) == 0;
    auto info = VulkanStruct<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
    info.renderPass = pipelines_->RenderPass(cached.format.format, depth);
    info.attachmentCount = 1;
    info.pAttachments = &view;
    info.width = cached.surface.width;
    info.height = cached.surface.height;
    info.layers = 1;
    CheckVulkan(vkCreateFramebuffer(context_.device, &info, nullptr, &framebuffer),
                "vkCreateFramebuffer");
    return framebuffer;
}

void VulkanHostGpu::BeginRenderPass(CachedSurface& cached, u32 layer, bool depth_stencil) {
    auto begin = VulkanStruct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
    begin.renderPass = pipelines_->RenderPass(cached.format.format, depth_stencil);
    begin.framebuffer = Framebuffer(cached, layer);
    begin.renderArea = {{0, 0}, {cached.surface.width, cached.surface.height}};
    vkCmdBeginRenderPass(Commands(), &begin, VK_SUBPASS_CONTENTS_INLINE);
}

void VulkanHostGpu::ClearColor(const gpu::ColorClear& clear) {
    Guarded("a colour clear", [&] {
        CachedSurface* cached = Prepare(clear.target, clear.layer);
        if (!cached) {
            return;
        }
        const gpu::Surface& surface = cached->surface;
        const u32 all = (1u << surface.format.components) - 1;
        const u32 mask = clear.component_mask & all;
        const bool whole = clear.area.x0 == 0 && clear.area.y0 == 0 &&
                           clear.area.x1 >= surface.width && clear.area.y1 >= surface.height;
        const gpu::Rect area{clear.area.x0, clear.area.y0, std::min(clear.area.x1, surface.width),
                             std::min(clear.area.y1, surface.height)};
        VkClearColorValue value{};
        std::memcpy(value.uint32, clear.value.data(), sizeof(value.uint32));
        VkCommandBuffer commands = Commands();
        const VkRect2D rect{{static_cast<s32>(area.x0), static_cast<s32>(area.y0)},
                            {area.x1 - area.x0, area.y1 - area.y0}};
        if (mask == all && whole) {
            const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, clear.layer, 1};
            vkCmdClearColorImage(commands, cached->image, VK_IMAGE_LAYOUT_GENERAL, &value, 1,
                                 &range);
        } else if (mask == all) {
            BeginRenderPass(*cached, clear.layer, false);
            const VkClearAttachment attachment{VK_IMAGE_ASPECT_COLOR_BIT, 0, {value}};
            const VkClearRect clear_rect{rect, 0, 1};
            vkCmdClearAttachments(commands, 1, &attachment, 1, &clear_rect);
            vkCmdEndRenderPass(commands);
        } else {
            BeginRenderPass(*cached, clear.layer, false);
            vkCmdBindPipeline(
                commands, VK_PIPELINE_BIND_POINT_GRAPHICS,
                pipelines_->MaskedClear(cached->format.format, cached->format.texels, mask));
            const VkViewport viewport{
                0, 0, static_cast<float>(surface.width), static_cast<float>(surface.height), 0, 1};
            vkCmdSetViewport(commands, 0, 1, &viewport);
            vkCmdSetScissor(commands, 0, 1, &rect);
            vkCmdPushConstants(commands, pipelines_->Layout(), VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                               sizeof(value.uint32), value.uint32);
            vkCmdDraw(commands, 3, 1, 0, 0);
            vkCmdEndRenderPass(commands);
        }
        Barrier(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
        cached->changed[clear.layer] = Union(cached->changed[clear.layer], area);
    });
}

void VulkanHostGpu::ClearDepthStencil(const gpu::DepthStencilClear& clear) {
    Guarded("a depth/stencil clear", [&] {
        CachedSurface* cached = Prepare(clear.target, clear.layer);
        if (!cached) {
            return;
        }
        const gpu::Surface& surface = cached->surface;
        VkImageAspectFlags aspects = (clear.depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                     (clear.stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
        aspects &= cached->format.aspects;
        if (aspects == 0) {
            return;
        }
        const gpu::Rect area{clear.area.x0, clear.area.y0, std::min(clear.area.x1, surface.width),
                             std::min(clear.area.y1, surface.height)};
        const bool whole =
            area.x0 == 0 && area.y0 == 0 && area.x1 == surface.width && area.y1 == surface.height;
        const VkClearDepthStencilValue value{std::clamp(clear.depth_value, 0.0f, 1.0f),
                                             clear.stencil_value};
        VkCommandBuffer commands = Commands();
        if (whole) {
            const VkImageSubresourceRange range{aspects, 0, 1, clear.layer, 1};
            vkCmdClearDepthStencilImage(commands, cached->image, VK_IMAGE_LAYOUT_GENERAL, &value, 1,
                                        &range);
        } else {
            BeginRenderPass(*cached, clear.layer, true);
            VkClearAttachment attachment{aspects, 0, {}};
            attachment.clearValue.depthStencil = value;
            const VkClearRect clear_rect{{{static_cast<s32>(area.x0), static_cast<s32>(area.y0)},
                                          {area.x1 - area.x0, area.y1 - area.y0}},
                                         0,
                                         1};
            vkCmdClearAttachments(commands, 1, &attachment, 1, &clear_rect);
            vkCmdEndRenderPass(commands);
        }
        Barrier(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
        cached->changed[clear.layer] = Union(cached->changed[clear.layer], area);
    });
}

bool VulkanHostGpu::Dispatch(const gpu::ComputeCall& call) {
    bool made = false;
    Guarded("a compute launch", [&] {
        SynchronizeLocked();  // what the draws wrote is in guest memory first
        if (!compute_) {
            compute_ = ComputeDevice::Open({selector_});
            guest_compute_ = std::make_unique<GuestCompute>(*compute_);
        }
        std::string why_not;
        made = guest_compute_->Run(call, why_not);
        if (!made) {
            NameOnce(fmt::format("a compute launch of the program at {:#x} is not made: {}",
                                 call.program_address, why_not));
        }
    });
    return made;
}

void VulkanHostGpu::Synchronize() {
    Guarded("a synchronisation", [&] { SynchronizeLocked(); });
}

std::optional<u64> VulkanHostGpu::SamplesPassed() {
    if (samples_pool_ == VK_NULL_HANDLE) {
        return std::nullopt;
    }
    Guarded("a synchronisation", [&] { SynchronizeLocked(); });
    std::lock_guard lock(mutex_);
    return samples_passed_;
}

void VulkanHostGpu::SynchronizeLocked() {
    if (commands_ == VK_NULL_HANDLE) {
        textures_->Invalidate();
        return;
    }
    for (auto& [key, cached] : surfaces_) {
        for (u32 layer = 0; layer < cached->changed.size(); ++layer) {
            if (cached->changed[layer]) {
                const auto regions = Regions(*cached, layer);
                vkCmdCopyImageToBuffer(commands_, cached->image, VK_IMAGE_LAYOUT_GENERAL,
                                       cached->staging->Handle(), static_cast<u32>(regions.size()),
                                       regions.data());
            }
        }
    }
    Barrier(VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    VkCommandBuffer commands = commands_;
    commands_ = VK_NULL_HANDLE;
    CheckVulkan(vkEndCommandBuffer(commands), "vkEndCommandBuffer");
    auto submit = VulkanStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    const VkResult submitted = vkQueueSubmit(context_.queue, 1, &submit, fence_);
    const VkResult waited = submitted == VK_SUCCESS
                                ? vkWaitForFences(context_.device, 1, &fence_, VK_TRUE, UINT64_MAX)
                                : submitted;
    vkResetFences(context_.device, 1, &fence_);
    vkFreeCommandBuffers(context_.device, context_.command_pool, 1, &commands);
    if (waited == VK_SUCCESS) {
        textures_->SubmissionDone(submission_);
        if (samples_queries_used_ != 0) {
            std::vector<u64> samples(samples_queries_used_);
            CheckVulkan(
                vkGetQueryPoolResults(context_.device, samples_pool_, 0, samples_queries_used_,
                                      samples.size() * 8, samples.data(), 8,
                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                "vkGetQueryPoolResults");
            for (const u64 count : samples) {
                samples_passed_ += count;
            }
        }
    }
    samples_queries_used_ = 0;
    // What the draws used: the device is done with it (or lost).
    for (const auto& [key, framebuffer] : draw_framebuffers_) {
        vkDestroyFramebuffer(context_.device, framebuffer, nullptr);
    }
    draw_framebuffers_.clear();
    uploads_->Reset();
    ++submission_;
    // Guest memory may change from here on; render targets may go below.
    textures_->Invalidate();
    // Whatever happened, the next use reads guest memory again.
    for (auto& [key, cached] : surfaces_) {
        for (u32 layer = 0; layer < cached->changed.size(); ++layer) {
            if (cached->changed[layer] && waited == VK_SUCCESS) {
                WriteBack(*cached, layer, *cached->changed[layer]);
            }
            cached->changed[layer].reset();
            cached->on_device[layer] = false;
        }
    }
    CheckVulkan(submitted, "vkQueueSubmit");
    CheckVulkan(waited, "vkWaitForFences");
    while (surfaces_.size() > kCachedSurfaces) {
        auto oldest = std::min_element(
            surfaces_.begin(), surfaces_.end(),
            [](const auto& a, const auto& b) { return a.second->last_used < b.second->last_used; });
        Destroy(*oldest->second);
        surfaces_.erase(oldest);
    }
}

std::optional<RenderTargetImage> VulkanHostGpu::RenderTargetAt(const gpu::MemoryManager* memory,
                                                               u64 address) const {
    for (const auto& [key, cached] : surfaces_) {
        const gpu::Surface& surface = cached->surface;
        if (surface.memory.get() != memory || surface.address != address || !cached->sampled ||
            !cached->changed[0]) {
            continue;
        }
        RenderTargetImage image;
        image.image = cached->image;
        image.format = cached->format.format;
        image.aspects = cached->format.aspects & ~VK_IMAGE_ASPECT_STENCIL_BIT;
        image.width = surface.width;
        image.height = surface.height;
        image.layers = surface.layers;
        return image;
    }
    return std::nullopt;
}

bool VulkanHostGpu::RenderingPendingIn(const gpu::MemoryManager* memory, u64 begin, u64 end) const {
    for (const auto& [key, cached] : surfaces_) {
        const gpu::Surface& surface = cached->surface;
        if (surface.memory.get() != memory) {
            continue;
        }
        for (u32 layer = 0; layer < cached->changed.size(); ++layer) {
            const u64 first = surface.address + layer * surface.layer_stride;
            const u64 last = first + gpu::LayerSizeBytes(surface);
            if (cached->changed[layer] && first < end && begin < last) {
                return true;
            }
        }
    }
    return false;
}

std::shared_ptr<gpu::HostGpu> OpenVulkanHostGpu(const std::string& selector,
                                                std::shared_ptr<gpu::FrameWork> work,
                                                CompressedTextureDecoding decoding,
                                                std::shared_ptr<shader::ShaderCache> shader_cache) {
    return std::make_shared<VulkanHostGpu>(selector, std::move(work), decoding,
                                           std::move(shader_cache));
}

}  // namespace video
