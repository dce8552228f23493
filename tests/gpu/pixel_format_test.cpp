#include "gpu/pixel_format.h"

#include <gtest/gtest.h>

#include <array>

namespace {

std::array<u8, 4> Convert(gpu::DisplayFormat format, std::array<u8, 4> in) {
    std::array<u8, 4> out{};
    gpu::ConvertRowToRgba8(format, in, 1, out);
    return out;
}

TEST(PixelFormat, EachDisplayFormatBecomesRgba8) {
    using F = gpu::DisplayFormat;
    EXPECT_EQ(Convert(F::Rgba8888, {1, 2, 3, 4}), (std::array<u8, 4>{1, 2, 3, 4}));
    EXPECT_EQ(Convert(F::Rgbx8888, {1, 2, 3, 4}), (std::array<u8, 4>{1, 2, 3, 255}));
    EXPECT_EQ(Convert(F::Bgra8888, {1, 2, 3, 4}), (std::array<u8, 4>{3, 2, 1, 4}));
    // RGB_565: red in the top five bits. 0xF800 is pure red, 0x07E0 green, 0x001F blue.
    EXPECT_EQ(Convert(F::Rgb565, {0x00, 0xF8, 0, 0}), (std::array<u8, 4>{255, 0, 0, 255}));
    EXPECT_EQ(Convert(F::Rgb565, {0xE0, 0x07, 0, 0}), (std::array<u8, 4>{0, 255, 0, 255}));
    EXPECT_EQ(Convert(F::Rgb565, {0x1F, 0x00, 0, 0}), (std::array<u8, 4>{0, 0, 255, 255}));
    EXPECT_EQ(Convert(F::Rgba4444, {0x0F, 0xF0, 0, 0}), (std::array<u8, 4>{255, 0, 0, 255}));
    EXPECT_EQ(gpu::BytesPerPixel(F::Rgb565), 2u);
    EXPECT_FALSE(gpu::ParseDisplayFormat(0).has_value());
    EXPECT_FALSE(gpu::ParseDisplayFormat(8).has_value());
}

}  // namespace
