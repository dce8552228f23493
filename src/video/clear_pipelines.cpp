#include "video/clear_pipelines.h"

#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "base/error.h"
#include "video/spirv_module.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

// One triangle covering the viewport: vertex i at ((i << 1) & 2, i & 2) * 2 - 1.
constexpr std::string_view kVertexShader = R"(               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main "main" %vertex_index %position
               OpDecorate %vertex_index BuiltIn VertexIndex
               OpDecorate %position BuiltIn Position
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
       %vec4 = OpTypeVector %float 4
     %in_int = OpTypePointer Input %int
   %out_vec4 = OpTypePointer Output %vec4
%vertex_index = OpVariable %in_int Input
   %position = OpVariable %out_vec4 Output
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
    %float_2 = OpConstant %float 2
   %float_m1 = OpConstant %float -1
    %float_0 = OpConstant %float 0
    %float_1 = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %i = OpLoad %int %vertex_index
    %shifted = OpShiftLeftLogical %int %i %int_1
         %xi = OpBitwiseAnd %int %shifted %int_2
         %yi = OpBitwiseAnd %int %i %int_2
         %xf = OpConvertSToF %float %xi
         %yf = OpConvertSToF %float %yi
         %x2 = OpFMul %float %xf %float_2
          %x = OpFAdd %float %x2 %float_m1
         %y2 = OpFMul %float %yf %float_2
          %y = OpFAdd %float %y2 %float_m1
          %p = OpCompositeConstruct %vec4 %x %y %float_0 %float_1
               OpStore %position %p
               OpReturn
               OpFunctionEnd
)";

// Writes push-constant word 0-3 to location 0; %TEXEL is float, int or uint.
constexpr std::string_view kFragmentShader = R"(               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %color
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %color Location 0
               OpDecorate %block Block
               OpMemberDecorate %block 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
      %texel = OpTypeVector %TEXEL 4
      %block = OpTypeStruct %texel
   %pc_block = OpTypePointer PushConstant %block
   %pc_texel = OpTypePointer PushConstant %texel
  %out_texel = OpTypePointer Output %texel
     %values = OpVariable %pc_block PushConstant
      %color = OpVariable %out_texel Output
      %int_0 = OpConstant %int 0
       %main = OpFunction %void None %fn
      %entry = OpLabel
    %pointer = OpAccessChain %pc_texel %values %int_0
      %value = OpLoad %texel %pointer
               OpStore %color %value
               OpReturn
               OpFunctionEnd
)";

std::string FragmentAssembly(ClearTexels texels) {
    std::string text(kFragmentShader);
    const std::string_view type = texels == ClearTexels::Float  ? "%float"
                                  : texels == ClearTexels::Sint ? "%int"
                                                                : "%uint";
    text.replace(text.find("%TEXEL"), 6, type);
    return text;
}

}  // namespace

ClearPipelines::ClearPipelines(VkDevice device, u32 api_version)
    : device_(device), api_version_(api_version) {
    vertex_ = Module(kVertexShader);
    for (ClearTexels texels : {ClearTexels::Float, ClearTexels::Sint, ClearTexels::Uint}) {
        fragment_[static_cast<std::size_t>(texels)] = Module(FragmentAssembly(texels));
    }
    VkPushConstantRange range{VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16};
    auto info =
        VulkanStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &range;
    CheckVulkan(vkCreatePipelineLayout(device_, &info, nullptr, &layout_),
                "vkCreatePipelineLayout");
}

ClearPipelines::~ClearPipelines() {
    for (const auto& [key, pipeline] : pipelines_) {
        vkDestroyPipeline(device_, pipeline, nullptr);
    }
    for (const auto& [key, pass] : render_passes_) {
        vkDestroyRenderPass(device_, pass, nullptr);
    }
    vkDestroyPipelineLayout(device_, layout_, nullptr);
    for (VkShaderModule module : fragment_) {
        vkDestroyShaderModule(device_, module, nullptr);
    }
    vkDestroyShaderModule(device_, vertex_, nullptr);
}

VkShaderModule ClearPipelines::Module(std::string_view assembly) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_0);
    std::string messages;
    tools.SetMessageConsumer([&messages](spv_message_level_t, const char*,
                                         const spv_position_t& position, const char* message) {
        messages += std::to_string(position.line) + ": " + message + "\n";
    });
    std::vector<u32> words;
    if (!tools.Assemble(assembly.data(), assembly.size(), &words)) {
        base::Fail("a clear shader does not assemble: {}", messages);
    }
    ValidateSpirv(words, api_version_);
    auto info = VulkanStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    info.codeSize = words.size() * sizeof(u32);
    info.pCode = words.data();
    VkShaderModule module = VK_NULL_HANDLE;
    CheckVulkan(vkCreateShaderModule(device_, &info, nullptr, &module), "vkCreateShaderModule");
    return module;
}

VkRenderPass ClearPipelines::RenderPass(VkFormat format, bool depth_stencil) {
    VkRenderPass& pass = render_passes_[{format, depth_stencil}];
    if (pass != VK_NULL_HANDLE) {
        return pass;
    }
    VkAttachmentDescription attachment{};
    attachment.format = format;
    attachment.samples = VK_SAMPLE_COUNT_1_BIT;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.initialLayout = VK_IMAGE_LAYOUT_GENERAL;
    attachment.finalLayout = VK_IMAGE_LAYOUT_GENERAL;
    VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_GENERAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    if (depth_stencil) {
        subpass.pDepthStencilAttachment = &reference;
    } else {
        subpass.colorAttachmentCount = 1;
        subpass.pColorAttachments = &reference;
    }
    auto info = VulkanStruct<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
    info.attachmentCount = 1;
    info.pAttachments = &attachment;
    info.subpassCount = 1;
    info.pSubpasses = &subpass;
    CheckVulkan(vkCreateRenderPass(device_, &info, nullptr, &pass), "vkCreateRenderPass");
    return pass;
}

VkPipeline ClearPipelines::MaskedClear(VkFormat format, ClearTexels texels, u32 mask) {
    VkPipeline& pipeline = pipelines_[{format, texels, mask}];
    if (pipeline != VK_NULL_HANDLE) {
        return pipeline;
    }
    std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
    for (auto& stage : stages) {
        stage = VulkanStruct<VkPipelineShaderStageCreateInfo>(
            VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
        stage.pName = "main";
    }
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertex_;
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fragment_[static_cast<std::size_t>(texels)];
    auto vertex_input = VulkanStruct<VkPipelineVertexInputStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
    auto assembly = VulkanStruct<VkPipelineInputAssemblyStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    auto viewport = VulkanStruct<VkPipelineViewportStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;
    auto raster = VulkanStruct<VkPipelineRasterizationStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.lineWidth = 1.0f;
    auto multisample = VulkanStruct<VkPipelineMultisampleStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState blend{};
    blend.colorWriteMask = mask;  // VK_COLOR_COMPONENT_R_BIT is 1 ... A_BIT 8, as the mask
    auto blending = VulkanStruct<VkPipelineColorBlendStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
    blending.attachmentCount = 1;
    blending.pAttachments = &blend;
    const std::array dynamic_states{VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    auto dynamic = VulkanStruct<VkPipelineDynamicStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
    dynamic.dynamicStateCount = static_cast<u32>(dynamic_states.size());
    dynamic.pDynamicStates = dynamic_states.data();
    auto info =
        VulkanStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
    info.stageCount = static_cast<u32>(stages.size());
    info.pStages = stages.data();
    info.pVertexInputState = &vertex_input;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pColorBlendState = &blending;
    info.pDynamicState = &dynamic;
    info.layout = layout_;
    info.renderPass = RenderPass(format, false);
    CheckVulkan(vkCreateGraphicsPipelines(device_, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
                "vkCreateGraphicsPipelines");
    return pipeline;
}

}  // namespace video
