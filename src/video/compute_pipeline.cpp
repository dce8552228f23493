#include "video/compute_pipeline.h"

#include <algorithm>

#include <xxhash.h>

#include "base/error.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {

VkDescriptorType DescriptorType(BufferKind kind) {
    switch (kind) {
        case BufferKind::Uniform:
            return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        case BufferKind::Storage:
            return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        case BufferKind::StorageTexelBuffer:
            return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
        case BufferKind::SampledImage:
            return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        case BufferKind::StorageImage:
            return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    }
    return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
}

ComputePipelineKey MakeComputePipelineKey(const ComputeDispatch& dispatch) {
    ComputePipelineKey key;
    key.spirv_hash = XXH3_64bits(dispatch.spirv.data(), dispatch.spirv.size_bytes());
    key.spirv_words = dispatch.spirv.size();
    key.entry_point = dispatch.entry_point;
    for (const DispatchBuffer& buffer : dispatch.buffers) {
        key.bindings.emplace_back(buffer.binding, buffer.kind);
    }
    for (const DispatchImage& image : dispatch.images) {
        key.bindings.emplace_back(
            image.binding, image.storage ? BufferKind::StorageImage : BufferKind::SampledImage);
    }
    std::ranges::sort(key.bindings);
    const auto repeated = std::ranges::adjacent_find(
        key.bindings, [](const auto& a, const auto& b) { return a.first == b.first; });
    if (repeated != key.bindings.end()) {
        base::Fail("compute dispatch binds binding {} twice", repeated->first);
    }
    key.require_32_wide_subgroups = dispatch.require_32_wide_subgroups;
    return key;
}

ComputePipeline::ComputePipeline(VkDevice device, std::span<const u32> spirv,
                                 const ComputePipelineKey& key)
    : device_(device) {
    // A constructor that throws runs no destructor: free what was made before rethrowing.
    VkShaderModule module = VK_NULL_HANDLE;
    try {
        std::vector<VkDescriptorSetLayoutBinding> bindings;
        for (const auto& [binding, kind] : key.bindings) {
            bindings.push_back(
                {binding, DescriptorType(kind), 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
        }
        auto set_info = VulkanStruct<VkDescriptorSetLayoutCreateInfo>(
            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
        set_info.bindingCount = static_cast<u32>(bindings.size());
        set_info.pBindings = bindings.data();
        CheckVulkan(vkCreateDescriptorSetLayout(device_, &set_info, nullptr, &set_layout_),
                    "vkCreateDescriptorSetLayout");

        auto layout_info =
            VulkanStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
        layout_info.setLayoutCount = 1;
        layout_info.pSetLayouts = &set_layout_;
        CheckVulkan(vkCreatePipelineLayout(device_, &layout_info, nullptr, &layout_),
                    "vkCreatePipelineLayout");

        auto module_info =
            VulkanStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
        module_info.codeSize = spirv.size_bytes();
        module_info.pCode = spirv.data();
        CheckVulkan(vkCreateShaderModule(device_, &module_info, nullptr, &module),
                    "vkCreateShaderModule");

        // CUDA's warp: every subgroup exactly 32 wide (Vulkan 1.3 / VK_EXT_subgroup_size_control).
        auto subgroup_size = VulkanStruct<VkPipelineShaderStageRequiredSubgroupSizeCreateInfo>(
            VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO);
        subgroup_size.requiredSubgroupSize = 32;
        auto pipeline_info = VulkanStruct<VkComputePipelineCreateInfo>(
            VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
        pipeline_info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        pipeline_info.stage.module = module;
        pipeline_info.stage.pName = key.entry_point.c_str();
        if (key.require_32_wide_subgroups) {
            pipeline_info.stage.pNext = &subgroup_size;
            pipeline_info.stage.flags = VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT;
        }
        pipeline_info.layout = layout_;
        CheckVulkan(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &pipeline_info, nullptr,
                                             &pipeline_),
                    "vkCreateComputePipelines");
        vkDestroyShaderModule(device_, module, nullptr);
    } catch (...) {
        vkDestroyShaderModule(device_, module, nullptr);
        Destroy();
        throw;
    }
}

ComputePipeline::~ComputePipeline() {
    Destroy();
}

void ComputePipeline::Destroy() {
    vkDestroyPipeline(device_, pipeline_, nullptr);
    vkDestroyPipelineLayout(device_, layout_, nullptr);
    vkDestroyDescriptorSetLayout(device_, set_layout_, nullptr);
}

}  // namespace video
