// A 4x4 RGBA8 texture (uploaded by vkCmdCopyBufferToImage, texel (x, y) = (60x + 15, 60y + 15,
// 255 - 16(x + 4y), 255)) sampled with nearest filtering over a 64x32 RGBA8 image by a quad of
// two triangles whose texture coordinates run 0..1 (colour_vert.spvasm passing them as its
// colour, texture_frag.spvasm sampling a combined image sampler of set 0). The image is copied
// to a buffer (the result, vk_case.h).
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWidth = 64, kHeight = 32, kTexels = 4 };

struct Vertex {
    float x, y, z, u, v;
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
    VkImageView texture_view;
    VkImage texture =
        DeviceImage(&c, VK_FORMAT_R8G8B8A8_UNORM, kTexels, kTexels,
                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &texture_view);
    unsigned char* texels;
    VkBuffer staging =
        HostBuffer(&c, kTexels * kTexels * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, (void**)&texels);
    for (int y = 0; y < kTexels; ++y) {
        for (int x = 0; x < kTexels; ++x) {
            unsigned char* t = &texels[(y * kTexels + x) * 4];
            t[0] = (unsigned char)(60 * x + 15);
            t[1] = (unsigned char)(60 * y + 15);
            t[2] = (unsigned char)(255 - 16 * (x + 4 * y));
            t[3] = 255;
        }
    }
    VkSampler sampler = NearestSampler(&c, 0.0f);

    VkDescriptorSetLayout set_layout;
    VkDescriptorPool pool;
    VkPipelineLayout layout = OneTextureLayout(&c, 1, &set_layout, &pool);
    VkDescriptorSetAllocateInfo allocate = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocate.descriptorPool = pool;
    allocate.descriptorSetCount = 1;
    allocate.pSetLayouts = &set_layout;
    VkDescriptorSet set;
    CHECK(vkAllocateDescriptorSets(c.device, &allocate, &set));
    VkDescriptorImageInfo image_info = {sampler, texture_view,
                                        VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkWriteDescriptorSet write = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    write.pImageInfo = &image_info;
    vkUpdateDescriptorSets(c.device, 1, &write, 0, NULL);

    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R32G32_SFLOAT);
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    VkPipeline pipeline = GraphicsPipeline(
        &c, pass, kWidth, kHeight, Module(&c, kColourVert, sizeof(kColourVert)),
        Module(&c, kTextureFrag, sizeof(kTextureFrag)), layout, &vertex_layout.state, &blend, NULL);

    const struct Vertex quad[6] = {{-1, -1, 0, 0, 0}, {1, -1, 0, 1, 0}, {-1, 1, 0, 0, 1},
                                   {-1, 1, 0, 0, 1},  {1, -1, 0, 1, 0}, {1, 1, 0, 1, 1}};
    const float offset[2] = {0, 0};
    void* mapped;
    VkBuffer vertices = HostBuffer(&c, sizeof(quad), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, quad, sizeof(quad));
    VkBuffer instances = HostBuffer(&c, sizeof(offset), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, offset, sizeof(offset));
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    Transition(commands, texture, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               1, 1);
    VkBufferImageCopy upload = {0};
    upload.imageSubresource = (VkImageSubresourceLayers){VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    upload.imageExtent = (VkExtent3D){kTexels, kTexels, 1};
    vkCmdCopyBufferToImage(commands, staging, texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &upload);
    Transition(commands, texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, 1, 1);
    VkClearValue clear = {.color = {{0, 0, 0, 1}}};
    BeginPass(commands, pass, framebuffer, kWidth, kHeight, &clear, 1);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    vkCmdDraw(commands, 6, 1, 0, 0);
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
