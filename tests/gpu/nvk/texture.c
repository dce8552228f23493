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
    VkSamplerCreateInfo sampler_info = {VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sampler_info.magFilter = VK_FILTER_NEAREST;
    sampler_info.minFilter = VK_FILTER_NEAREST;
    sampler_info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    sampler_info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sampler_info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sampler_info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    VkSampler sampler;
    CHECK(vkCreateSampler(c.device, &sampler_info, NULL, &sampler));

    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                            VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo set_info = {
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = 1;
    set_info.pBindings = &binding;
    VkDescriptorSetLayout set_layout;
    CHECK(vkCreateDescriptorSetLayout(c.device, &set_info, NULL, &set_layout));
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &set_layout;
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(c.device, &layout_info, NULL, &layout));
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
    VkDescriptorPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &pool_size;
    VkDescriptorPool pool;
    CHECK(vkCreateDescriptorPool(c.device, &pool_info, NULL, &pool));
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

    VkVertexInputBindingDescription bindings[2] = {
        {0, sizeof(struct Vertex), VK_VERTEX_INPUT_RATE_VERTEX},
        {1, 8, VK_VERTEX_INPUT_RATE_INSTANCE}};
    VkVertexInputAttributeDescription attributes[3] = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
                                                       {1, 0, VK_FORMAT_R32G32_SFLOAT, 12},
                                                       {2, 1, VK_FORMAT_R32G32_SFLOAT, 0}};
    VkPipelineVertexInputStateCreateInfo vertex_input = {
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertex_input.vertexBindingDescriptionCount = 2;
    vertex_input.pVertexBindingDescriptions = bindings;
    vertex_input.vertexAttributeDescriptionCount = 3;
    vertex_input.pVertexAttributeDescriptions = attributes;
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    VkPipeline pipeline = GraphicsPipeline(
        &c, pass, kWidth, kHeight, Module(&c, kColourVert, sizeof(kColourVert)),
        Module(&c, kTextureFrag, sizeof(kTextureFrag)), layout, &vertex_input, &blend, NULL);

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
    vkCmdEndRenderPass(commands);
    CopyImageToBuffer(commands, image, kWidth, kHeight, result);
    SubmitAndWait(&c, commands);

    PrintFirstRow(pixels, kWidth);
    WriteResult(argc > 1 ? argv[1] : NULL, pixels, kWidth * kHeight * 4);
    return 0;
}
