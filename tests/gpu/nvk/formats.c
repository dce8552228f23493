// Eleven textures of several formats and layouts, uploaded by vkCmdCopyBufferToImage (every
// level and layer), each sampled with nearest filtering at an explicit LOD over its own
// 8-pixel-wide strip of an 88x32 RGBA8 image: 2D ones viewed as 2D arrays at a layer
// (array_lod_frag.spvasm), 3D ones at a depth coordinate (volume_lod_frag.spvasm;
// colour_vert.spvasm passes u, v, LOD and layer or depth as its colour). Left to right:
//   R8_UNORM, R16G16_SFLOAT, R32_SFLOAT and B8G8R8A8_UNORM (4x4), BC1_RGBA (8x8: a block of each
//   mode, with transparent black), BC3 (8x8: both alpha modes), R8G8B8A8 with 4 levels (8x8,
//   sampled at level 1), R8G8B8A8 with 3 layers (4x4, sampled at layer 2), all optimally tiled
//   (NVK's block-linear), R8G8B8A8 4x4 linearly tiled (NVK's pitch-linear), and a 4x4x4
//   R8G8B8A8 3D texture of 2 levels sampled at slice 2 of level 0 and slice 0 of level 1.
// Texel s of level l and layer a holds a pattern of s + 16l + 32a (Texel). The colour image is
// copied to a buffer (the result, vk_case.h).
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kStrips = 11, kStripWidth = 8, kWidth = kStrips * kStripWidth, kHeight = 32 };

struct Texture {
    VkFormat format;
    VkImageType type;
    uint32_t width, height, depth, levels, layers;
    VkImageTiling tiling;
    float lod, layer;                  // the layer, or a 3D texture's third coordinate
    uint32_t block_size, block_bytes;  // texels a side of a block (1 uncompressed) and its bytes
};

static const struct Texture kTextures[kStrips] = {
    {VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0, 1, 1},
    {VK_FORMAT_R16G16_SFLOAT, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0, 1, 4},
    {VK_FORMAT_R32_SFLOAT, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0, 1, 4},
    {VK_FORMAT_B8G8R8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0, 1,
     4},
    {VK_FORMAT_BC1_RGBA_UNORM_BLOCK, VK_IMAGE_TYPE_2D, 8, 8, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0,
     4, 8},
    {VK_FORMAT_BC3_UNORM_BLOCK, VK_IMAGE_TYPE_2D, 8, 8, 1, 1, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0, 4,
     16},
    {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 8, 8, 1, 4, 1, VK_IMAGE_TILING_OPTIMAL, 1, 0, 1,
     4},
    {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 3, VK_IMAGE_TILING_OPTIMAL, 0, 2, 1,
     4},
    {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 4, 1, 1, 1, VK_IMAGE_TILING_LINEAR, 0, 0, 1, 4},

    {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 4, 2, 1, VK_IMAGE_TILING_OPTIMAL, 0, 0.625f,
     1, 4},
    {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 4, 2, 1, VK_IMAGE_TILING_OPTIMAL, 1, 0.25f,
     1, 4},
};

// BC1 blocks (RGB565 endpoints, 2-bit indices from the first texel up): red and green (four
// colours), blue and yellow (endpoint 0 below endpoint 1: three colours and transparent
// black), white and black, yellow and blue.
static const unsigned char kBc1Blocks[4][8] = {{0x00, 0xF8, 0xE0, 0x07, 0xE4, 0xE4, 0xE4, 0xE4},
                                               {0x1F, 0x00, 0xE0, 0xFF, 0x1B, 0x1B, 0x1B, 0x1B},
                                               {0xFF, 0xFF, 0x00, 0x00, 0xA5, 0xA5, 0x5A, 0x5A},
                                               {0xE0, 0xFF, 0x1F, 0x00, 0x55, 0xAA, 0x00, 0xFF}};
// BC3's colour halves: the BC1 blocks above whose endpoint 0 is above endpoint 1 (BC3 decodes
// every colour half as four colours).
static const int kBc3Colours[4] = {0, 2, 3, 0};
// BC3 alpha halves (two endpoints, 3-bit indices 0..7 twice): endpoint 0 above endpoint 1
// (eight values) and below it (six, then 0 and 255).
static const unsigned char kBc3Alphas[4][8] = {{255, 0, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA},
                                               {0x20, 0xE0, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA},
                                               {200, 100, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA},
                                               {10, 250, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA}};

// Writes block (or texel) `s` of `texture` at `out`.
static void Texel(const struct Texture* texture, uint32_t s, unsigned char* out) {
    switch (texture->format) {
        case VK_FORMAT_R8_UNORM:
            out[0] = (unsigned char)(15 * s + 10);
            break;
        case VK_FORMAT_R16G16_SFLOAT: {
            const _Float16 halves[2] = {(_Float16)(s / 16.0f), (_Float16)(1 - s / 32.0f)};
            memcpy(out, halves, 4);
            break;
        }
        case VK_FORMAT_R32_SFLOAT: {
            const float value = s / 15.0f;
            memcpy(out, &value, 4);
            break;
        }
        case VK_FORMAT_BC1_RGBA_UNORM_BLOCK:
            memcpy(out, kBc1Blocks[s % 4], 8);
            break;
        case VK_FORMAT_BC3_UNORM_BLOCK:
            memcpy(out, kBc3Alphas[s % 4], 8);
            memcpy(out + 8, kBc1Blocks[kBc3Colours[s % 4]], 8);
            break;
        default:  // four 8-bit components
            out[0] = (unsigned char)(17 * s + 5);
            out[1] = (unsigned char)(255 - 11 * s);
            out[2] = (unsigned char)(60 * (s % 4) + 15);
            out[3] = (unsigned char)(255 - 4 * s);
            break;
    }
}

// The texture's image (in TRANSFER_DST_OPTIMAL after `commands`' start) filled from `staging` at
// *offset (advanced past its data), and its 2D array view of every level and layer.
static VkImage Upload(const struct VkCase* c, VkCommandBuffer commands,
                      const struct Texture* texture, VkBuffer staging, unsigned char* bytes,
                      VkDeviceSize* offset, VkImageView* view) {
    VkImageCreateInfo image_info = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    image_info.imageType = texture->type;
    image_info.format = texture->format;
    image_info.extent = (VkExtent3D){texture->width, texture->height, texture->depth};
    image_info.mipLevels = texture->levels;
    image_info.arrayLayers = texture->layers;
    image_info.samples = VK_SAMPLE_COUNT_1_BIT;
    image_info.tiling = texture->tiling;
    image_info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkImage image;
    CHECK(vkCreateImage(c->device, &image_info, NULL, &image));
    VkMemoryRequirements needs;
    vkGetImageMemoryRequirements(c->device, image, &needs);
    CHECK(vkBindImageMemory(c->device, image,
                            Allocate(c, needs, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0), 0));
    VkImageViewCreateInfo view_info = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = image;
    view_info.viewType =
        texture->type == VK_IMAGE_TYPE_3D ? VK_IMAGE_VIEW_TYPE_3D : VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    view_info.format = texture->format;
    view_info.subresourceRange = (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                                           texture->levels, 0, texture->layers};
    CHECK(vkCreateImageView(c->device, &view_info, NULL, view));

    Transition(commands, image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               texture->levels, texture->layers);
    for (uint32_t level = 0; level < texture->levels; ++level) {
        const uint32_t width = texture->width >> level, height = texture->height >> level;
        const uint32_t depth = texture->depth > 1 ? texture->depth >> level : 1;
        const uint32_t blocks = ((width + texture->block_size - 1) / texture->block_size) *
                                ((height + texture->block_size - 1) / texture->block_size) * depth;
        VkBufferImageCopy upload = {0};
        upload.bufferOffset = *offset;
        upload.imageSubresource =
            (VkImageSubresourceLayers){VK_IMAGE_ASPECT_COLOR_BIT, level, 0, texture->layers};
        upload.imageExtent = (VkExtent3D){width, height, depth};
        for (uint32_t layer = 0; layer < texture->layers; ++layer) {
            for (uint32_t s = 0; s < blocks; ++s) {
                Texel(texture, s + 16 * level + 32 * layer, bytes + *offset);
                *offset += texture->block_bytes;
            }
        }
        *offset = (*offset + 15) & ~(VkDeviceSize)15;
        vkCmdCopyBufferToImage(commands, staging, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                               &upload);
    }
    Transition(commands, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
               VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, texture->levels, texture->layers);
    return image;
}

struct Vertex {
    float x, y, z, u, v, lod, layer;
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
    VkSampler sampler = NearestSampler(&c, VK_LOD_CLAMP_NONE);

    VkDescriptorSetLayout set_layout;
    VkDescriptorPool pool;
    VkPipelineLayout layout = OneTextureLayout(&c, kStrips, &set_layout, &pool);

    struct VertexLayout vertex_layout;
    InstancedVertexLayout(&vertex_layout, sizeof(struct Vertex), VK_FORMAT_R32G32B32A32_SFLOAT);
    VkPipelineColorBlendAttachmentState blend = {0};
    blend.colorWriteMask = 0xF;
    VkShaderModule vertex = Module(&c, kColourVert, sizeof(kColourVert));
    VkPipeline array_pipeline = GraphicsPipeline(&c, pass, kWidth, kHeight, vertex,
                                                 Module(&c, kArrayLodFrag, sizeof(kArrayLodFrag)),
                                                 layout, &vertex_layout.state, &blend, NULL);
    VkPipeline volume_pipeline = GraphicsPipeline(
        &c, pass, kWidth, kHeight, vertex, Module(&c, kVolumeLodFrag, sizeof(kVolumeLodFrag)),
        layout, &vertex_layout.state, &blend, NULL);

    // A quad of two triangles over each strip, texture coordinates 0..1.
    struct Vertex quads[kStrips * 6];
    for (int i = 0; i < kStrips; ++i) {
        const float left = -1 + 2.0f * i / kStrips, right = -1 + 2.0f * (i + 1) / kStrips;
        const float lod = kTextures[i].lod, layer = kTextures[i].layer;
        const struct Vertex corners[6] = {
            {left, -1, 0, 0, 0, lod, layer},  {right, -1, 0, 1, 0, lod, layer},
            {left, 1, 0, 0, 1, lod, layer},   {left, 1, 0, 0, 1, lod, layer},
            {right, -1, 0, 1, 0, lod, layer}, {right, 1, 0, 1, 1, lod, layer}};
        memcpy(&quads[i * 6], corners, sizeof(corners));
    }
    const float offset[2] = {0, 0};
    void* mapped;
    VkBuffer vertices = HostBuffer(&c, sizeof(quads), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, quads, sizeof(quads));
    VkBuffer instances = HostBuffer(&c, sizeof(offset), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &mapped);
    memcpy(mapped, offset, sizeof(offset));
    unsigned char* texels;
    VkBuffer staging = HostBuffer(&c, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, (void**)&texels);
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    VkDescriptorSet sets[kStrips];
    VkDeviceSize staged = 0;
    for (int i = 0; i < kStrips; ++i) {
        VkImageView texture_view;
        Upload(&c, commands, &kTextures[i], staging, texels, &staged, &texture_view);
        VkDescriptorSetAllocateInfo allocate = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        allocate.descriptorPool = pool;
        allocate.descriptorSetCount = 1;
        allocate.pSetLayouts = &set_layout;
        CHECK(vkAllocateDescriptorSets(c.device, &allocate, &sets[i]));
        VkDescriptorImageInfo image_info = {sampler, texture_view,
                                            VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkWriteDescriptorSet write = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        write.dstSet = sets[i];
        write.descriptorCount = 1;
        write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        write.pImageInfo = &image_info;
        vkUpdateDescriptorSets(c.device, 1, &write, 0, NULL);
    }
    VkClearValue clear = {.color = {{0, 0, 0, 1}}};
    BeginPass(commands, pass, framebuffer, kWidth, kHeight, &clear, 1);
    const VkBuffer streams[2] = {vertices, instances};
    const VkDeviceSize stream_offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(commands, 0, 2, streams, stream_offsets);
    for (int i = 0; i < kStrips; ++i) {
        vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS,
                          kTextures[i].type == VK_IMAGE_TYPE_3D ? volume_pipeline : array_pipeline);
        vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &sets[i],
                                0, NULL);
        vkCmdDraw(commands, 6, 1, 6 * i, 0);
    }
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
