// QueueBuffer's crop rectangle: read from the QueueBufferInput, checked against the buffer,
// and applied to the decoded picture (before the flip transform, as the crop names buffer
// pixels).

#include "services/vi/buffer_crop.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

using services::vi::BufferCrop;
using services::vi::CropFits;
using services::vi::CropFrame;

// A width x height picture whose pixel (x, y) holds R = x, G = y (B = 7, A = 255).
gpu::Frame Numbered(u32 width, u32 height) {
    gpu::Frame frame{width, height, std::vector<u8>(u64{width} * height * 4)};
    for (u32 y = 0; y < height; ++y) {
        for (u32 x = 0; x < width; ++x) {
            u8* pixel = frame.rgba.data() + (u64{y} * width + x) * 4;
            pixel[0] = static_cast<u8>(x);
            pixel[1] = static_cast<u8>(y);
            pixel[2] = 7;
            pixel[3] = 255;
        }
    }
    return frame;
}

// The buffer pixel that picture pixel (x, y) shows: R and G.
std::pair<u32, u32> Shows(const gpu::Frame& frame, u32 x, u32 y) {
    const u8* pixel = frame.rgba.data() + (u64{y} * frame.width + x) * 4;
    return {pixel[0], pixel[1]};
}

TEST(ViBufferCrop, ReadFromTheQueueBufferInput) {
    std::vector<u8> input(0x54);
    const s32 words[] = {3, 5, 1283, 725};
    std::memcpy(input.data() + 0x0C, words, sizeof(words));
    const BufferCrop crop = BufferCrop::FromQueueInput(input);
    EXPECT_EQ(crop.left, 3);
    EXPECT_EQ(crop.top, 5);
    EXPECT_EQ(crop.right, 1283);
    EXPECT_EQ(crop.bottom, 725);
}

TEST(ViBufferCrop, KeepsTheNamedRectangle) {
    // melonDS handheld: the top-left 1280x720 of a 1920x1080 buffer (here scaled down 1:40).
    const gpu::Frame frame = Numbered(48, 27);
    const gpu::Frame cropped = CropFrame(frame, {0, 0, 32, 18}, 0);
    ASSERT_EQ(cropped.width, 32u);
    ASSERT_EQ(cropped.height, 18u);
    for (u32 y = 0; y < 18; ++y) {
        for (u32 x = 0; x < 32; ++x) {
            ASSERT_EQ(Shows(cropped, x, y), (std::pair<u32, u32>{x, y})) << x << "," << y;
        }
    }
    // An offset rectangle.
    const gpu::Frame inner = CropFrame(frame, {5, 3, 9, 10}, 0);
    ASSERT_EQ(inner.width, 4u);
    ASSERT_EQ(inner.height, 7u);
    EXPECT_EQ(Shows(inner, 0, 0), (std::pair<u32, u32>{5, 3}));
    EXPECT_EQ(Shows(inner, 3, 6), (std::pair<u32, u32>{8, 9}));
}

// The frame holds the buffer flipped: the crop still names buffer pixels. Flipped both ways, a
// 48x27 picture shows buffer pixel (47 - x, 26 - y) at (x, y); cropped to buffer pixels
// [5, 9) x [3, 10) it shows those pixels, flipped.
TEST(ViBufferCrop, NamesBufferPixelsUnderTheFlip) {
    gpu::Frame flipped{48, 27, std::vector<u8>(48 * 27 * 4)};
    const gpu::Frame buffer = Numbered(48, 27);
    for (u32 y = 0; y < 27; ++y) {
        for (u32 x = 0; x < 48; ++x) {
            std::memcpy(flipped.rgba.data() + (y * 48 + x) * 4,
                        buffer.rgba.data() + ((26 - y) * 48 + (47 - x)) * 4, 4);
        }
    }
    const gpu::Frame cropped = CropFrame(flipped, {5, 3, 9, 10}, 3);
    ASSERT_EQ(cropped.width, 4u);
    ASSERT_EQ(cropped.height, 7u);
    for (u32 y = 0; y < 7; ++y) {
        for (u32 x = 0; x < 4; ++x) {
            EXPECT_EQ(Shows(cropped, x, y), (std::pair<u32, u32>{8 - x, 9 - y})) << x << "," << y;
        }
    }
    // Flipped horizontally only.
    gpu::Frame mirrored = Numbered(48, 27);
    for (u32 y = 0; y < 27; ++y) {
        for (u32 x = 0; x < 48; ++x) {
            std::memcpy(mirrored.rgba.data() + (y * 48 + x) * 4,
                        buffer.rgba.data() + (y * 48 + (47 - x)) * 4, 4);
        }
    }
    const gpu::Frame half = CropFrame(mirrored, {0, 0, 10, 2}, 1);
    ASSERT_EQ(half.width, 10u);
    EXPECT_EQ(Shows(half, 0, 1), (std::pair<u32, u32>{9, 1}));
    EXPECT_EQ(Shows(half, 9, 0), (std::pair<u32, u32>{0, 0}));
}

TEST(ViBufferCrop, AnEmptyCropShowsTheWholeBuffer) {
    const gpu::Frame frame = Numbered(6, 4);
    for (const BufferCrop crop : {BufferCrop{}, BufferCrop{4, 1, 4, 3}, BufferCrop{2, 3, 5, 1}}) {
        EXPECT_TRUE(crop.Empty());
        EXPECT_TRUE(CropFits(crop, 6, 4));
        const gpu::Frame same = CropFrame(frame, crop, 0);
        EXPECT_EQ(same.width, 6u);
        EXPECT_EQ(same.height, 4u);
        EXPECT_EQ(same.rgba, frame.rgba);
    }
}

TEST(ViBufferCrop, ACropOutsideTheBufferDoesNotFit) {
    EXPECT_TRUE(CropFits({0, 0, 1920, 1080}, 1920, 1080));
    EXPECT_FALSE(CropFits({0, 0, 1921, 1080}, 1920, 1080));
    EXPECT_FALSE(CropFits({0, 0, 1920, 1081}, 1920, 1080));
    EXPECT_FALSE(CropFits({-1, 0, 100, 100}, 1920, 1080));
    EXPECT_FALSE(CropFits({0, -5, 100, 100}, 1920, 1080));
    EXPECT_FALSE(CropFits({0, 0, 0x7FFFFFFF, 100}, 1920, 1080));
}

}  // namespace
