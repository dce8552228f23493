// Depth testing and blending into a 64x32 RGBA8 image cleared to (0.5, 0.5, 0.5, 1) with a D32
// depth attachment cleared to 1 (colour_vert/frag.spvasm, one vkCmdDraw of three flat-coloured
// triangles): depth test LESS with writes, blending SRC_ALPHA / ONE_MINUS_SRC_ALPHA (add).
// The first triangle (z 0.5, red, alpha 1) covers the left half; the second (z 0.7, green)
// lies behind it where they overlap and shows only right of it; the third (z 0.3, blue,
// alpha 0.5) blends over both. The colour image is copied to a buffer (the result,
// vk_case.h).
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32 };

struct Vertex {
    float x, y, z;
    unsigned char rgba[4];
};

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView colour_view, depth_view;
    VkImage image = DeviceImage(
        &c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &colour_view);
    DepthImage(&c, VK_FORMAT_D32_SFLOAT, kWidth, kHeight, VK_IMAGE_ASPECT_DEPTH_BIT, &depth_view);
    VkFramebuffer framebuffer;
    VkRenderPass pass = ColourDepthPass(&c, VK_FORMAT_D32_SFLOAT, 0, kWidth, kHeight, colour_view,
                                        depth_view, &framebuffer);

    // Binding 0: position and colour; binding 1 (per instance): a zero offset.
    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R8G8B8A8_UNORM);
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.blendEnable = VK_TRUE;
    blend.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
    blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    blend.colorBlendOp = VK_BLEND_OP_ADD;
    blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
    blend.alphaBlendOp = VK_BLEND_OP_ADD;
    blend.colorWriteMask = 0xF;
    VkPipelineDepthStencilStateCreateInfo depth_state = {
        VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    depth_state.depthTestEnable = VK_TRUE;
    depth_state.depthWriteEnable = VK_TRUE;
    depth_state.depthCompareOp = VK_COMPARE_OP_LESS;
    VkPipeline pipeline =
        GraphicsPipeline(&c, pass, kWidth, kHeight, Module(&c, kColourVert, sizeof(kColourVert)),
                         Module(&c, kColourFrag, sizeof(kColourFrag)), VK_NULL_HANDLE,
                         &vertex_layout.state, &blend, &depth_state);

    const struct Vertex triangles[9] = {
        {-1, -1, 0.5f, {255, 0, 0, 255}},       {0.2f, -1, 0.5f, {255, 0, 0, 255}},
        {-1, 3, 0.5f, {255, 0, 0, 255}},        {-0.5f, -1, 0.7f, {0, 255, 0, 255}},
        {3, -1, 0.7f, {0, 255, 0, 255}},        {-0.5f, 3, 0.7f, {0, 255, 0, 255}},
        {-0.6f, -0.6f, 0.3f, {0, 0, 255, 128}}, {0.6f, -0.6f, 0.3f, {0, 0, 255, 128}},
        {0, 0.8f, 0.3f, {0, 0, 255, 128}}};
    const float offset[2] = {0, 0};
    void* mapped;
    VkBuffer vertices =
        HostBuffer(&c, sizeof(triangles), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, triangles, sizeof(triangles));
    VkBuffer instances = HostBuffer(&c, sizeof(offset), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, offset, sizeof(offset));
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    VkClearValue clears[2] = {{.color = {{0.5f, 0.5f, 0.5f, 1}}}, {.depthStencil = {1, 0}}};
    BeginPass(commands, pass, framebuffer, kWidth, kHeight, clears, 2);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    vkCmdDraw(commands, 9, 1, 0, 0);
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
