#pragma once

// What clears inside a render pass need: render passes of one colour or depth/stencil
// attachment that keep its contents (vkCmdClearAttachments clears a rectangle in them), and
// pipelines that draw one triangle over a rectangle writing a push-constant colour through a
// component write mask (a masked clear, which no Vulkan clear command offers). Shaders are
// SPIR-V assembly written here, assembled by SPIRV-Tools when the host GPU opens.

#include <array>
#include <map>
#include <tuple>

#include <vulkan/vulkan_core.h>

#include "base/types.h"
#include "video/surface_format.h"

namespace video {

class ClearPipelines {
public:
    ClearPipelines(VkDevice device, u32 api_version);
    ~ClearPipelines();
    ClearPipelines(const ClearPipelines&) = delete;
    ClearPipelines& operator=(const ClearPipelines&) = delete;

    // Its one attachment in VK_IMAGE_LAYOUT_GENERAL before, during and after.
    VkRenderPass RenderPass(VkFormat format, bool depth_stencil);
    // Writes the 16 bytes of push constants (the clear value's words) to the components of
    // `mask` (bit 0 R ... bit 3 A); viewport and scissor are dynamic.
    VkPipeline MaskedClear(VkFormat format, ClearTexels texels, u32 mask);
    VkPipelineLayout Layout() const { return layout_; }

private:
    VkShaderModule Module(std::string_view assembly);

    VkDevice device_;
    u32 api_version_;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    std::array<VkShaderModule, 3> fragment_{};  // by ClearTexels
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    std::map<std::pair<VkFormat, bool>, VkRenderPass> render_passes_;
    std::map<std::tuple<VkFormat, ClearTexels, u32>, VkPipeline> pipelines_;
};

}  // namespace video
