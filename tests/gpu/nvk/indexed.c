// An indexed, instanced draw (vkCmdDrawIndexed of 6 16-bit indices, 2 instances) into a 64x32
// RGBA8 image cleared to black: a quad of four coloured corners (binding 0, per vertex: xyz
// float and RGBA8 UNORM colour, interpolated) drawn once where it is and once moved by the
// second instance's offset (binding 1, per instance: xy float); colour_vert/frag.spvasm. The
// image is copied to a buffer (the result, vk_case.h).
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32 };

struct Vertex {
    float x, y, z;
    unsigned char rgba[4];
};

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView view;
    VkImage image =
        DeviceImage(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &view);
    VkFramebuffer framebuffer;
    VkRenderPass pass =
        ClearingPass(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight, view, &framebuffer);

    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R8G8B8A8_UNORM);
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    VkPipeline pipeline =
        GraphicsPipeline(&c, pass, kWidth, kHeight, Module(&c, kColourVert, sizeof(kColourVert)),
                         Module(&c, kColourFrag, sizeof(kColourFrag)), VK_NULL_HANDLE,
                         &vertex_layout.state, &blend, NULL);

    const struct Vertex quad[4] = {{-0.9f, -0.9f, 0, {255, 0, 0, 255}},
                                   {0.0f, -0.9f, 0, {0, 255, 0, 255}},
                                   {-0.9f, 0.0f, 0, {0, 0, 255, 255}},
                                   {0.0f, 0.0f, 0, {255, 255, 255, 255}}};
    const float offsets[4] = {0, 0, 0.9f, 0.9f};
    const uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
    void* mapped;
    VkBuffer vertices = HostBuffer(&c, sizeof(quad), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, quad, sizeof(quad));
    VkBuffer instances =
        HostBuffer(&c, sizeof(offsets), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, offsets, sizeof(offsets));
    VkBuffer index_buffer =
        HostBuffer(&c, sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &mapped);
    memcpy(mapped, indices, sizeof(indices));
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    VkClearValue clear = {.color = {{0, 0, 0, 1}}};
    BeginPass(commands, pass, framebuffer, kWidth, kHeight, &clear, 1);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    vkCmdBindIndexBuffer(commands, index_buffer, 0, VK_INDEX_TYPE_UINT16);
    vkCmdDrawIndexed(commands, 6, 2, 0, 0, 0);
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
