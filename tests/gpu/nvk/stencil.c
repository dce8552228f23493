// Stencil operations and tests into a 64x32 RGBA8 image cleared to (0.5, 0.5, 0.5, 1) with a
// D24_UNORM_S8_UINT attachment cleared to depth 1, stencil 0 (colour_vert/frag.spvasm, five
// draws of flat-coloured triangles, each with its own pipeline, front and back faces alike):
//   1. red triangle A (left, z 0.5; depth LESS, writes): stencil ALWAYS, pass REPLACE ref 1;
//   2. green triangle B (right, z 0.7, overlapping A; depth LESS, no writes): stencil ALWAYS,
//      pass REPLACE ref 3, depth fail INCREMENT_AND_CLAMP (A and B: 2, B alone: 3);
//   3. a blue quad over everything (no depth test): stencil EQUAL ref 2 (A and B turn blue);
//   4. a yellow quad: stencil LESS ref 2 under compare mask 0x0F (B alone turns yellow), failing
//      INVERT with write mask 0xFF (0 -> 0xFF, 1 -> 0xFE, 2 -> 0xFD);
//   5. a magenta quad over the top half: stencil EQUAL ref 0xFF (the background there).
// The colour image is copied to a buffer (the result, vk_case.h).
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32 };

struct Vertex {
    float x, y, z;
    unsigned char rgba[4];
};

// Front and back faces: fail, pass, depth fail, compare, compare mask, write mask, reference.
static VkPipelineDepthStencilStateCreateInfo StencilState(int depth_test, int depth_write,
                                                          VkStencilOpState face) {
    VkPipelineDepthStencilStateCreateInfo state = {
        VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    state.depthTestEnable = depth_test ? VK_TRUE : VK_FALSE;
    state.depthWriteEnable = depth_write ? VK_TRUE : VK_FALSE;
    state.depthCompareOp = VK_COMPARE_OP_LESS;
    state.stencilTestEnable = VK_TRUE;
    state.front = face;
    state.back = face;
    return state;
}

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView colour_view, depth_view;
    VkImage image = DeviceImage(
        &c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &colour_view);
    DepthImage(&c, VK_FORMAT_D24_UNORM_S8_UINT, kWidth, kHeight,
               VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, &depth_view);
    VkFramebuffer framebuffer;
    VkRenderPass pass = ColourDepthPass(&c, VK_FORMAT_D24_UNORM_S8_UINT, 1, kWidth, kHeight,
                                        colour_view, depth_view, &framebuffer);

    // Binding 0: position and colour; binding 1 (per instance): a zero offset.
    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R8G8B8A8_UNORM);
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    const VkPipelineDepthStencilStateCreateInfo states[5] = {
        StencilState(1, 1,
                     (VkStencilOpState){VK_STENCIL_OP_KEEP, VK_STENCIL_OP_REPLACE,
                                        VK_STENCIL_OP_KEEP, VK_COMPARE_OP_ALWAYS, 0xFF, 0xFF, 1}),
        StencilState(1, 0,
                     (VkStencilOpState){VK_STENCIL_OP_KEEP, VK_STENCIL_OP_REPLACE,
                                        VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_COMPARE_OP_ALWAYS,
                                        0xFF, 0xFF, 3}),
        StencilState(0, 0,
                     (VkStencilOpState){VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP,
                                        VK_COMPARE_OP_EQUAL, 0xFF, 0xFF, 2}),
        StencilState(0, 0,
                     (VkStencilOpState){VK_STENCIL_OP_INVERT, VK_STENCIL_OP_KEEP,
                                        VK_STENCIL_OP_KEEP, VK_COMPARE_OP_LESS, 0x0F, 0xFF, 2}),
        StencilState(0, 0,
                     (VkStencilOpState){VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP,
                                        VK_COMPARE_OP_EQUAL, 0xFF, 0xFF, 0xFF})};
    VkShaderModule vertex = Module(&c, kColourVert, sizeof(kColourVert));
    VkShaderModule fragment = Module(&c, kColourFrag, sizeof(kColourFrag));
    VkPipeline pipelines[5];
    for (int i = 0; i < 5; ++i) {
        pipelines[i] = GraphicsPipeline(&c, pass, kWidth, kHeight, vertex, fragment, VK_NULL_HANDLE,
                                        &vertex_layout.state, &blend, &states[i]);
    }

    const struct Vertex triangles[24] = {// A, B
                                         {-1, -1, 0.5f, {255, 0, 0, 255}},
                                         {0.4f, -1, 0.5f, {255, 0, 0, 255}},
                                         {-1, 1, 0.5f, {255, 0, 0, 255}},
                                         {-0.4f, -1, 0.7f, {0, 255, 0, 255}},
                                         {1, -1, 0.7f, {0, 255, 0, 255}},
                                         {1, 1, 0.7f, {0, 255, 0, 255}},
                                         // the blue and yellow quads over everything
                                         {-1, -1, 0.2f, {0, 0, 255, 255}},
                                         {1, -1, 0.2f, {0, 0, 255, 255}},
                                         {-1, 1, 0.2f, {0, 0, 255, 255}},
                                         {-1, 1, 0.2f, {0, 0, 255, 255}},
                                         {1, -1, 0.2f, {0, 0, 255, 255}},
                                         {1, 1, 0.2f, {0, 0, 255, 255}},
                                         {-1, -1, 0.2f, {255, 255, 0, 255}},
                                         {1, -1, 0.2f, {255, 255, 0, 255}},
                                         {-1, 1, 0.2f, {255, 255, 0, 255}},
                                         {-1, 1, 0.2f, {255, 255, 0, 255}},
                                         {1, -1, 0.2f, {255, 255, 0, 255}},
                                         {1, 1, 0.2f, {255, 255, 0, 255}},
                                         // the magenta quad over the top half
                                         {-1, -1, 0.2f, {255, 0, 255, 255}},
                                         {1, -1, 0.2f, {255, 0, 255, 255}},
                                         {-1, 0, 0.2f, {255, 0, 255, 255}},
                                         {-1, 0, 0.2f, {255, 0, 255, 255}},
                                         {1, -1, 0.2f, {255, 0, 255, 255}},
                                         {1, 0, 0.2f, {255, 0, 255, 255}}};
    const uint32_t firsts[5] = {0, 3, 6, 12, 18};
    const uint32_t counts[5] = {3, 3, 6, 6, 6};
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
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    for (int i = 0; i < 5; ++i) {
        vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines[i]);
        vkCmdDraw(commands, counts[i], 1, firsts[i], 0);
    }
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
