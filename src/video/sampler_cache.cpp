#include "video/sampler_cache.h"

#include <algorithm>

#include "base/log.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

VkSamplerAddressMode AddressOf(gpu::SamplerWrap wrap, const SamplerLimits& limits,
                               const std::function<void(const std::string&)>& named) {
    switch (wrap) {
        case gpu::SamplerWrap::Wrap:
            return VK_SAMPLER_ADDRESS_MODE_REPEAT;
        case gpu::SamplerWrap::Mirror:
            return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
        case gpu::SamplerWrap::ClampToEdge:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        case gpu::SamplerWrap::Border:
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
        case gpu::SamplerWrap::ClampOgl:
            // OpenGL's GL_CLAMP: half border at the edge; Vulkan has no such mode.
            named("sampler wrap CLAMP_OGL is sampled as CLAMP_TO_EDGE");
            return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        case gpu::SamplerWrap::MirrorOnceClampToEdge:
        case gpu::SamplerWrap::MirrorOnceBorder:
        case gpu::SamplerWrap::MirrorOnceClampOgl:
            if (limits.mirror_clamp_to_edge) {
                if (wrap != gpu::SamplerWrap::MirrorOnceClampToEdge) {
                    named(
                        "sampler wrap MIRROR_ONCE_BORDER / _CLAMP_OGL is sampled as "
                        "MIRROR_CLAMP_TO_EDGE");
                }
                return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
            }
            named(
                "sampler wrap MIRROR_ONCE_*: the device has no MIRROR_CLAMP_TO_EDGE; sampled as "
                "MIRRORED_REPEAT");
            return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    }
    return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

VkBorderColor BorderOf(const std::array<float, 4>& border,
                       const std::function<void(const std::string&)>& named) {
    const bool black = border[0] == 0 && border[1] == 0 && border[2] == 0;
    const bool white = border[0] == 1 && border[1] == 1 && border[2] == 1;
    if (black && border[3] == 0) {
        return VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    }
    if (black && border[3] == 1) {
        return VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
    }
    if (white && border[3] == 1) {
        return VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
    }
    named(
        "a sampler border colour other than transparent black, opaque black or opaque white "
        "(custom border colours are not used yet): the nearest of those three");
    const float sum = border[0] + border[1] + border[2];
    if (sum >= 1.5f) {
        return VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
    }
    return border[3] >= 0.5f ? VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK
                             : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
}

}  // namespace

VkSamplerCreateInfo SamplerInfoOf(const gpu::SamplerHeader& header, const SamplerLimits& limits,
                                  const std::function<void(const std::string&)>& named) {
    auto info = VulkanStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
    info.magFilter = header.mag == gpu::SamplerFilter::Point ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
    info.minFilter = header.min == gpu::SamplerFilter::Point ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
    info.mipmapMode = header.mip == gpu::SamplerMipFilter::Linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                                  : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    info.addressModeU = AddressOf(header.wrap[0], limits, named);
    info.addressModeV = AddressOf(header.wrap[1], limits, named);
    info.addressModeW = AddressOf(header.wrap[2], limits, named);
    info.mipLodBias = std::clamp(header.lod_bias, -limits.max_lod_bias, limits.max_lod_bias);
    const bool aniso = header.min == gpu::SamplerFilter::Anisotropic || header.max_anisotropy > 1;
    if (aniso && limits.anisotropy && header.max_anisotropy > 1) {
        info.anisotropyEnable = VK_TRUE;
        info.maxAnisotropy =
            std::min(static_cast<float>(header.max_anisotropy), limits.max_anisotropy);
    } else if (aniso && header.max_anisotropy > 1) {
        named("anisotropic filtering: the device has no samplerAnisotropy; sampled without");
    }
    info.compareEnable = header.depth_compare ? VK_TRUE : VK_FALSE;
    // The TSC's compare functions are in Vulkan's order (NEVER .. ALWAYS).
    info.compareOp = static_cast<VkCompareOp>(static_cast<u32>(header.compare));
    info.minLod = header.min_lod;
    info.maxLod = std::max(header.max_lod, header.min_lod);
    if (header.mip == gpu::SamplerMipFilter::None) {
        // No mip filtering: only the base level (the Vulkan spec's "mipmapMode" note: maxLod
        // 0.25 with NEAREST selects level 0 while keeping the min/mag choice).
        info.minLod = 0;
        info.maxLod = 0.25f;
    }
    info.borderColor = BorderOf(header.border, named);
    if (header.reduction != gpu::SamplerReduction::Average) {
        named("sampler min/max reduction filters are not used yet: averaged");
    }
    return info;
}

SamplerCache::SamplerCache(VkDevice device, const SamplerLimits& limits)
    : device_(device), limits_(limits) {}

SamplerCache::~SamplerCache() {
    for (const auto& [words, sampler] : samplers_) {
        vkDestroySampler(device_, sampler, nullptr);
    }
}

VkSampler SamplerCache::Get(const std::array<u32, gpu::kSamplerHeaderWords>& words) {
    auto found = samplers_.find(words);
    if (found != samplers_.end()) {
        return found->second;
    }
    const auto info =
        SamplerInfoOf(gpu::DecodeSamplerHeader(words), limits_, [&](const std::string& what) {
            if (named_.insert(what).second) {
                LOG_WARNING("video", "{}; named once", what);
            }
        });
    VkSampler sampler = VK_NULL_HANDLE;
    CheckVulkan(vkCreateSampler(device_, &info, nullptr, &sampler), "vkCreateSampler");
    samplers_.emplace(words, sampler);
    return sampler;
}

}  // namespace video
