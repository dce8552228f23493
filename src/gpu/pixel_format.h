#pragma once

// The colour formats of the display's buffers (Android's PIXEL_FORMAT_* numbers, which the
// buffer queue's graphic buffers carry; libnx nvidia/graphic_buffer.h), and their conversion to
// the RGBA8 frames nxhost presents.

#include <optional>
#include <span>
#include <string_view>

#include "base/types.h"

namespace gpu {

enum class DisplayFormat : u32 {
    Rgba8888 = 1,  // bytes R, G, B, A
    Rgbx8888 = 2,  // bytes R, G, B, unused
    Rgb888 = 3,
    Rgb565 = 4,  // red in the top five bits
    Bgra8888 = 5,
    Rgba5551 = 6,
    Rgba4444 = 7,
};

std::optional<DisplayFormat> ParseDisplayFormat(u32 value);
std::string_view DisplayFormatName(DisplayFormat format);
u32 BytesPerPixel(DisplayFormat format);

// Converts one row of `width` pixels to RGBA8 (`out` holds 4 x width bytes).
void ConvertRowToRgba8(DisplayFormat format, std::span<const u8> row, u32 width, std::span<u8> out);

}  // namespace gpu
