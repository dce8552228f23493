#pragma once

// Graphics pipelines built from a draw's Vulkan state and its translated stages, kept in memory
// by a key of that state and the stages' hashes; render passes by their attachments' formats.
// Every pipeline has its own layout: descriptor set i holds stage i's uniform buffers (constant
// banks) and combined image samplers (GraphicsShaders moved them there). Images stay in
// VK_IMAGE_LAYOUT_GENERAL, so render passes load, store and keep that layout.

#include <array>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "video/graphics_shaders.h"

namespace video {

struct PipelineDescription {
    std::vector<const GraphicsShader*> stages;  // stage i's resources in descriptor set i
    std::vector<VkVertexInputBindingDescription> bindings;
    std::vector<VkVertexInputAttributeDescription> attributes;
    VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkPolygonMode polygon_mode = VK_POLYGON_MODE_FILL;
    VkCullModeFlags cull = VK_CULL_MODE_NONE;
    VkFrontFace front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    bool depth_test = false;
    bool depth_write = false;
    VkCompareOp depth_compare = VK_COMPARE_OP_ALWAYS;
    bool stencil_test = false;
    VkStencilOpState front{};
    VkStencilOpState back{};
    std::vector<VkPipelineColorBlendAttachmentState> blends;  // one per colour attachment
    std::array<float, 4> blend_constants{};
    // Clip-space z from -w (VK_EXT_depth_clip_control's negativeOneToOne).
    bool depth_minus_one_to_one = false;
    // 1, or every viewport (gpu::kViewports) where the vertex stage writes the viewport index.
    u32 viewports = 1;
    VkRenderPass render_pass = VK_NULL_HANDLE;
};

struct GraphicsPipeline {
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    std::vector<VkDescriptorSetLayout> set_layouts;
};

class GraphicsPipelines {
public:
    // `cache`: the driver's pipeline cache the pipelines are built through (may be null).
    // `varying_locations`: the Locations the device has between stages (video/
    // varying_locations.h moves those above).
    GraphicsPipelines(VkDevice device, VkPipelineCache cache, u32 varying_locations)
        : device_(device), cache_(cache), varying_locations_(varying_locations) {}
    ~GraphicsPipelines();
    GraphicsPipelines(const GraphicsPipelines&) = delete;
    GraphicsPipelines& operator=(const GraphicsPipelines&) = delete;

    // A render pass of these colour attachments (VK_FORMAT_UNDEFINED: the slot has none) and a
    // depth/stencil attachment (VK_FORMAT_UNDEFINED: none).
    VkRenderPass RenderPass(std::span<const VkFormat> colors, VkFormat depth_stencil);
    // Throws base::Error when the device refuses the pipeline.
    const GraphicsPipeline& Get(const PipelineDescription& description);
    u64 Built() const { return built_; }

private:
    GraphicsPipeline Build(const PipelineDescription& description);

    VkDevice device_;
    VkPipelineCache cache_;
    u32 varying_locations_;
    std::map<std::vector<u32>, VkRenderPass> render_passes_;
    std::map<std::string, GraphicsPipeline> pipelines_;
    u64 built_ = 0;
};

}  // namespace video
