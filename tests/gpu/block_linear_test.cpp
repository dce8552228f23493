#include "gpu/block_linear.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

// libnx 1.x's gfxFlushBuffers swizzle for 4-byte pixels in blocks of 16 GOBs, written out bit
// by bit as that code has it: an independent statement of the same layout.
u64 LibnxOffset(u32 x, u32 y, u32 aligned_width) {
    return 1024 * ((y >> 7) * (aligned_width >> 4) * 8 + (x >> 4) * 8 + ((y >> 4) & 7)) +
           ((y >> 3) & 1) * 512 + ((x >> 3) & 1) * 256 + ((y >> 1) & 3) * 64 + ((x >> 2) & 1) * 32 +
           (y & 1) * 16 + (x & 3) * 4;
}

TEST(BlockLinear, OffsetsMatchLibnxsFramebufferSwizzle) {
    const gpu::BlockLinearSurface surface{1280 * 4, 720, 4};
    for (u32 y = 0; y < 720; y += 3) {
        for (u32 x = 0; x < 1280; x += 5) {
            ASSERT_EQ(surface.Offset(x * 4, y), LibnxOffset(x, y, 1280)) << x << "," << y;
        }
    }
    EXPECT_EQ(surface.SizeBytes(), u64{1280} * 4 * 768);  // 720 rows round up to 6 blocks
}

TEST(BlockLinear, SwizzleThenDeswizzleGivesTheRowsBack) {
    for (u32 log2 = 0; log2 <= 5; ++log2) {
        const gpu::BlockLinearSurface surface{200, 77, log2};
        std::mt19937 random(log2);
        std::vector<u8> linear(200 * 77);
        for (auto& byte : linear) {
            byte = static_cast<u8>(random());
        }
        std::vector<u8> tiled(surface.SizeBytes());
        ASSERT_TRUE(gpu::SwizzleBlockLinear(surface, linear, 200, tiled));
        std::vector<u8> back(linear.size());
        ASSERT_TRUE(gpu::DeswizzleBlockLinear(surface, tiled, back, 200));
        EXPECT_EQ(back, linear) << "block height 2^" << log2;
    }
}

TEST(BlockLinear, ASurfaceLargerThanItsMemoryIsRefused) {
    const gpu::BlockLinearSurface surface{256, 64, 3};
    std::vector<u8> tiled(surface.SizeBytes() - 1);
    std::vector<u8> linear(256 * 64);
    EXPECT_FALSE(gpu::DeswizzleBlockLinear(surface, tiled, linear, 256));
    std::vector<u8> enough(surface.SizeBytes());
    std::vector<u8> short_linear(256 * 63);
    EXPECT_FALSE(gpu::DeswizzleBlockLinear(surface, enough, short_linear, 256));
}

}  // namespace
