// A buffer queue slot's flattened graphic buffer as libnx and deko3d write it.

#include "services/vi/graphic_buffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

using services::vi::GraphicBuffer;

// The fields deko3d's swapchain sets, at libnx's offsets (nvidia/graphic_buffer.h).
std::vector<u8> Flattened(u32 format, u64 color_format) {
    std::vector<u8> bytes(GraphicBuffer::kFlattenedSize);
    const auto put32 = [&](std::size_t at, u32 value) { std::memcpy(&bytes[at], &value, 4); };
    put32(0, 0x47424652);  // "GBFR"
    put32(4, 1280);
    put32(8, 720);
    put32(16, format);
    put32(92, 1280);
    put32(96, 720);
    std::memcpy(&bytes[100], &color_format, 8);
    put32(108, 3);  // block-linear
    return bytes;
}

// Fizeau presents a buffer whose Android format is 0: the compositor goes by the plane's
// NvColorFormat, so must nxhost.
TEST(ViGraphicBuffer, AnUnknownAndroidFormatFallsBackToThePlanesColourFormat) {
    const auto rgba = GraphicBuffer::Parse(Flattened(0, 0x1'0053'2120));
    ASSERT_TRUE(rgba.has_value());
    EXPECT_EQ(rgba->color_format, 0x1'0053'2120u);
    EXPECT_EQ(services::vi::DisplayFormatOf(*rgba), gpu::DisplayFormat::Rgba8888);
    const auto rgb565 = GraphicBuffer::Parse(Flattened(0, 0x1'0A88'1210));
    ASSERT_TRUE(rgb565.has_value());
    EXPECT_EQ(services::vi::DisplayFormatOf(*rgb565), gpu::DisplayFormat::Rgb565);
    // A known Android format is taken as it is.
    const auto bgra = GraphicBuffer::Parse(Flattened(5, 0x1'0053'2120));
    ASSERT_TRUE(bgra.has_value());
    EXPECT_EQ(services::vi::DisplayFormatOf(*bgra), gpu::DisplayFormat::Bgra8888);
    // Neither known: no format, and the decode says which values it got.
    const auto unknown = GraphicBuffer::Parse(Flattened(0, 0x1234));
    ASSERT_TRUE(unknown.has_value());
    EXPECT_FALSE(services::vi::DisplayFormatOf(*unknown).has_value());
}

}  // namespace
