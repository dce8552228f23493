// Occlusion and timestamp queries around three draws into a 64x32 RGBA8 image with a D32 depth
// attachment cleared to 1 (colour_vert/frag.spvasm; depth test LESS with writes), each draw in
// its own precise occlusion query: a quad at z 0.5 over everything (2048 samples pass), a
// triangle at z 0.3 over the lower-left half (its samples pass), a quad at z 0.9 (behind the
// first: none pass). vkCmdCopyQueryPoolResults writes the three counts with their availability
// (64-bit pairs) to bytes 0..47 of the result buffer; two timestamps (top of pipe before the
// draws, bottom of pipe after them) go to bytes 48..63 (64-bit), which no other device can
// reproduce: the replay checks them for being non-zero and in order, the counts byte for byte.
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32, kDraws = 3, kCountBytes = kDraws * 16, kResultBytes = 64 };

struct Vertex {
    float x, y, z;
    unsigned char rgba[4];
};

static VkQueryPool QueryPool(const struct VkCase* c, VkQueryType type, uint32_t count) {
    VkQueryPoolCreateInfo info = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = type;
    info.queryCount = count;
    VkQueryPool pool;
    CHECK(vkCreateQueryPool(c->device, &info, NULL, &pool));
    return pool;
}

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView colour_view, depth_view;
    DeviceImage(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                &colour_view);
    DepthImage(&c, VK_FORMAT_D32_SFLOAT, kWidth, kHeight, VK_IMAGE_ASPECT_DEPTH_BIT, &depth_view);
    VkFramebuffer framebuffer;
    VkRenderPass pass = ColourDepthPass(&c, VK_FORMAT_D32_SFLOAT, 0, kWidth, kHeight, colour_view,
                                        depth_view, &framebuffer);

    // Binding 0: position and colour; binding 1 (per instance): a zero offset.
    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R8G8B8A8_UNORM);
    VkPipelineColorBlendAttachmentState blend = {0};
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

    const struct Vertex vertices_data[15] = {
        {-1, -1, 0.5f, {255, 0, 0, 255}}, {1, -1, 0.5f, {255, 0, 0, 255}},
        {-1, 1, 0.5f, {255, 0, 0, 255}},  {-1, 1, 0.5f, {255, 0, 0, 255}},
        {1, -1, 0.5f, {255, 0, 0, 255}},  {1, 1, 0.5f, {255, 0, 0, 255}},
        {-1, -1, 0.3f, {0, 255, 0, 255}}, {1, 1, 0.3f, {0, 255, 0, 255}},
        {-1, 1, 0.3f, {0, 255, 0, 255}},  {-1, -1, 0.9f, {0, 0, 255, 255}},
        {1, -1, 0.9f, {0, 0, 255, 255}},  {-1, 1, 0.9f, {0, 0, 255, 255}},
        {-1, 1, 0.9f, {0, 0, 255, 255}},  {1, -1, 0.9f, {0, 0, 255, 255}},
        {1, 1, 0.9f, {0, 0, 255, 255}}};
    const uint32_t firsts[kDraws] = {0, 6, 9};
    const uint32_t counts[kDraws] = {6, 3, 6};
    const float offset[2] = {0, 0};
    void* mapped;
    VkBuffer vertices =
        HostBuffer(&c, sizeof(vertices_data), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, vertices_data, sizeof(vertices_data));
    VkBuffer instances = HostBuffer(&c, sizeof(offset), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, offset, sizeof(offset));
    void* results;
    VkBuffer result = HostBuffer(&c, kResultBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &results);
    memset(results, 0, kResultBytes);
    PrintResultAddress(&c, result, kResultBytes);
    VkQueryPool occlusion = QueryPool(&c, VK_QUERY_TYPE_OCCLUSION, kDraws);
    VkQueryPool timestamps = QueryPool(&c, VK_QUERY_TYPE_TIMESTAMP, 2);

    VkCommandBuffer commands = BeginCommands(&c);
    vkCmdResetQueryPool(commands, occlusion, 0, kDraws);
    vkCmdResetQueryPool(commands, timestamps, 0, 2);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, timestamps, 0);
    VkClearValue clears[2] = {{.color = {{0, 0, 0, 1}}}, {.depthStencil = {1, 0}}};
    BeginPass(commands, pass, framebuffer, kWidth, kHeight, clears, 2);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    for (uint32_t i = 0; i < kDraws; ++i) {
        vkCmdBeginQuery(commands, occlusion, i, VK_QUERY_CONTROL_PRECISE_BIT);
        vkCmdDraw(commands, counts[i], 1, firsts[i], 0);
        vkCmdEndQuery(commands, occlusion, i);
    }
    vkCmdEndRenderPass(commands);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, 1);
    vkCmdCopyQueryPoolResults(
        commands, occlusion, 0, kDraws, result, 0, 16,
        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
    vkCmdCopyQueryPoolResults(commands, timestamps, 0, 2, result, kCountBytes, 8,
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    Barrier(commands);
    SubmitAndWait(&c, commands);

    const unsigned long long* words = results;
    printf("samples passed: %llu %llu %llu (available %llu %llu %llu); timestamps %llu %llu\n",
           words[0], words[2], words[4], words[1], words[3], words[5], words[6], words[7]);
    WriteResult(argc > 1 ? argv[1] : NULL, results, kResultBytes);
    return 0;
}
