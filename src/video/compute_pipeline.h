#pragma once

#include <compare>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "video/compute_device.h"

namespace video {

// What makes two compute pipelines the same: the module (by hash and length), its entry point,
// the descriptor set 0 layout and the subgroup requirement.
struct ComputePipelineKey {
    u64 spirv_hash = 0;
    std::size_t spirv_words = 0;
    std::string entry_point;
    std::vector<std::pair<u32, BufferKind>> bindings;  // sorted by binding
    bool require_32_wide_subgroups = false;
    auto operator<=>(const ComputePipelineKey&) const = default;
};

ComputePipelineKey MakeComputePipelineKey(const ComputeDispatch& dispatch);

// A compute pipeline with its layouts; owns its Vulkan objects.
class ComputePipeline {
public:
    // Expects SPIR-V that ValidateSpirv accepted. `require_32_wide_subgroups` asks for
    // requiredSubgroupSize 32 with full subgroups (VK_EXT_subgroup_size_control).
    ComputePipeline(VkDevice device, std::span<const u32> spirv, const ComputePipelineKey& key);
    ~ComputePipeline();
    ComputePipeline(const ComputePipeline&) = delete;
    ComputePipeline& operator=(const ComputePipeline&) = delete;

    VkDescriptorSetLayout SetLayout() const { return set_layout_; }
    VkPipelineLayout Layout() const { return layout_; }
    VkPipeline Pipeline() const { return pipeline_; }

private:
    void Destroy();

    VkDevice device_;
    VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
};

VkDescriptorType DescriptorType(BufferKind kind);

}  // namespace video
