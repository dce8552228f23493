#pragma once

// VkSamplers for the guest's sampler headers (gpu/sampler_header.h), one per distinct TSC
// entry: the same 8 words give the same VkSampler. What Vulkan core cannot express (a border
// colour other than transparent black, opaque black or opaque white; CLAMP_OGL; min/max
// reduction) takes the nearest Vulkan state and is named in the log once.

#include <array>
#include <functional>
#include <map>
#include <set>
#include <string>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "gpu/sampler_header.h"

namespace video {

// What the device allows (VkPhysicalDeviceFeatures / limits).
struct SamplerLimits {
    bool anisotropy = false;
    float max_anisotropy = 1;
    float max_lod_bias = 0;
    bool mirror_clamp_to_edge = false;  // Vulkan 1.2's samplerMirrorClampToEdge
};

// The create info of a TSC entry (also what the tests check); `named` receives what does not
// map exactly.
VkSamplerCreateInfo SamplerInfoOf(const gpu::SamplerHeader& header, const SamplerLimits& limits,
                                  const std::function<void(const std::string&)>& named);

class SamplerCache {
public:
    SamplerCache(VkDevice device, const SamplerLimits& limits);
    ~SamplerCache();
    SamplerCache(const SamplerCache&) = delete;
    SamplerCache& operator=(const SamplerCache&) = delete;

    // The sampler of these TSC words (created at the first use).
    VkSampler Get(const std::array<u32, gpu::kSamplerHeaderWords>& words);
    std::size_t Size() const { return samplers_.size(); }

private:
    VkDevice device_;
    SamplerLimits limits_;
    std::map<std::array<u32, gpu::kSamplerHeaderWords>, VkSampler> samplers_;
    std::set<std::string> named_;
};

}  // namespace video
