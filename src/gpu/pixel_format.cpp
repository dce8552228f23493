#include "gpu/pixel_format.h"

#include <cstring>

namespace gpu {
namespace {

u8 Expand(u32 value, unsigned bits) {
    return static_cast<u8>(value * 255 / ((1u << bits) - 1));
}

}  // namespace

std::optional<DisplayFormat> ParseDisplayFormat(u32 value) {
    if (value >= 1 && value <= 7) {
        return static_cast<DisplayFormat>(value);
    }
    return std::nullopt;
}

std::string_view DisplayFormatName(DisplayFormat format) {
    switch (format) {
        case DisplayFormat::Rgba8888:
            return "RGBA_8888";
        case DisplayFormat::Rgbx8888:
            return "RGBX_8888";
        case DisplayFormat::Rgb888:
            return "RGB_888";
        case DisplayFormat::Rgb565:
            return "RGB_565";
        case DisplayFormat::Bgra8888:
            return "BGRA_8888";
        case DisplayFormat::Rgba5551:
            return "RGBA_5551";
        case DisplayFormat::Rgba4444:
            return "RGBA_4444";
    }
    return "?";
}

u32 BytesPerPixel(DisplayFormat format) {
    switch (format) {
        case DisplayFormat::Rgb888:
            return 3;
        case DisplayFormat::Rgb565:
        case DisplayFormat::Rgba5551:
        case DisplayFormat::Rgba4444:
            return 2;
        default:
            return 4;
    }
}

void ConvertRowToRgba8(DisplayFormat format, std::span<const u8> row, u32 width,
                       std::span<u8> out) {
    for (u32 x = 0; x < width; ++x) {
        u8* pixel = out.data() + x * 4;
        const u8* in = row.data() + x * BytesPerPixel(format);
        u16 packed = 0;
        if (BytesPerPixel(format) == 2) {
            std::memcpy(&packed, in, 2);
        }
        switch (format) {
            case DisplayFormat::Rgba8888:
                std::memcpy(pixel, in, 4);
                break;
            case DisplayFormat::Rgbx8888:
            case DisplayFormat::Rgb888:
                std::memcpy(pixel, in, 3);
                pixel[3] = 255;
                break;
            case DisplayFormat::Bgra8888:
                pixel[0] = in[2];
                pixel[1] = in[1];
                pixel[2] = in[0];
                pixel[3] = in[3];
                break;
            case DisplayFormat::Rgb565:
                pixel[0] = Expand(packed >> 11, 5);
                pixel[1] = Expand((packed >> 5) & 0x3f, 6);
                pixel[2] = Expand(packed & 0x1f, 5);
                pixel[3] = 255;
                break;
            case DisplayFormat::Rgba5551:
                // Android's RGBA_5551: red in the top bits, alpha in the lowest.
                pixel[0] = Expand(packed >> 11, 5);
                pixel[1] = Expand((packed >> 6) & 0x1f, 5);
                pixel[2] = Expand((packed >> 1) & 0x1f, 5);
                pixel[3] = (packed & 1) ? 255 : 0;
                break;
            case DisplayFormat::Rgba4444:
                pixel[0] = Expand(packed >> 12, 4);
                pixel[1] = Expand((packed >> 8) & 0xf, 4);
                pixel[2] = Expand((packed >> 4) & 0xf, 4);
                pixel[3] = Expand(packed & 0xf, 4);
                break;
        }
    }
}

}  // namespace gpu
