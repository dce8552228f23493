#pragma once

// The Vulkan host GPU's class (vulkan_host_gpu.h is the interface): its render-target cache,
// command recording and synchronisation (vulkan_host_gpu.cpp) and its draws (vulkan_draw.cpp).

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "gpu/frame_work.h"
#include "gpu/host_gpu.h"
#include "video/clear_pipelines.h"
#include "video/compute_device.h"
#include "video/draw_uploads.h"
#include "video/graphics_pipelines.h"
#include "video/graphics_shaders.h"
#include "video/guest_compute.h"
#include "video/pipeline_disk_cache.h"
#include "video/render_target_image.h"
#include "video/sampler_cache.h"
#include "video/surface_format.h"
#include "video/texture_cache.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_context.h"

namespace video {

using SurfaceKey = std::tuple<const gpu::MemoryManager*, u64, u32, gpu::FormatKind, u32, u32,
                              gpu::SurfaceLayout, u32, u32, u32, u32, u64>;

// One render target on the device: its image (all layers, VK_IMAGE_LAYOUT_GENERAL), a staging
// buffer with room for every layer, and per layer whether the image holds the guest's
// contents and what the host changed since the last synchronisation.
struct CachedSurface {
    gpu::Surface surface;
    SurfaceFormat format;
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    std::unique_ptr<VulkanBuffer> staging;
    u64 pixels = 0;       // of a layer
    u64 layer_bytes = 0;  // a layer's room in the staging buffer: the aspects one after another
    std::vector<bool> on_device;
    std::vector<std::optional<gpu::Rect>> changed;
    std::map<u32, VkImageView> views;
    std::map<u32, VkFramebuffer> framebuffers;
    u64 last_used = 0;
    bool sampled = false;  // made with VK_IMAGE_USAGE_SAMPLED_BIT: a texture can view it
};

class VulkanHostGpu final : public gpu::HostGpu {
public:
    VulkanHostGpu(const std::string& selector, std::shared_ptr<gpu::FrameWork> work,
                  CompressedTextureDecoding decoding,
                  std::shared_ptr<shader::ShaderCache> shader_cache);
    ~VulkanHostGpu() override;

    std::string_view Name() const override { return context_.name; }
    void ClearColor(const gpu::ColorClear& clear) override;
    void ClearDepthStencil(const gpu::DepthStencilClear& clear) override;
    bool Draw(const gpu::DrawCall& draw) override;
    // On a compute device of its own, opened (with the same device choice) at the first launch:
    // synchronous, guest memory in and out (guest_compute.h).
    bool Dispatch(const gpu::ComputeCall& call) override;
    void Synchronize() override;
    std::optional<u64> SamplesPassed() override;

    // The render target whose layer 0 is at `address` of `memory` with rendering not yet in
    // guest memory (changed since the last synchronisation), for the texture cache.
    std::optional<RenderTargetImage> RenderTargetAt(const gpu::MemoryManager* memory,
                                                    u64 address) const;
    bool RenderingPendingIn(const gpu::MemoryManager* memory, u64 begin, u64 end) const;

private:
    // The surface with `layer` holding the guest's contents, or null (named in the log).
    CachedSurface* Prepare(const gpu::Surface& surface, u32 layer);
    std::unique_ptr<CachedSurface> Create(const gpu::Surface& surface, const SurfaceFormat& format);
    void Destroy(CachedSurface& cached);
    bool Upload(CachedSurface& cached, u32 layer);
    void WriteBack(CachedSurface& cached, u32 layer, const gpu::Rect& area);
    std::vector<VkBufferImageCopy> Regions(const CachedSurface& cached, u32 layer) const;
    VkImageView View(CachedSurface& cached, u32 layer);
    VkFramebuffer Framebuffer(CachedSurface& cached, u32 layer);
    void BeginRenderPass(CachedSurface& cached, u32 layer, bool depth_stencil);
    VkCommandBuffer Commands();
    void Barrier(VkPipelineStageFlags destination_stage, VkAccessFlags destination_access);
    void SynchronizeLocked();
    // The draw's parts (vulkan_draw.cpp); each false (named once) when the draw cannot be made.
    bool DrawLocked(const gpu::DrawCall& draw);
    std::vector<u32> ReadConstants(const gpu::DrawCall& draw, gpu::ShaderStageKind kind, u32 bank,
                                   u32 bytes, bool& bound);
    VkFramebuffer DrawFramebuffer(VkRenderPass pass, const std::vector<VkImageView>& views,
                                  u32 width, u32 height);
    void NameOnce(const std::string& what);
    template <typename Work>
    void Guarded(std::string_view what, Work&& work);

    std::shared_ptr<gpu::FrameWork> work_;  // null: not counted
    std::string selector_;
    VulkanContext context_;
    std::unique_ptr<ComputeDevice> compute_;  // compute launches', opened at the first
    std::unique_ptr<GuestCompute> guest_compute_;
    std::unique_ptr<ClearPipelines> pipelines_;
    std::mutex mutex_;
    std::map<SurfaceKey, std::unique_ptr<CachedSurface>> surfaces_;
    VkCommandBuffer commands_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
    u64 uses_ = 0;
    std::set<std::string> named_;
    // Textures and samplers for the draws and compute launches to come; a submission number
    // per synchronisation tells the texture cache when staging buffers are free.
    std::unique_ptr<TextureCache> textures_;
    std::unique_ptr<SamplerCache> samplers_;
    u64 submission_ = 1;
    // Draws: translated stages, pipelines and render passes, the submission's uploads and
    // descriptor sets, and its framebuffers (destroyed after it completes, as render targets
    // may go then).
    std::unique_ptr<GraphicsShaders> shaders_;
    std::unique_ptr<PipelineDiskCache> pipeline_cache_;  // beside the shader cache's entries
    std::unique_ptr<GraphicsPipelines> graphics_;
    std::unique_ptr<DrawUploads> uploads_;
    std::map<std::tuple<VkRenderPass, std::vector<VkImageView>, u32, u32>, VkFramebuffer>
        draw_framebuffers_;
    // Samples passed (SET_ZPASS_PIXEL_COUNT): a precise occlusion query per counted draw of the
    // submission, read into the total when it completes (none where the device lacks
    // occlusionQueryPrecise).
    static constexpr u32 kSamplesQueries = 1024;
    VkQueryPool samples_pool_ = VK_NULL_HANDLE;
    u32 samples_queries_used_ = 0;
    u64 samples_passed_ = 0;
};

}  // namespace video
