// Texture layouts against sizes computed by hand here (GOB of 64 bytes x 8 rows; a level's block
// shrinks while the level fits in half of it; notes/gpu-command-level.md section 5), and 3D
// block-linear surfaces swizzled and read back, checked against the byte formula of the notes.

#include "gpu/texture_layout.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpu/block_linear.h"

namespace {

gpu::TextureHeader BlockLinear(u32 width, u32 height, u32 depth, gpu::TextureType type, u32 levels,
                               u32 block_height_log2, u32 block_depth_log2 = 0) {
    gpu::TextureHeader header;
    header.version = gpu::TextureHeaderVersion::BlockLinear;
    header.width = width;
    header.height = height;
    header.depth = depth;
    header.type = type;
    header.max_mip_level = levels - 1;
    header.block_height_log2 = block_height_log2;
    header.block_depth_log2 = block_depth_log2;
    return header;
}

TEST(TextureLayout, MipChainOfA256SquareRgba8) {
    const auto layout = gpu::LayoutOf(BlockLinear(256, 256, 1, gpu::TextureType::TwoD, 9, 4),
                                      gpu::TextureFormat::R8G8B8A8Unorm);
    ASSERT_TRUE(layout);
    ASSERT_EQ(layout->levels.size(), 9u);
    // By hand: level 0 is 16 GOBs wide, 32 GOB rows = 2 blocks of 16: 2*16*8192 bytes. Level 1:
    // 8 wide, 16 rows = 1 block. Level 2: 8 GOB rows, the block shrinks to 8 GOBs: 4 * 4096.
    // Level 3: 2 wide, 4 rows (block of 4): 4096. Level 4: 1 x 2 GOBs. Then one GOB each.
    const u64 sizes[9] = {262144, 65536, 16384, 4096, 1024, 512, 512, 512, 512};
    const u32 block_heights[9] = {4, 4, 3, 2, 1, 0, 0, 0, 0};
    u64 offset = 0;
    for (u32 i = 0; i < 9; ++i) {
        EXPECT_EQ(layout->levels[i].size, sizes[i]) << "level " << i;
        EXPECT_EQ(layout->levels[i].offset, offset) << "level " << i;
        EXPECT_EQ(layout->levels[i].surface.block_height_log2, block_heights[i]) << "level " << i;
        EXPECT_EQ(layout->levels[i].width, 256u >> i);
        offset += sizes[i];
    }
    EXPECT_EQ(layout->layer_stride, 351232u);
    EXPECT_EQ(layout->SizeBytes(), 351232u);
}

TEST(TextureLayout, ArrayLayersAlignToALevel0Block) {
    const auto layout = gpu::LayoutOf(BlockLinear(256, 256, 2, gpu::TextureType::TwoDArray, 9, 4),
                                      gpu::TextureFormat::R8G8B8A8Unorm);
    ASSERT_TRUE(layout);
    EXPECT_EQ(layout->layers, 2u);
    // 351232 bytes rounded up to 8192 (a block of 16 GOBs): 43 blocks.
    EXPECT_EQ(layout->layer_stride, 43u * 8192);
    EXPECT_EQ(layout->SizeBytes(), 43u * 8192 + 351232);
}

TEST(TextureLayout, CompressedFormatsCountInBlocks) {
    const auto bc1 = gpu::LayoutOf(BlockLinear(64, 64, 1, gpu::TextureType::TwoD, 1, 4),
                                   gpu::TextureFormat::Bc1Unorm);
    ASSERT_TRUE(bc1);
    // 16 x 16 blocks of 8 bytes: 128 bytes = 2 GOBs wide, 16 rows = 2 GOB rows: block of 2.
    EXPECT_EQ(bc1->levels[0].width_blocks, 16u);
    EXPECT_EQ(bc1->levels[0].surface.block_height_log2, 1u);
    EXPECT_EQ(bc1->levels[0].size, 2048u);
    const auto astc = gpu::LayoutOf(BlockLinear(100, 30, 1, gpu::TextureType::TwoD, 1, 2),
                                    gpu::TextureFormat::Astc10x6Unorm);
    ASSERT_TRUE(astc);
    // 10 x 5 blocks of 16 bytes: 160 bytes = 3 GOBs wide, 5 rows = 1 GOB row: block of 1.
    EXPECT_EQ(astc->levels[0].width_blocks, 10u);
    EXPECT_EQ(astc->levels[0].height_blocks, 5u);
    EXPECT_EQ(astc->levels[0].size, 3u * 512);
}

TEST(TextureLayout, ThreeDLevelsShrinkTheirBlockDepth) {
    const auto layout = gpu::LayoutOf(BlockLinear(32, 32, 16, gpu::TextureType::ThreeD, 3, 2, 3),
                                      gpu::TextureFormat::R8G8B8A8Unorm);
    ASSERT_TRUE(layout);
    EXPECT_EQ(layout->layers, 1u);
    // Level 0: 2 GOBs wide, 4 GOB rows (block 4), 16 slices (block 8 deep): 2 slabs of
    // 2 * 512 * 32 bytes. Level 1: 16x16x8: 1 GOB, 2 rows (block 2), 8 deep: 8192. Level 2:
    // 8x8x4: one GOB row, 4 slices: block depth shrinks to 4: 2048.
    EXPECT_EQ(layout->levels[0].size, 65536u);
    EXPECT_EQ(layout->levels[1].size, 8192u);
    EXPECT_EQ(layout->levels[1].surface.block_depth_log2, 3u);
    EXPECT_EQ(layout->levels[2].surface.block_depth_log2, 2u);
    EXPECT_EQ(layout->levels[2].size, 2048u);
    EXPECT_EQ(layout->levels[2].offset, 65536u + 8192);
}

TEST(TextureLayout, PitchAndBadHeaders) {
    gpu::TextureHeader pitch;
    pitch.version = gpu::TextureHeaderVersion::Pitch;
    pitch.width = 100;
    pitch.height = 10;
    pitch.pitch = 512;
    const auto layout = gpu::LayoutOf(pitch, gpu::TextureFormat::R8G8B8A8Unorm);
    ASSERT_TRUE(layout);
    EXPECT_FALSE(layout->block_linear);
    EXPECT_EQ(layout->SizeBytes(), 5120u);
    pitch.pitch = 384;  // less than 100 * 4
    std::string why;
    EXPECT_FALSE(gpu::LayoutOf(pitch, gpu::TextureFormat::R8G8B8A8Unorm, &why));
    EXPECT_NE(why.find("pitch 384"), std::string::npos) << why;
    // 10 levels for a 256-wide texture: it has 9.
    EXPECT_FALSE(gpu::LayoutOf(BlockLinear(256, 256, 1, gpu::TextureType::TwoD, 10, 4),
                               gpu::TextureFormat::R8G8B8A8Unorm, &why));
}

// The block-linear byte address of the notes (yuzu textures/decoders.cpp), written out here.
u64 NotesOffset(u32 x, u32 y, u32 z, u32 width_bytes, u32 height, u32 bh, u32 bd) {
    const u64 in_gob =
        (x % 64 / 32) * 256 + (y % 8 / 2) * 64 + (x % 32 / 16) * 32 + (y % 2) * 16 + x % 16;
    const u64 gobs_x = (width_bytes + 63) / 64;
    const u64 row = gobs_x << (9 + bh + bd);
    const u64 slice = ((height + (8u << bh) - 1) / (8u << bh)) * row;
    return (z >> bd) * slice + u64{z % (1u << bd)} * (u64{1} << (9 + bh)) + ((y / 8) >> bh) * row +
           ((y / 8) % (1u << bh)) * 512 + u64{x / 64} * (u64{1} << (9 + bh + bd)) + in_gob;
}

TEST(BlockLinearSlices, ThreeDSwizzleMatchesTheNotesAndRoundTrips) {
    for (const auto [width, height, depth, bh, bd] : std::vector<std::array<u32, 5>>{
             {200, 37, 5, 1, 1}, {256, 64, 8, 2, 2}, {72, 9, 3, 0, 2}}) {
        const gpu::BlockLinearSurface surface{width, height, bh, depth, bd};
        std::mt19937 random(width);
        std::vector<u8> linear(u64{width} * height * depth);
        for (auto& byte : linear) {
            byte = static_cast<u8>(random());
        }
        std::vector<u8> tiled(surface.SizeBytes(), 0);
        ASSERT_TRUE(gpu::SwizzleBlockLinear(surface, linear, width, tiled));
        for (u32 z = 0; z < depth; ++z) {
            for (u32 y = 0; y < height; ++y) {
                for (u32 x = 0; x < width; ++x) {
                    ASSERT_EQ(tiled[NotesOffset(x, y, z, width, height, bh, bd)],
                              linear[(u64{z} * height + y) * width + x])
                        << x << "," << y << "," << z;
                }
            }
        }
        std::vector<u8> back(linear.size());
        ASSERT_TRUE(gpu::DeswizzleBlockLinear(surface, tiled, back, width));
        EXPECT_EQ(back, linear);
        std::vector<u8> short_linear(linear.size() - 1);
        EXPECT_FALSE(gpu::DeswizzleBlockLinear(surface, tiled, short_linear, width));
    }
}

}  // namespace
