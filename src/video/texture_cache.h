#pragma once

// The guest's textures as Vulkan images: a TIC entry (gpu/texture_header.h) and the address
// space it is in give an image with every level and layer, uploaded from guest memory through
// a staging buffer with the block-linear or pitch layout undone (gpu/texture_layout.h), and a
// view with the entry's swizzle and mip range. Guest memory is checked again at the first use
// after Invalidate() (the host GPU calls it at each synchronisation, when the CPU or an engine
// may have written it): a changed hash uploads again. Staging buffers live until the
// submission that reads them completes (SubmissionDone). A texture whose memory is a render
// target the host GPU holds samples that image (render_target_image.h); one that overlaps a
// render target with rendering not yet in guest memory any other way (part of it, another
// format or size) is refused until the host GPU has written that rendering back
// (TakeSynchronizationNeeded), then read from guest memory.
// Compressed formats (BCn, ASTC) are images of their own format where the device samples it,
// else (or where CompressedTextureDecoding forces it) decoded on the CPU at each upload into
// the uncompressed format gpu/texture_decoder.h names.
// Not done yet (each named once): 1D buffer textures, depth formats with stencil, a format the
// device cannot sample that nxhost does not decode, multisampled textures.

#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "gpu/memory_manager.h"
#include "gpu/texture_format.h"
#include "gpu/texture_header.h"
#include "video/compressed_texture_decoding.h"
#include "video/render_target_image.h"
#include "video/vulkan_buffer.h"

namespace video {

struct VulkanContext;

struct CachedTexture {
    VkImage image = VK_NULL_HANDLE;  // the texture's own, or a render target's
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkImageAspectFlags aspects = VK_IMAGE_ASPECT_COLOR_BIT;
    VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;
    // For a 1D, 2D or cube texture: a 1D-array, 2D-array or cube-array view of the same levels
    // and layers, for programs that sample it with array instructions (NVK does for its
    // pitch-linear 2D textures, whose header says TWO_D_NO_MIPMAP, through 2D-array views: the
    // layer is the only one there is). Null for the others, and a cube without imageCubeArray.
    VkImageView array_view = VK_NULL_HANDLE;
    gpu::TextureHeader header;
    u32 levels = 1;
    u32 layers = 1;
    gpu::TextureFormat guest_format{};  // the header's format
    bool decoded = false;               // a compressed format decoded on the CPU into `format`
    u64 hash = 0;                       // of the guest bytes last uploaded
    bool checked = false;               // guest memory compared since the last Invalidate()
    bool render_target = false;
    bool in_general_layout = false;  // after its first upload
};

class TextureCache {
public:
    explicit TextureCache(const VulkanContext& context, CompressedTextureDecoding decoding = {});
    ~TextureCache();
    TextureCache(const TextureCache&) = delete;
    TextureCache& operator=(const TextureCache&) = delete;

    // The texture of TIC `words` in `memory`, its upload (if any) recorded into `commands`,
    // which `submission` (a number that grows) will run. Null, with the reason named once in
    // the log, for a texture nxhost cannot make.
    const CachedTexture* Get(const std::shared_ptr<gpu::MemoryManager>& memory,
                             const std::array<u32, gpu::kTextureHeaderWords>& words,
                             gpu::TextureHeaderLayout layout, VkCommandBuffer commands,
                             u64 submission);
    // Guest memory may have changed: the next Get of each texture compares it again. Views of
    // render targets go (the render target may go at the synchronisation).
    void Invalidate();
    // The submissions up to `submission` completed: their staging buffers are freed.
    void SubmissionDone(u64 submission);
    void SetRenderTargets(RenderTargetLookup lookup) { render_targets_ = std::move(lookup); }
    void SetPendingRendering(PendingRenderingLookup lookup) {
        pending_rendering_ = std::move(lookup);
    }
    // Whether the last Get refused a texture because it overlaps a render target whose
    // rendering is not in guest memory yet (and is not that render target's own image): the
    // caller synchronises and asks again. Reading it clears it.
    bool TakeSynchronizationNeeded() { return std::exchange(synchronization_needed_, false); }

    // For tests and statistics.
    u64 Uploads() const { return uploads_; }
    std::size_t PendingStaging() const { return pending_.size(); }
    std::size_t Size() const { return textures_.size(); }

private:
    using Key = std::tuple<const gpu::MemoryManager*, std::array<u32, gpu::kTextureHeaderWords>>;
    std::unique_ptr<CachedTexture> Create(const gpu::TextureHeader& header);
    bool DecodedOnCpu(gpu::TextureFormat format, VkFormat native) const;
    bool Upload(CachedTexture& texture, const gpu::MemoryManager& memory, VkCommandBuffer commands,
                u64 submission);
    const CachedTexture* RenderTargetView(const Key& key, const gpu::TextureHeader& header,
                                          const RenderTargetImage& target);
    void Destroy(CachedTexture& texture);
    // Makes texture.view (of `type`) and texture.array_view over `range` of `image`.
    void MakeViews(CachedTexture& texture, VkImage image, VkImageViewType type,
                   VkComponentMapping components, VkImageSubresourceRange range);
    void NameOnce(const std::string& what);

    const VulkanContext& context_;
    CompressedTextureDecoding decoding_;
    std::map<Key, std::unique_ptr<CachedTexture>> textures_;
    std::map<Key, std::unique_ptr<CachedTexture>> render_target_views_;
    std::vector<std::pair<u64, std::unique_ptr<VulkanBuffer>>> pending_;
    RenderTargetLookup render_targets_;
    PendingRenderingLookup pending_rendering_;
    bool synchronization_needed_ = false;
    std::set<std::string> named_;
    u64 uploads_ = 0;
};

}  // namespace video
