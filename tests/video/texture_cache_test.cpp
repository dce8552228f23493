// Guest textures through the texture cache on the Vulkan device (lavapipe where there is no
// GPU): texels placed in GPU memory in the block-linear layout by the byte formula of the notes
// (written out here), uploaded by the cache, copied back from the image and compared; memory
// changes seen after a synchronisation; samplers deduplicated.

#include "video/texture_cache.h"

#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <random>

#include "base/error.h"
#include "gpu/memory_source.h"
#include "video/sampler_cache.h"
#include "video/texture_format_vk.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_context.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace {

constexpr u64 kBase = 0x1000'0000;

class HostMemory final : public gpu::MemorySource {
public:
    explicit HostMemory(u64 size) : bytes(size) {}
    u64 Size() const override { return bytes.size(); }
    u8* HostPointer(u64 offset, u64 size, bool) override {
        return offset + size <= bytes.size() ? bytes.data() + offset : nullptr;
    }
    std::vector<u8> bytes;
};

// notes/gpu-command-level.md section 5: byte column x, row y of a 2D surface.
u64 Swizzled(u32 x, u32 y, u32 width_bytes, u32 bh) {
    const u64 in_gob =
        (x % 64 / 32) * 256 + (y % 8 / 2) * 64 + (x % 32 / 16) * 32 + (y % 2) * 16 + x % 16;
    const u64 row = ((width_bytes + 63) / 64) << (9 + bh);
    return ((y / 8) >> bh) * row + ((y / 8) % (1u << bh)) * 512 + u64{x / 64} * (512u << bh) +
           in_gob;
}

void Set(std::array<u32, 8>& words, unsigned hi, unsigned lo, u64 value) {
    for (unsigned bit = lo; bit <= hi; ++bit) {
        const u32 mask = 1u << (bit % 32);
        words[bit / 32] =
            ((value >> (bit - lo)) & 1) ? words[bit / 32] | mask : words[bit / 32] & ~mask;
    }
}

// A TIC word set (Maxwell layout) for a 2D texture.
std::array<u32, 8> Tic(u32 components, u32 type, u64 address, u32 width, u32 height, u32 levels,
                       bool block_linear, u32 block_height_log2, u32 pitch = 0) {
    std::array<u32, 8> words{};
    Set(words, 6, 0, components);
    for (unsigned i = 0; i < 4; ++i) {
        Set(words, 9 + 3 * i, 7 + 3 * i, type);
        Set(words, 21 + 3 * i, 19 + 3 * i, 2 + i);  // identity swizzle
    }
    Set(words, 63, 32, address & 0xFFFF'FFFF);
    Set(words, 79, 64, address >> 32);
    Set(words, 87, 85, block_linear ? 3 : 2);
    if (block_linear) {
        Set(words, 101, 99, block_height_log2);
    } else {
        Set(words, 111, 96, pitch >> 5);
    }
    Set(words, 127, 124, levels - 1);
    Set(words, 143, 128, width - 1);
    Set(words, 154, 151, 1);  // 2D
    Set(words, 175, 160, height - 1);
    Set(words, 191, 191, 1);
    Set(words, 231, 228, levels - 1);
    return words;
}

class TextureCacheTest : public ::testing::Test {
protected:
    void SetUp() override {
        try {
            video::OpenVulkanContext(context_, "");
        } catch (const base::Error& error) {
            GTEST_SKIP() << "no Vulkan device at all, the texture cache is not tested: "
                         << error.what();
        }
        ram_ = std::make_shared<HostMemory>(0x10'0000);
        memory_ = std::make_shared<gpu::MemoryManager>();
        ASSERT_TRUE(memory_->Map(kBase, ram_->bytes.size(), ram_, 0, 0x1000, 0));
        cache_ = std::make_unique<video::TextureCache>(context_);
    }
    void TearDown() override {
        if (context_.device != VK_NULL_HANDLE) {
            vkDeviceWaitIdle(context_.device);
        }
        cache_.reset();
    }

    VkCommandBuffer Begin() {
        auto allocate = video::VulkanStruct<VkCommandBufferAllocateInfo>(
            VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
        allocate.commandPool = context_.command_pool;
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocate.commandBufferCount = 1;
        VkCommandBuffer commands = VK_NULL_HANDLE;
        video::CheckVulkan(vkAllocateCommandBuffers(context_.device, &allocate, &commands),
                           "alloc");
        auto begin = video::VulkanStruct<VkCommandBufferBeginInfo>(
            VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
        video::CheckVulkan(vkBeginCommandBuffer(commands, &begin), "begin");
        return commands;
    }
    void Run(VkCommandBuffer commands) {
        video::CheckVulkan(vkEndCommandBuffer(commands), "end");
        auto submit = video::VulkanStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &commands;
        video::CheckVulkan(vkQueueSubmit(context_.queue, 1, &submit, VK_NULL_HANDLE), "submit");
        video::CheckVulkan(vkQueueWaitIdle(context_.queue), "wait");
        vkFreeCommandBuffers(context_.device, context_.command_pool, 1, &commands);
    }
    // Level `level` of the texture's image, its rows tightly packed.
    std::vector<u8> ReadBack(const video::CachedTexture& texture, u32 level, u32 width, u32 height,
                             u32 texel_bytes) {
        const u64 size = u64{width} * height * texel_bytes;
        video::VulkanBuffer buffer(context_.device, context_.memory_types, size,
                                   VK_BUFFER_USAGE_TRANSFER_DST_BIT, video::BufferMemory::Host);
        VkCommandBuffer commands = Begin();
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1};
        region.imageExtent = {width, height, 1};
        vkCmdCopyImageToBuffer(commands, texture.image, VK_IMAGE_LAYOUT_GENERAL, buffer.Handle(), 1,
                               &region);
        auto barrier = video::VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
        barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                             0, 1, &barrier, 0, nullptr, 0, nullptr);
        Run(commands);
        return {buffer.Mapped(), buffer.Mapped() + size};
    }

    video::VulkanContext context_;
    std::shared_ptr<HostMemory> ram_;
    std::shared_ptr<gpu::MemoryManager> memory_;
    std::unique_ptr<video::TextureCache> cache_;
};

TEST_F(TextureCacheTest, BlockLinearMipChainUploadsEveryLevel) {
    // 40x24 RGBA8, blocks 2 GOBs tall, 3 levels. By hand: level 0 is 160 bytes = 3 GOBs wide,
    // 3 GOB rows = 2 blocks: 6144 bytes; level 1 (20x12): 2 GOBs, 2 rows, 1 block: 2048; level
    // 2 (10x6): 1 GOB, the block shrinks to 1 GOB: 512.
    const u32 widths[3] = {40, 20, 10};
    const u32 heights[3] = {24, 12, 6};
    const u32 block_heights[3] = {1, 1, 0};
    const u64 offsets[3] = {0, 6144, 8192};
    const u64 texture = kBase + 0x4000;
    std::mt19937 random(7);
    std::vector<std::vector<u8>> levels(3);
    for (u32 l = 0; l < 3; ++l) {
        levels[l].resize(u64{widths[l]} * heights[l] * 4);
        for (auto& byte : levels[l]) {
            byte = static_cast<u8>(random());
        }
        for (u32 y = 0; y < heights[l]; ++y) {
            for (u32 x = 0; x < widths[l] * 4; ++x) {
                ram_->bytes[0x4000 + offsets[l] + Swizzled(x, y, widths[l] * 4, block_heights[l])] =
                    levels[l][u64{y} * widths[l] * 4 + x];
            }
        }
    }
    const auto words = Tic(0x08, 2, texture, 40, 24, 3, true, 1);
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(cached->format, VK_FORMAT_R8G8B8A8_UNORM);
    EXPECT_EQ(cached->levels, 3u);
    EXPECT_EQ(cache_->PendingStaging(), 1u);
    Run(commands);
    cache_->SubmissionDone(1);
    EXPECT_EQ(cache_->PendingStaging(), 0u);
    for (u32 l = 0; l < 3; ++l) {
        EXPECT_EQ(ReadBack(*cached, l, widths[l], heights[l], 4), levels[l]) << "level " << l;
    }

    // Used again before a synchronisation: no upload. After one, unchanged memory: none either.
    commands = Begin();
    EXPECT_EQ(cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 2), cached);
    cache_->Invalidate();
    EXPECT_EQ(cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 2), cached);
    EXPECT_EQ(cache_->Uploads(), 1u);
    // The guest writes texel (0, 0) of level 0: seen after the next synchronisation.
    ram_->bytes[0x4000] ^= 0xFF;
    levels[0][0] ^= 0xFF;
    EXPECT_EQ(cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 2), cached);
    EXPECT_EQ(cache_->Uploads(), 1u);
    cache_->Invalidate();
    EXPECT_EQ(cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 2), cached);
    EXPECT_EQ(cache_->Uploads(), 2u);
    Run(commands);
    cache_->SubmissionDone(2);
    EXPECT_EQ(ReadBack(*cached, 0, 40, 24, 4), levels[0]);
}

TEST_F(TextureCacheTest, PitchTextureRowsAreTakenAtTheirPitch) {
    // R16_G16 UNORM 30x5, rows 256 bytes apart.
    std::vector<u8> texels(30 * 4 * 5);
    std::mt19937 random(3);
    for (auto& byte : texels) {
        byte = static_cast<u8>(random());
    }
    for (u32 y = 0; y < 5; ++y) {
        std::memcpy(ram_->bytes.data() + 0x8000 + y * 256, texels.data() + y * 120, 120);
    }
    const auto words = Tic(0x0C, 2, kBase + 0x8000, 30, 5, 1, false, 0, 256);
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(cached->format, VK_FORMAT_R16G16_UNORM);
    Run(commands);
    EXPECT_EQ(ReadBack(*cached, 0, 30, 5, 4), texels);
}

// NVK samples its pitch-linear 2D textures (TWO_D_NO_MIPMAP headers) through 2D-array views.
TEST_F(TextureCacheTest, TwoDTexturesHaveAnArrayViewToo) {
    auto words = Tic(0x08, 2, kBase, 8, 8, 1, false, 0, 32);
    Set(words, 154, 151, 7);  // TWO_D_NO_MIPMAP
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(cached->view_type, VK_IMAGE_VIEW_TYPE_2D);
    EXPECT_NE(cached->array_view, VK_NULL_HANDLE);
    EXPECT_NE(cached->array_view, cached->view);
    Set(words, 154, 151, 2);  // THREE_D: no arrayed form
    const video::CachedTexture* three_d =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(three_d, nullptr);
    EXPECT_EQ(three_d->view_type, VK_IMAGE_VIEW_TYPE_3D);
    EXPECT_EQ(three_d->array_view, VK_NULL_HANDLE);
    Run(commands);
}

TEST_F(TextureCacheTest, WhatCannotBeMadeIsRefused) {
    VkCommandBuffer commands = Begin();
    // No such COMPONENTS number.
    EXPECT_EQ(cache_->Get(memory_, Tic(0x7E, 2, kBase, 8, 8, 1, true, 0),
                          gpu::TextureHeaderLayout::Maxwell, commands, 1),
              nullptr);
    // Memory not mapped.
    EXPECT_EQ(cache_->Get(memory_, Tic(0x08, 2, kBase + 0x100'0000, 8, 8, 1, true, 0),
                          gpu::TextureHeaderLayout::Maxwell, commands, 1),
              nullptr);
    // A header version the hardware does not define.
    auto words = Tic(0x08, 2, kBase, 8, 8, 1, true, 0);
    Set(words, 87, 85, 7);
    EXPECT_EQ(cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1), nullptr);
    EXPECT_EQ(cache_->Uploads(), 0u);
    Run(commands);
}

TEST_F(TextureCacheTest, ATextureOverARenderTargetViewsItsImage) {
    // A render target the host GPU cleared to (10, 20, 30, 40) that guest memory does not have
    // yet (it holds zeros): the texture samples the image.
    auto info = video::VulkanStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = VK_FORMAT_R8G8B8A8_UNORM;
    info.extent = {16, 8, 1};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkImage image = VK_NULL_HANDLE;
    video::CheckVulkan(vkCreateImage(context_.device, &info, nullptr, &image), "image");
    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(context_.device, image, &requirements);
    auto allocate =
        video::VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex =
        video::ChooseMemoryType(context_.memory_types, requirements.memoryTypeBits, 0, 0);
    VkDeviceMemory image_memory = VK_NULL_HANDLE;
    video::CheckVulkan(vkAllocateMemory(context_.device, &allocate, nullptr, &image_memory), "mem");
    video::CheckVulkan(vkBindImageMemory(context_.device, image, image_memory, 0), "bind");
    VkCommandBuffer commands = Begin();
    auto barrier =
        video::VulkanStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1, &barrier);
    VkClearColorValue color{};
    color.float32[0] = 10 / 255.0f;
    color.float32[1] = 20 / 255.0f;
    color.float32[2] = 30 / 255.0f;
    color.float32[3] = 40 / 255.0f;
    vkCmdClearColorImage(commands, image, VK_IMAGE_LAYOUT_GENERAL, &color, 1,
                         &barrier.subresourceRange);
    const u64 address = kBase + 0xC000;
    const gpu::MemoryManager* asked_memory = nullptr;
    cache_->SetRenderTargets(
        [&](const gpu::MemoryManager* memory, u64 at) -> std::optional<video::RenderTargetImage> {
            asked_memory = memory;
            if (at != address) {
                return std::nullopt;
            }
            return video::RenderTargetImage{
                image, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 16, 8, 1};
        });
    const auto words = Tic(0x08, 2, address, 16, 8, 1, true, 0);
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(asked_memory, memory_.get());
    EXPECT_TRUE(cached->render_target);
    EXPECT_EQ(cached->image, image);
    EXPECT_EQ(cache_->Uploads(), 0u);
    Run(commands);
    const auto texels = ReadBack(*cached, 0, 16, 8, 4);
    for (u32 i = 0; i < 16 * 8; ++i) {
        ASSERT_EQ(texels[i * 4 + 0], 10);
        ASSERT_EQ(texels[i * 4 + 3], 40);
    }
    // Another size over the same memory is not the render target: made from guest memory.
    const video::CachedTexture* other =
        cache_->Get(memory_, Tic(0x08, 2, address, 8, 8, 1, true, 0),
                    gpu::TextureHeaderLayout::Maxwell, commands = Begin(), 2);
    ASSERT_NE(other, nullptr);
    EXPECT_FALSE(other->render_target);
    EXPECT_EQ(cache_->Uploads(), 1u);
    Run(commands);
    cache_->Invalidate();  // the views of render targets go before the image
    cache_->SetRenderTargets({});
    vkDestroyImage(context_.device, image, nullptr);
    vkFreeMemory(context_.device, image_memory, nullptr);
}

// BC1 (DXT1 0x24) block-linear, 16x8 texels: 4x2 blocks of 8 bytes, a row of blocks 32 bytes
// (one GOB wide), one GOB tall. Every block has c0 = red (0xF800) > c1 = blue (0x001F), so four
// colours (Khronos Data Format Specification, S3TC): red, blue, (2 red + blue) / 3 =
// (170, 0, 85), (red + 2 blue) / 3 = (85, 0, 170); block b gives texel t index (t + b) % 4.
struct Bc1Texture {
    static constexpr u32 kWidth = 16, kHeight = 8;
    std::vector<u8> expected;  // RGBA8, row by row
    Bc1Texture(std::vector<u8>& ram, u32 at) : expected(kWidth * kHeight * 4) {
        const u8 palette[4][4] = {
            {255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}};
        for (u32 b = 0; b < 8; ++b) {
            u8 block[8] = {0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0};
            for (u32 t = 0; t < 16; ++t) {
                const u32 index = (t + b) % 4;
                block[4 + t / 4] |= static_cast<u8>(index << (2 * (t % 4)));
                const u32 x = (b % 4) * 4 + t % 4;
                const u32 y = (b / 4) * 4 + t / 4;
                std::memcpy(&expected[(y * kWidth + x) * 4], palette[index], 4);
            }
            for (u32 i = 0; i < 8; ++i) {
                // Block (b % 4, b / 4) is byte column 8 (b % 4) + i of block row b / 4.
                ram[at + Swizzled((b % 4) * 8 + i, b / 4, 32, 0)] = block[i];
            }
        }
    }
};

TEST_F(TextureCacheTest, CompressedTexturesAreNativeWhereTheDeviceSamplesThem) {
    Bc1Texture texture(ram_->bytes, 0x4000);
    const auto words = Tic(0x24, 2, kBase + 0x4000, 16, 8, 1, true, 0);
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    Run(commands);
    if (!context_.features->core.features.textureCompressionBC ||
        !video::DeviceSamples(context_.physical_device, VK_FORMAT_BC1_RGBA_UNORM_BLOCK)) {
        // (lavapipe has textureCompressionBC: this is for devices without it.)
        // Decoded on the CPU: the texels are the colours worked out above.
        EXPECT_TRUE(cached->decoded);
        EXPECT_EQ(cached->format, VK_FORMAT_R8G8B8A8_UNORM);
        EXPECT_EQ(ReadBack(*cached, 0, 16, 8, 4), texture.expected);
        return;
    }
    EXPECT_FALSE(cached->decoded);
    EXPECT_EQ(cached->format, VK_FORMAT_BC1_RGBA_UNORM_BLOCK);
    std::cout << "BC1 is sampled natively on " << context_.name << "\n";
    // The image holds the blocks as the guest laid them out, row of blocks by row: block b's
    // bytes at 8 b (a compressed image copies back 4x4 texels a block).
    // 8 blocks of 8 bytes: 64 bytes, half a byte a texel (the buffer has room for 128).
    const auto blocks = ReadBack(*cached, 0, 16, 8, 1);
    ASSERT_EQ(blocks.size(), 128u);
    for (u32 b = 0; b < 8; ++b) {
        for (u32 i = 0; i < 8; ++i) {
            ASSERT_EQ(blocks[8 * b + i],
                      ram_->bytes[0x4000 + Swizzled((b % 4) * 8 + i, b / 4, 32, 0)])
                << "block " << b << " byte " << i;
        }
    }
}

TEST_F(TextureCacheTest, AstcIsNativeExactlyWhereTheDeviceHasIt) {
    const auto words = Tic(0x40, 2, kBase + 0x8000, 8, 4, 1, false, 0, 32);  // ASTC 4x4, pitch
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* cached =
        cache_->Get(memory_, words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(cached, nullptr);
    Run(commands);
    const bool native =
        context_.features->core.features.textureCompressionASTC_LDR &&
        video::DeviceSamples(context_.physical_device, VK_FORMAT_ASTC_4x4_UNORM_BLOCK);
    EXPECT_EQ(cached->decoded, !native);
    EXPECT_EQ(cached->format, native ? VK_FORMAT_ASTC_4x4_UNORM_BLOCK : VK_FORMAT_R8G8B8A8_UNORM);
    std::cout << "ASTC is " << (native ? "sampled natively" : "decoded on the CPU") << " on "
              << context_.name << "\n";
}

TEST_F(TextureCacheTest, CompressedTexturesForcedToTheCpuDecoder) {
    video::TextureCache decoding(context_, {true, true});
    Bc1Texture texture(ram_->bytes, 0x4000);
    VkCommandBuffer commands = Begin();
    const video::CachedTexture* bc1 =
        decoding.Get(memory_, Tic(0x24, 2, kBase + 0x4000, 16, 8, 1, true, 0),
                     gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(bc1, nullptr);
    EXPECT_TRUE(bc1->decoded);
    EXPECT_EQ(bc1->format, VK_FORMAT_R8G8B8A8_UNORM);
    // The sRGB form decodes to an sRGB image of the same bytes.
    auto srgb_words = Tic(0x24, 2, kBase + 0x4000, 16, 8, 1, true, 0);
    Set(srgb_words, 150, 150, 1);
    const video::CachedTexture* srgb =
        decoding.Get(memory_, srgb_words, gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(srgb, nullptr);
    EXPECT_EQ(srgb->format, VK_FORMAT_R8G8B8A8_SRGB);
    // ASTC 4x4 (0x40), pitch layout 8x4: two void-extent blocks (ASTC spec: bits 0-11 0xDFC,
    // extents all ones, RGBA UNORM16 at bits 64-127): (255, 128, 32, 255) then (0, 64, 255, 16),
    // each c * 257 in 16 bits.
    const u16 colours[2][4] = {{255, 128, 32, 255}, {0, 64, 255, 16}};
    for (u32 b = 0; b < 2; ++b) {
        u8* block = ram_->bytes.data() + 0x8000 + 16 * b;
        const u64 head = 0xFFFF'FFFF'FFFF'FDFCull;
        std::memcpy(block, &head, 8);
        for (u32 c = 0; c < 4; ++c) {
            const u16 value = static_cast<u16>(colours[b][c] * 257);
            std::memcpy(block + 8 + 2 * c, &value, 2);
        }
    }
    const video::CachedTexture* astc =
        decoding.Get(memory_, Tic(0x40, 2, kBase + 0x8000, 8, 4, 1, false, 0, 32),
                     gpu::TextureHeaderLayout::Maxwell, commands, 1);
    ASSERT_NE(astc, nullptr);
    EXPECT_TRUE(astc->decoded);
    EXPECT_EQ(astc->format, VK_FORMAT_R8G8B8A8_UNORM);
    Run(commands);
    EXPECT_EQ(ReadBack(*bc1, 0, 16, 8, 4), texture.expected);
    EXPECT_EQ(ReadBack(*srgb, 0, 16, 8, 4), texture.expected);
    const auto astc_texels = ReadBack(*astc, 0, 8, 4, 4);
    for (u32 y = 0; y < 4; ++y) {
        for (u32 x = 0; x < 8; ++x) {
            for (u32 c = 0; c < 4; ++c) {
                ASSERT_EQ(astc_texels[(y * 8 + x) * 4 + c], colours[x / 4][c]) << x << "," << y;
            }
        }
    }
    EXPECT_EQ(decoding.Uploads(), 3u);
    vkDeviceWaitIdle(context_.device);
}

TEST_F(TextureCacheTest, SamplersAreSharedByEqualHeaders) {
    video::SamplerCache samplers(context_.device, {});
    std::array<u32, 8> linear{};
    linear[1] = 2 | (2u << 4) | (3u << 6);
    std::array<u32, 8> point{};
    point[1] = 1 | (1u << 4) | (1u << 6);
    const VkSampler a = samplers.Get(linear);
    EXPECT_NE(a, VK_NULL_HANDLE);
    EXPECT_EQ(samplers.Get(linear), a);
    EXPECT_NE(samplers.Get(point), a);
    EXPECT_EQ(samplers.Size(), 2u);
}

TEST(SamplerInfo, TscFieldsBecomeVulkanState) {
    gpu::SamplerHeader header;
    header.wrap = {gpu::SamplerWrap::Border, gpu::SamplerWrap::Mirror, gpu::SamplerWrap::ClampOgl};
    header.mag = gpu::SamplerFilter::Linear;
    header.min = gpu::SamplerFilter::Point;
    header.mip = gpu::SamplerMipFilter::None;
    header.depth_compare = true;
    header.compare = gpu::SamplerCompare::GreaterEqual;
    header.max_anisotropy = 16;
    header.min_lod = 1;
    header.max_lod = 5;
    header.border = {1, 1, 1, 1};
    std::vector<std::string> named;
    video::SamplerLimits limits{true, 8, 4, false};
    const auto info = video::SamplerInfoOf(header, limits,
                                           [&](const std::string& what) { named.push_back(what); });
    EXPECT_EQ(info.addressModeU, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
    EXPECT_EQ(info.addressModeV, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
    EXPECT_EQ(info.addressModeW, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
    EXPECT_EQ(info.magFilter, VK_FILTER_LINEAR);
    EXPECT_EQ(info.minFilter, VK_FILTER_NEAREST);
    EXPECT_EQ(info.compareEnable, VK_TRUE);
    EXPECT_EQ(info.compareOp, VK_COMPARE_OP_GREATER_OR_EQUAL);
    EXPECT_EQ(info.anisotropyEnable, VK_TRUE);
    EXPECT_FLOAT_EQ(info.maxAnisotropy, 8);  // the device's limit
    EXPECT_FLOAT_EQ(info.maxLod, 0.25f);     // no mip filter: the base level only
    EXPECT_EQ(info.borderColor, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE);
    ASSERT_EQ(named.size(), 1u);  // CLAMP_OGL
    EXPECT_NE(named[0].find("CLAMP_OGL"), std::string::npos);
}

TEST(TextureFormatVk, SwizzleAndReversedPackings) {
    const auto rgba = video::TextureFormatVkOf(gpu::TextureFormat::R8G8B8A8Unorm);
    ASSERT_TRUE(rgba);
    const auto mapping =
        video::ComponentMappingOf({gpu::SwizzleSource::B, gpu::SwizzleSource::G,
                                   gpu::SwizzleSource::R, gpu::SwizzleSource::OneFloat},
                                  *rgba);
    EXPECT_EQ(mapping.r, VK_COMPONENT_SWIZZLE_B);
    EXPECT_EQ(mapping.g, VK_COMPONENT_SWIZZLE_G);
    EXPECT_EQ(mapping.b, VK_COMPONENT_SWIZZLE_R);
    EXPECT_EQ(mapping.a, VK_COMPONENT_SWIZZLE_ONE);
    // A4B4G4R4: the guest's R is in bits 3:0, R4G4B4A4's A channel.
    const auto packed = video::TextureFormatVkOf(gpu::TextureFormat::A4B4G4R4Unorm);
    ASSERT_TRUE(packed);
    EXPECT_EQ(packed->format, VK_FORMAT_R4G4B4A4_UNORM_PACK16);
    const auto identity =
        video::ComponentMappingOf({gpu::SwizzleSource::R, gpu::SwizzleSource::G,
                                   gpu::SwizzleSource::B, gpu::SwizzleSource::Zero},
                                  *packed);
    EXPECT_EQ(identity.r, VK_COMPONENT_SWIZZLE_A);
    EXPECT_EQ(identity.g, VK_COMPONENT_SWIZZLE_B);
    EXPECT_EQ(identity.b, VK_COMPONENT_SWIZZLE_G);
    EXPECT_EQ(identity.a, VK_COMPONENT_SWIZZLE_ZERO);
    EXPECT_EQ(video::TextureFormatVkOf(gpu::TextureFormat::Z32Float)->aspects,
              VK_IMAGE_ASPECT_DEPTH_BIT);
}

}  // namespace
