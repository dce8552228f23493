#include "video/graphics_pipelines.h"

#include "video/varying_locations.h"

#include <cstring>

#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

template <typename T>
void Append(std::string& key, const T& value) {
    key.append(reinterpret_cast<const char*>(&value), sizeof(value));
}
template <typename T>
void AppendAll(std::string& key, const std::vector<T>& values) {
    Append(key, values.size());
    key.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

std::string KeyOf(const PipelineDescription& d) {
    std::string key;
    for (const GraphicsShader* stage : d.stages) {
        Append(key, stage->hash);
    }
    AppendAll(key, d.bindings);
    AppendAll(key, d.attributes);
    AppendAll(key, d.blends);
    Append(key, d.topology);
    Append(key, d.polygon_mode);
    Append(key, d.cull);
    Append(key, d.front_face);
    Append(key, d.depth_test);
    Append(key, d.depth_write);
    Append(key, d.depth_compare);
    Append(key, d.stencil_test);
    Append(key, d.front);
    Append(key, d.back);
    Append(key, d.blend_constants);
    Append(key, d.depth_minus_one_to_one);
    Append(key, d.viewports);
    Append(key, d.render_pass);
    return key;
}

VkShaderStageFlagBits StageBit(shader::Stage stage) {
    return stage == shader::Stage::Fragment ? VK_SHADER_STAGE_FRAGMENT_BIT
                                            : VK_SHADER_STAGE_VERTEX_BIT;
}

}  // namespace

GraphicsPipelines::~GraphicsPipelines() {
    for (auto& [key, built] : pipelines_) {
        vkDestroyPipeline(device_, built.pipeline, nullptr);
        vkDestroyPipelineLayout(device_, built.layout, nullptr);
        for (VkDescriptorSetLayout set : built.set_layouts) {
            vkDestroyDescriptorSetLayout(device_, set, nullptr);
        }
    }
    for (auto& [formats, pass] : render_passes_) {
        vkDestroyRenderPass(device_, pass, nullptr);
    }
}

VkRenderPass GraphicsPipelines::RenderPass(std::span<const VkFormat> colors,
                                           VkFormat depth_stencil) {
    std::vector<u32> key(colors.begin(), colors.end());
    key.push_back(depth_stencil);
    VkRenderPass& pass = render_passes_[key];
    if (pass != VK_NULL_HANDLE) {
        return pass;
    }
    std::vector<VkAttachmentDescription> attachments;
    std::vector<VkAttachmentReference> color_references;
    const auto attachment = [&](VkFormat format) {
        VkAttachmentDescription description{};
        description.format = format;
        description.samples = VK_SAMPLE_COUNT_1_BIT;
        description.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        description.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        description.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        description.stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE;
        description.initialLayout = VK_IMAGE_LAYOUT_GENERAL;
        description.finalLayout = VK_IMAGE_LAYOUT_GENERAL;
        attachments.push_back(description);
        return static_cast<u32>(attachments.size() - 1);
    };
    for (const VkFormat format : colors) {
        color_references.push_back(
            {format == VK_FORMAT_UNDEFINED ? VK_ATTACHMENT_UNUSED : attachment(format),
             VK_IMAGE_LAYOUT_GENERAL});
    }
    VkAttachmentReference depth_reference{VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_GENERAL};
    if (depth_stencil != VK_FORMAT_UNDEFINED) {
        depth_reference.attachment = attachment(depth_stencil);
    }
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = static_cast<u32>(color_references.size());
    subpass.pColorAttachments = color_references.data();
    subpass.pDepthStencilAttachment = &depth_reference;
    auto info = VulkanStruct<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
    info.attachmentCount = static_cast<u32>(attachments.size());
    info.pAttachments = attachments.data();
    info.subpassCount = 1;
    info.pSubpasses = &subpass;
    CheckVulkan(vkCreateRenderPass(device_, &info, nullptr, &pass), "vkCreateRenderPass");
    return pass;
}

const GraphicsPipeline& GraphicsPipelines::Get(const PipelineDescription& description) {
    const std::string key = KeyOf(description);
    auto found = pipelines_.find(key);
    if (found != pipelines_.end()) {
        return found->second;
    }
    GraphicsPipeline built = Build(description);
    ++built_;
    return pipelines_.emplace(key, built).first->second;
}

GraphicsPipeline GraphicsPipelines::Build(const PipelineDescription& d) {
    GraphicsPipeline built;
    std::vector<VkPipelineShaderStageCreateInfo> stages;
    // Varyings above the device's Locations move in modules made for this pipeline alone.
    std::vector<const shader::GraphicsProgram*> programs;
    for (const GraphicsShader* stage : d.stages) {
        programs.push_back(&stage->program);
    }
    const std::map<u32, u32> moved = PlanVaryingLocations(programs, varying_locations_);
    std::vector<VkShaderModule> moved_modules;
    struct DestroyModules {
        VkDevice device;
        std::vector<VkShaderModule>& modules;
        ~DestroyModules() {
            for (const VkShaderModule module : modules) {
                vkDestroyShaderModule(device, module, nullptr);
            }
        }
    } destroy_modules{device_, moved_modules};
    for (const GraphicsShader* stage : d.stages) {
        const shader::ResourceLayout& layout = stage->program.layout;
        const VkShaderStageFlagBits bit = StageBit(stage->program.stage);
        std::vector<VkDescriptorSetLayoutBinding> bindings;
        for (const shader::ConstantBankBinding& bank : layout.constant_banks) {
            bindings.push_back({bank.binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1,
                                static_cast<VkShaderStageFlags>(bit), nullptr});
        }
        for (const shader::ImageBinding& image : layout.images) {
            bindings.push_back({image.binding,
                                image.kind == shader::ImageKind::Sampled
                                    ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
                                    : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                1, static_cast<VkShaderStageFlags>(bit), nullptr});
        }
        auto info = VulkanStruct<VkDescriptorSetLayoutCreateInfo>(
            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
        info.bindingCount = static_cast<u32>(bindings.size());
        info.pBindings = bindings.data();
        VkDescriptorSetLayout set = VK_NULL_HANDLE;
        CheckVulkan(vkCreateDescriptorSetLayout(device_, &info, nullptr, &set),
                    "vkCreateDescriptorSetLayout");
        built.set_layouts.push_back(set);
        auto stage_info = VulkanStruct<VkPipelineShaderStageCreateInfo>(
            VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
        stage_info.stage = bit;
        stage_info.module = stage->module;
        if (!moved.empty()) {
            const std::vector<u32> spirv =
                MoveVaryingLocations(stage->program.spirv, stage->program.stage, moved);
            auto module_info =
                VulkanStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
            module_info.codeSize = spirv.size() * sizeof(u32);
            module_info.pCode = spirv.data();
            CheckVulkan(vkCreateShaderModule(device_, &module_info, nullptr, &stage_info.module),
                        "vkCreateShaderModule");
            moved_modules.push_back(stage_info.module);
        }
        stage_info.pName = stage->program.entry_point.c_str();
        stages.push_back(stage_info);
    }
    auto layout_info =
        VulkanStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layout_info.setLayoutCount = static_cast<u32>(built.set_layouts.size());
    layout_info.pSetLayouts = built.set_layouts.data();
    CheckVulkan(vkCreatePipelineLayout(device_, &layout_info, nullptr, &built.layout),
                "vkCreatePipelineLayout");

    auto vertex_input = VulkanStruct<VkPipelineVertexInputStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
    vertex_input.vertexBindingDescriptionCount = static_cast<u32>(d.bindings.size());
    vertex_input.pVertexBindingDescriptions = d.bindings.data();
    vertex_input.vertexAttributeDescriptionCount = static_cast<u32>(d.attributes.size());
    vertex_input.pVertexAttributeDescriptions = d.attributes.data();
    auto assembly = VulkanStruct<VkPipelineInputAssemblyStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
    assembly.topology = d.topology;
    auto viewport = VulkanStruct<VkPipelineViewportStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
    viewport.viewportCount = d.viewports;
    viewport.scissorCount = d.viewports;
    auto clip_control = VulkanStruct<VkPipelineViewportDepthClipControlCreateInfoEXT>(
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT);
    clip_control.negativeOneToOne = VK_TRUE;
    if (d.depth_minus_one_to_one) {
        viewport.pNext = &clip_control;
    }
    auto raster = VulkanStruct<VkPipelineRasterizationStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
    raster.polygonMode = d.polygon_mode;
    raster.cullMode = d.cull;
    raster.frontFace = d.front_face;
    raster.lineWidth = 1;
    auto multisample = VulkanStruct<VkPipelineMultisampleStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    auto depth = VulkanStruct<VkPipelineDepthStencilStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
    depth.depthTestEnable = d.depth_test;
    depth.depthWriteEnable = d.depth_write;
    depth.depthCompareOp = d.depth_compare;
    depth.stencilTestEnable = d.stencil_test;
    depth.front = d.front;
    depth.back = d.back;
    auto blend = VulkanStruct<VkPipelineColorBlendStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
    blend.attachmentCount = static_cast<u32>(d.blends.size());
    blend.pAttachments = d.blends.data();
    std::memcpy(blend.blendConstants, d.blend_constants.data(), sizeof(blend.blendConstants));
    const VkDynamicState dynamic_states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    auto dynamic = VulkanStruct<VkPipelineDynamicStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
    dynamic.dynamicStateCount = 2;
    dynamic.pDynamicStates = dynamic_states;

    auto info =
        VulkanStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
    info.stageCount = static_cast<u32>(stages.size());
    info.pStages = stages.data();
    info.pVertexInputState = &vertex_input;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = &depth;
    info.pColorBlendState = &blend;
    info.pDynamicState = &dynamic;
    info.layout = built.layout;
    info.renderPass = d.render_pass;
    const VkResult result =
        vkCreateGraphicsPipelines(device_, cache_, 1, &info, nullptr, &built.pipeline);
    if (result != VK_SUCCESS) {
        vkDestroyPipelineLayout(device_, built.layout, nullptr);
        for (VkDescriptorSetLayout set : built.set_layouts) {
            vkDestroyDescriptorSetLayout(device_, set, nullptr);
        }
        CheckVulkan(result, "vkCreateGraphicsPipelines");
    }
    return built;
}

}  // namespace video
