// One triangle drawn by Vulkan into a 64x32 RGBA8 image cleared to (0.0625, 0.125, 0.1875, 1),
// the image copied to a buffer (the result, vk_case.h) and its first row printed. Run under
// Mesa's NVK on the nouveau no-op DRM shim (capture.sh), NVK_DEBUG=push_dump prints the
// AMPERE_B command stream of the draw and nvk_capture.so captures it; run on lavapipe it gives
// the picture. The shaders are triangle_vert.spvasm and triangle_frag.spvasm, assembled by
// capture.sh into shaders_spirv.h.
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32 };

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView view;
    VkImage image =
        DeviceImage(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &view);
    VkFramebuffer framebuffer;
    VkRenderPass pass =
        ClearingPass(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight, view, &framebuffer);

    VkPipelineShaderStageCreateInfo stages[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = Module(&c, kTriangleVert, sizeof(kTriangleVert));
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = Module(&c, kTriangleFrag, sizeof(kTriangleFrag));
    stages[1].pName = "main";
    VkVertexInputBindingDescription binding = {0, 8, VK_VERTEX_INPUT_RATE_VERTEX};
    VkVertexInputAttributeDescription attribute = {0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
    VkPipelineVertexInputStateCreateInfo vertex_input = {
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertex_input.vertexBindingDescriptionCount = 1;
    vertex_input.pVertexBindingDescriptions = &binding;
    vertex_input.vertexAttributeDescriptionCount = 1;
    vertex_input.pVertexAttributeDescriptions = &attribute;
    VkPipelineInputAssemblyStateCreateInfo assembly = {
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkViewport viewport = {0, 0, kWidth, kHeight, 0, 1};
    VkRect2D scissor = {{0, 0}, {kWidth, kHeight}};
    VkPipelineViewportStateCreateInfo viewport_state = {
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport_state.viewportCount = 1;
    viewport_state.pViewports = &viewport;
    viewport_state.scissorCount = 1;
    viewport_state.pScissors = &scissor;
    VkPipelineRasterizationStateCreateInfo raster = {
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.lineWidth = 1;
    VkPipelineMultisampleStateCreateInfo multisample = {
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    VkPipelineColorBlendStateCreateInfo blend_state = {
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend_state.attachmentCount = 1;
    blend_state.pAttachments = &blend;
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(c.device, &layout_info, NULL, &layout));
    VkGraphicsPipelineCreateInfo pipeline_info = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    pipeline_info.stageCount = 2;
    pipeline_info.pStages = stages;
    pipeline_info.pVertexInputState = &vertex_input;
    pipeline_info.pInputAssemblyState = &assembly;
    pipeline_info.pViewportState = &viewport_state;
    pipeline_info.pRasterizationState = &raster;
    pipeline_info.pMultisampleState = &multisample;
    pipeline_info.pColorBlendState = &blend_state;
    pipeline_info.layout = layout;
    pipeline_info.renderPass = pass;
    VkPipeline pipeline;
    CHECK(vkCreateGraphicsPipelines(c.device, VK_NULL_HANDLE, 1, &pipeline_info, NULL, &pipeline));

    // The lower-left half of the target: (-1, -1), (1, -1), (-1, 1).
    float* mapped_vertices;
    VkBuffer vertices =
        HostBuffer(&c, 24, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, (void**)&mapped_vertices);
    const float triangle[6] = {-1, -1, 1, -1, -1, 1};
    memcpy(mapped_vertices, triangle, sizeof(triangle));
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    VkClearValue clear = {.color = {{0.0625f, 0.125f, 0.1875f, 1}}};
    VkRenderPassBeginInfo pass_begin = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    pass_begin.renderPass = pass;
    pass_begin.framebuffer = framebuffer;
    pass_begin.renderArea = scissor;
    pass_begin.clearValueCount = 1;
    pass_begin.pClearValues = &clear;
    vkCmdBeginRenderPass(commands, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    const VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(commands, 0, 1, &vertices, &offset);
    vkCmdDraw(commands, 3, 1, 0, 0);
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
