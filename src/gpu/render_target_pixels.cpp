#include "gpu/render_target_pixels.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "base/bits.h"

namespace gpu {
namespace {

using enum PixelKind;

struct FormatLayout {
    u32 number;
    PixelLayout layout;
};

constexpr ComponentField F(u8 offset, u8 bits) {
    return ComponentField{offset, bits};
}
constexpr ComponentField kNone{};

// Bit fields of SET_COLOR_TARGET_FORMAT_V's formats (OGD classes/3d/clb197.h names them from
// the most significant bits; the 2D class's SET_DST_FORMAT / SET_SRC_FORMAT use the same
// numbers, cl902d.h).
constexpr std::array kLayouts{
    FormatLayout{0xC0, {16, Float, {F(0, 32), F(32, 32), F(64, 32), F(96, 32)}}},
    FormatLayout{0xC1, {16, Sint, {F(0, 32), F(32, 32), F(64, 32), F(96, 32)}}},
    FormatLayout{0xC2, {16, Uint, {F(0, 32), F(32, 32), F(64, 32), F(96, 32)}}},
    FormatLayout{0xC3, {16, Float, {F(0, 32), F(32, 32), F(64, 32), kNone}}},
    FormatLayout{0xC6, {8, Unorm, {F(0, 16), F(16, 16), F(32, 16), F(48, 16)}}},
    FormatLayout{0xC7, {8, Snorm, {F(0, 16), F(16, 16), F(32, 16), F(48, 16)}}},
    FormatLayout{0xC8, {8, Sint, {F(0, 16), F(16, 16), F(32, 16), F(48, 16)}}},
    FormatLayout{0xC9, {8, Uint, {F(0, 16), F(16, 16), F(32, 16), F(48, 16)}}},
    FormatLayout{0xCA, {8, Float, {F(0, 16), F(16, 16), F(32, 16), F(48, 16)}}},
    FormatLayout{0xCB, {8, Float, {F(0, 32), F(32, 32), kNone, kNone}}},
    FormatLayout{0xCC, {8, Sint, {F(0, 32), F(32, 32), kNone, kNone}}},
    FormatLayout{0xCD, {8, Uint, {F(0, 32), F(32, 32), kNone, kNone}}},
    FormatLayout{0xCE, {8, Float, {F(0, 16), F(16, 16), F(32, 16), kNone}}},
    FormatLayout{0xCF, {4, Unorm, {F(16, 8), F(8, 8), F(0, 8), F(24, 8)}}},
    FormatLayout{0xD0, {4, Srgb, {F(16, 8), F(8, 8), F(0, 8), F(24, 8)}}},
    FormatLayout{0xD1, {4, Unorm, {F(0, 10), F(10, 10), F(20, 10), F(30, 2)}}},
    FormatLayout{0xD2, {4, Uint, {F(0, 10), F(10, 10), F(20, 10), F(30, 2)}}},
    FormatLayout{0xD5, {4, Unorm, {F(0, 8), F(8, 8), F(16, 8), F(24, 8)}}},
    FormatLayout{0xD6, {4, Srgb, {F(0, 8), F(8, 8), F(16, 8), F(24, 8)}}},
    FormatLayout{0xD7, {4, Snorm, {F(0, 8), F(8, 8), F(16, 8), F(24, 8)}}},
    FormatLayout{0xD8, {4, Sint, {F(0, 8), F(8, 8), F(16, 8), F(24, 8)}}},
    FormatLayout{0xD9, {4, Uint, {F(0, 8), F(8, 8), F(16, 8), F(24, 8)}}},
    FormatLayout{0xDA, {4, Unorm, {F(0, 16), F(16, 16), kNone, kNone}}},
    FormatLayout{0xDB, {4, Snorm, {F(0, 16), F(16, 16), kNone, kNone}}},
    FormatLayout{0xDC, {4, Sint, {F(0, 16), F(16, 16), kNone, kNone}}},
    FormatLayout{0xDD, {4, Uint, {F(0, 16), F(16, 16), kNone, kNone}}},
    FormatLayout{0xDE, {4, Float, {F(0, 16), F(16, 16), kNone, kNone}}},
    FormatLayout{0xDF, {4, Unorm, {F(20, 10), F(10, 10), F(0, 10), F(30, 2)}}},
    // Unsigned 11- and 10-bit floats: 5 exponent bits, 6 or 5 mantissa bits.
    FormatLayout{0xE0, {4, Float, {F(0, 11), F(11, 11), F(22, 10), kNone}}},
    FormatLayout{0xE3, {4, Sint, {F(0, 32), kNone, kNone, kNone}}},
    FormatLayout{0xE4, {4, Uint, {F(0, 32), kNone, kNone, kNone}}},
    FormatLayout{0xE5, {4, Float, {F(0, 32), kNone, kNone, kNone}}},
    FormatLayout{0xE6, {4, Unorm, {F(16, 8), F(8, 8), F(0, 8), kNone}}},
    FormatLayout{0xE7, {4, Srgb, {F(16, 8), F(8, 8), F(0, 8), kNone}}},
    FormatLayout{0xE8, {2, Unorm, {F(11, 5), F(5, 6), F(0, 5), kNone}}},
    FormatLayout{0xE9, {2, Unorm, {F(10, 5), F(5, 5), F(0, 5), F(15, 1)}}},
    FormatLayout{0xEA, {2, Unorm, {F(0, 8), F(8, 8), kNone, kNone}}},
    FormatLayout{0xEB, {2, Snorm, {F(0, 8), F(8, 8), kNone, kNone}}},
    FormatLayout{0xEC, {2, Sint, {F(0, 8), F(8, 8), kNone, kNone}}},
    FormatLayout{0xED, {2, Uint, {F(0, 8), F(8, 8), kNone, kNone}}},
    FormatLayout{0xEE, {2, Unorm, {F(0, 16), kNone, kNone, kNone}}},
    FormatLayout{0xEF, {2, Snorm, {F(0, 16), kNone, kNone, kNone}}},
    FormatLayout{0xF0, {2, Sint, {F(0, 16), kNone, kNone, kNone}}},
    FormatLayout{0xF1, {2, Uint, {F(0, 16), kNone, kNone, kNone}}},
    FormatLayout{0xF2, {2, Float, {F(0, 16), kNone, kNone, kNone}}},
    FormatLayout{0xF3, {1, Unorm, {F(0, 8), kNone, kNone, kNone}}},
    FormatLayout{0xF4, {1, Snorm, {F(0, 8), kNone, kNone, kNone}}},
    FormatLayout{0xF5, {1, Sint, {F(0, 8), kNone, kNone, kNone}}},
    FormatLayout{0xF6, {1, Uint, {F(0, 8), kNone, kNone, kNone}}},
    FormatLayout{0xF8, {2, Unorm, {F(10, 5), F(5, 5), F(0, 5), kNone}}},
    FormatLayout{0xF9, {4, Unorm, {F(0, 8), F(8, 8), F(16, 8), kNone}}},
    FormatLayout{0xFA, {4, Srgb, {F(0, 8), F(8, 8), F(16, 8), kNone}}},
};

// IEEE-like floats with 5 exponent bits (bias 15): half (signed, 10 mantissa bits) and the
// unsigned 11- and 10-bit floats of BF10GF11RF11 (6 and 5 mantissa bits).
double DecodeSmallFloat(u64 bits, u32 width) {
    const u32 mantissa_bits = width == 16 ? 10 : width - 5;
    const bool negative = width == 16 && base::Bit(bits, 15);
    const u32 exponent = static_cast<u32>(base::Bits(bits, mantissa_bits, 5));
    const double mantissa = static_cast<double>(base::Bits(bits, 0, mantissa_bits));
    const double scale = std::ldexp(1.0, static_cast<int>(mantissa_bits));
    double value;
    if (exponent == 0) {
        value = std::ldexp(mantissa / scale, -14);
    } else if (exponent == 31) {
        value = mantissa == 0 ? std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::quiet_NaN();
    } else {
        value = std::ldexp(1.0 + mantissa / scale, static_cast<int>(exponent) - 15);
    }
    return negative ? -value : value;
}

u64 EncodeSmallFloat(double value, u32 width) {
    const u32 mantissa_bits = width == 16 ? 10 : width - 5;
    const u64 infinity = u64{31} << mantissa_bits;
    if (std::isnan(value)) {
        return infinity | 1;
    }
    u64 sign = 0;
    if (value < 0) {
        if (width != 16) {
            return 0;  // the unsigned floats clamp negatives to zero
        }
        sign = u64{1} << 15;
        value = -value;
    }
    int exponent = 0;
    std::frexp(value, &exponent);  // value = f * 2^exponent, f in [0.5, 1)
    int biased = exponent - 1 + 15;
    u64 mantissa;
    if (value == 0) {
        return sign;
    }
    if (biased <= 0) {
        biased = 0;
        mantissa = static_cast<u64>(std::nearbyint(std::ldexp(value, 14 + mantissa_bits)));
    } else {
        mantissa = static_cast<u64>(
            std::nearbyint(std::ldexp(std::ldexp(value, -(exponent - 1)) - 1.0, mantissa_bits)));
    }
    u64 bits = (u64{static_cast<u32>(biased)} << mantissa_bits) + mantissa;  // carries into it
    return sign | std::min(bits, infinity);
}

double SrgbToLinear(double value) {
    return value <= 0.04045 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
}

double LinearToSrgb(double value) {
    return value <= 0.0031308 ? value * 12.92 : 1.055 * std::pow(value, 1.0 / 2.4) - 0.055;
}

u64 FieldOf(std::span<const u8> pixel, ComponentField field) {
    // A field is at most 32 bits, so the eight bytes from its first one hold it.
    const u32 first = field.offset / 8;
    u64 value = 0;
    for (u32 k = 0; k < 8 && first + k < pixel.size(); ++k) {
        value |= u64{pixel[first + k]} << (8 * k);
    }
    return base::Bits(value, field.offset % 8, field.bits);
}

void SetField(std::span<u8> pixel, ComponentField field, u64 value) {
    for (u32 bit = 0; bit < field.bits; ++bit) {
        const u32 at = field.offset + bit;
        const u8 mask = static_cast<u8>(1u << (at % 8));
        pixel[at / 8] = base::Bit(value, bit) ? pixel[at / 8] | mask : pixel[at / 8] & ~mask;
    }
}

double DecodeComponent(PixelKind kind, bool is_alpha, u64 raw, u32 bits) {
    const double largest = std::ldexp(1.0, static_cast<int>(bits)) - 1;
    switch (kind) {
        case Unorm:
            return static_cast<double>(raw) / largest;
        case Srgb:
            return is_alpha ? static_cast<double>(raw) / largest
                            : SrgbToLinear(static_cast<double>(raw) / largest);
        case Snorm: {
            const double signed_largest = std::ldexp(1.0, static_cast<int>(bits) - 1) - 1;
            return std::max(-1.0,
                            static_cast<double>(base::SignExtend(raw, bits)) / signed_largest);
        }
        case Uint:
            return static_cast<double>(raw);
        case Sint:
            return static_cast<double>(base::SignExtend(raw, bits));
        case Float:
            if (bits == 32) {
                return std::bit_cast<float>(static_cast<u32>(raw));
            }
            return DecodeSmallFloat(raw, bits);
    }
    return 0;
}

u64 EncodeComponent(PixelKind kind, bool is_alpha, double value, u32 bits) {
    const double largest = std::ldexp(1.0, static_cast<int>(bits)) - 1;
    if (std::isnan(value) && kind != Float) {
        value = 0;
    }
    switch (kind) {
        case Unorm:
            return static_cast<u64>(std::nearbyint(std::clamp(value, 0.0, 1.0) * largest));
        case Srgb: {
            const double clamped = std::clamp(value, 0.0, 1.0);
            return static_cast<u64>(
                std::nearbyint((is_alpha ? clamped : LinearToSrgb(clamped)) * largest));
        }
        case Snorm: {
            const double signed_largest = std::ldexp(1.0, static_cast<int>(bits) - 1) - 1;
            const s64 number =
                static_cast<s64>(std::nearbyint(std::clamp(value, -1.0, 1.0) * signed_largest));
            return base::Bits(static_cast<u64>(number), 0, bits);
        }
        case Uint:
            return static_cast<u64>(std::nearbyint(std::clamp(value, 0.0, largest)));
        case Sint: {
            const double half = std::ldexp(1.0, static_cast<int>(bits) - 1);
            const s64 number = static_cast<s64>(std::nearbyint(std::clamp(value, -half, half - 1)));
            return base::Bits(static_cast<u64>(number), 0, bits);
        }
        case Float:
            if (bits == 32) {
                return std::bit_cast<u32>(static_cast<float>(value));
            }
            return EncodeSmallFloat(value, bits);
    }
    return 0;
}

}  // namespace

std::optional<PixelLayout> PixelLayoutOf(u32 format_number) {
    const auto found = std::find_if(kLayouts.begin(), kLayouts.end(), [&](const auto& entry) {
        return entry.number == format_number;
    });
    if (found == kLayouts.end()) {
        return std::nullopt;
    }
    return found->layout;
}

Rgba DecodePixel(const PixelLayout& layout, std::span<const u8> pixel) {
    Rgba color;
    for (u32 i = 0; i < 4; ++i) {
        const ComponentField field = layout.fields[i];
        if (field.bits != 0) {
            color.component[i] =
                DecodeComponent(layout.kind, i == 3, FieldOf(pixel, field), field.bits);
        }
    }
    return color;
}

void EncodePixel(const PixelLayout& layout, const Rgba& color, std::span<u8> pixel) {
    std::fill(pixel.begin(), pixel.begin() + layout.bytes, u8{0});
    for (u32 i = 0; i < 4; ++i) {
        const ComponentField field = layout.fields[i];
        if (field.bits != 0) {
            SetField(pixel, field,
                     EncodeComponent(layout.kind, i == 3, color.component[i], field.bits));
        }
    }
}

}  // namespace gpu
