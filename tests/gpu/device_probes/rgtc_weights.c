// How a Vulkan device decodes RGTC: every BC4 endpoint pair (UNORM and SNORM, and BC3's alpha)
// with every index (texel t of block r0 + 256 r1 takes index t % 8), decoded by a nearest blit
// to a float image, written as floats: OUT/bc4_NAME.f32, [(r1 * 256 + r0) * 16 + texel].
// See README.md.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>
#define CHECK(x)                                 \
    do {                                         \
        VkResult r_ = (x);                       \
        if (r_) {                                \
            fprintf(stderr, "%s: %d\n", #x, r_); \
            exit(1);                             \
        }                                        \
    } while (0)
static VkDevice dev;
static VkPhysicalDevice phys;
static uint32_t MemType(uint32_t bits, VkMemoryPropertyFlags want) {
    VkPhysicalDeviceMemoryProperties p;
    vkGetPhysicalDeviceMemoryProperties(phys, &p);
    for (uint32_t i = 0; i < p.memoryTypeCount; i++)
        if ((bits >> i & 1) && (p.memoryTypes[i].propertyFlags & want) == want)
            return i;
    exit(2);
}
static VkDeviceMemory Bind(VkMemoryRequirements req, VkMemoryPropertyFlags want) {
    VkMemoryAllocateInfo a = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, 0, req.size,
                              MemType(req.memoryTypeBits, want)};
    VkDeviceMemory m;
    CHECK(vkAllocateMemory(dev, &a, 0, &m));
    return m;
}
int main(int argc, char** argv) {
    const char* want = getenv("PROBE_DEVICE");
    VkApplicationInfo app = {
        VK_STRUCTURE_TYPE_APPLICATION_INFO, 0, "rgtc", 0, 0, 0, VK_API_VERSION_1_1};
    VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, 0, 0, &app};
    VkInstance inst;
    CHECK(vkCreateInstance(&ici, 0, &inst));
    uint32_t n = 8;
    VkPhysicalDevice devs[8];
    CHECK(vkEnumeratePhysicalDevices(inst, &n, devs));
    phys = devs[0];
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (want && strstr(p.deviceName, want))
            phys = devs[i];
    }
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(phys, &props);
    printf("device %s driver %u\n", props.deviceName, props.driverVersion);
    float prio = 1;
    VkDeviceQueueCreateInfo q = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, 0, 0, 0, 1, &prio};
    VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, 0, 0, 1, &q};
    CHECK(vkCreateDevice(phys, &dci, 0, &dev));
    VkQueue queue;
    vkGetDeviceQueue(dev, 0, 0, &queue);
    const uint32_t W = 1024, H = 1024;
    VkFormat formats[3] = {VK_FORMAT_BC4_UNORM_BLOCK, VK_FORMAT_BC4_SNORM_BLOCK,
                           VK_FORMAT_BC3_UNORM_BLOCK};
    const char* names[3] = {"unorm", "snorm", "bc3alpha"};
    for (int f = 0; f < 3; f++) {
        const uint32_t bb = f == 2 ? 16 : 8, comps = f == 2 ? 4 : 1;
        const VkDeviceSize blocks_bytes = 65536 * bb, out_bytes = (VkDeviceSize)W * H * 4 * comps;
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(phys, formats[f], &fp);
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
            printf("%s: no BLIT_SRC\n", names[f]);
            continue;
        }
        VkBufferCreateInfo bci = {
            VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, 0, 0, blocks_bytes + out_bytes,
            VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT};
        VkBuffer buf;
        CHECK(vkCreateBuffer(dev, &bci, 0, &buf));
        VkMemoryRequirements br;
        vkGetBufferMemoryRequirements(dev, buf, &br);
        VkDeviceMemory bm =
            Bind(br, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
        CHECK(vkBindBufferMemory(dev, buf, bm, 0));
        uint8_t* map;
        CHECK(vkMapMemory(dev, bm, 0, VK_WHOLE_SIZE, 0, (void**)&map));
        for (uint32_t b = 0; b < 65536; b++) {
            uint8_t* blk = map + (uint64_t)b * bb;
            memset(blk, 0, bb);
            blk[0] = b & 255;
            blk[1] = b >> 8;
            uint64_t idx = 0;
            for (int t = 0; t < 16; t++)
                idx |= (uint64_t)(t % 8) << (3 * t);
            for (int i = 0; i < 6; i++)
                blk[2 + i] = idx >> (8 * i);
        }
        VkImage img[2];
        VkFormat fmts[2] = {formats[f],
                            f == 2 ? VK_FORMAT_R32G32B32A32_SFLOAT : VK_FORMAT_R32_SFLOAT};
        for (int i = 0; i < 2; i++) {
            VkImageCreateInfo ii = {
                VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                0,
                0,
                VK_IMAGE_TYPE_2D,
                fmts[i],
                {W, H, 1},
                1,
                1,
                VK_SAMPLE_COUNT_1_BIT,
                VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
            CHECK(vkCreateImage(dev, &ii, 0, &img[i]));
            VkMemoryRequirements ir;
            vkGetImageMemoryRequirements(dev, img[i], &ir);
            VkDeviceMemory im = Bind(ir, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
            CHECK(vkBindImageMemory(dev, img[i], im, 0));
        }
        VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, 0, 0, 0};
        VkCommandPool pool;
        CHECK(vkCreateCommandPool(dev, &pci, 0, &pool));
        VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, 0, pool,
                                           VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
        VkCommandBuffer cb;
        CHECK(vkAllocateCommandBuffers(dev, &cai, &cb));
        VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        CHECK(vkBeginCommandBuffer(cb, &bi));
        VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        VkImageMemoryBarrier bar[2];
        for (int i = 0; i < 2; i++)
            bar[i] = (VkImageMemoryBarrier){VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                            0,
                                            0,
                                            VK_ACCESS_TRANSFER_WRITE_BIT,
                                            VK_IMAGE_LAYOUT_UNDEFINED,
                                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                            VK_QUEUE_FAMILY_IGNORED,
                                            VK_QUEUE_FAMILY_IGNORED,
                                            img[i],
                                            range};
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             0, 0, 0, 0, 0, 2, bar);
        VkBufferImageCopy up = {0,         0,        0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                {0, 0, 0}, {W, H, 1}};
        vkCmdCopyBufferToImage(cb, buf, img[0], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &up);
        bar[0].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        bar[0].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
        bar[0].oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
        bar[0].newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                             0, 0, 0, 0, 1, bar);
        VkImageBlit blit = {{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            {{0, 0, 0}, {W, H, 1}},
                            {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            {{0, 0, 0}, {W, H, 1}}};
        vkCmdBlitImage(cb, img[0], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img[1],
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
        bar[1].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        bar[1].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
        bar[1].oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
        bar[1].newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                             0, 0, 0, 0, 1, &bar[1]);
        VkBufferImageCopy down = {blocks_bytes, 0,        0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                  {0, 0, 0},    {W, H, 1}};
        vkCmdCopyImageToBuffer(cb, img[1], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, 1, &down);
        CHECK(vkEndCommandBuffer(cb));
        VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO, 0, 0, 0, 0, 1, &cb};
        CHECK(vkQueueSubmit(queue, 1, &si, 0));
        CHECK(vkQueueWaitIdle(queue));
        // Reorder texels to (block, texel) order.
        float* out = malloc((VkDeviceSize)W * H * 4);
        const float* pix = (const float*)(map + blocks_bytes);
        for (uint32_t b = 0; b < 65536; b++)
            for (int t = 0; t < 16; t++) {
                uint32_t x = (b % 256) * 4 + t % 4, y = (b / 256) * 4 + t / 4;
                out[b * 16 + t] = pix[(y * W + x) * comps + comps - 1];
            }
        char path[512];
        snprintf(path, sizeof path, "%s/bc4_%s.f32", argc > 1 ? argv[1] : ".", names[f]);
        FILE* file = fopen(path, "wb");
        fwrite(out, 4, W * H, file);
        fclose(file);
        printf("%s written\n", path);
    }
    return 0;
}
