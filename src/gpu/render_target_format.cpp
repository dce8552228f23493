#include "gpu/render_target_format.h"

#include <algorithm>
#include <array>

namespace gpu {
namespace {

using enum FormatKind;

// SET_COLOR_TARGET_FORMAT_V (OGD classes/3d/clb197.h). NVIDIA names components from the most
// significant bits: A8B8G8R8 keeps R in the lowest byte (Vulkan's R8G8B8A8), "L" marks sRGB,
// N signed normalised, S/U signed/unsigned integers, F floats.
constexpr std::array kColorFormats{
    RenderTargetFormat{0xC0, "RF32_GF32_BF32_AF32", 16, Float, 4},
    RenderTargetFormat{0xC1, "RS32_GS32_BS32_AS32", 16, Sint, 4},
    RenderTargetFormat{0xC2, "RU32_GU32_BU32_AU32", 16, Uint, 4},
    RenderTargetFormat{0xC3, "RF32_GF32_BF32_X32", 16, Float, 4},
    RenderTargetFormat{0xC6, "R16_G16_B16_A16", 8, Unorm, 4},
    RenderTargetFormat{0xC7, "RN16_GN16_BN16_AN16", 8, Snorm, 4},
    RenderTargetFormat{0xC8, "RS16_GS16_BS16_AS16", 8, Sint, 4},
    RenderTargetFormat{0xC9, "RU16_GU16_BU16_AU16", 8, Uint, 4},
    RenderTargetFormat{0xCA, "RF16_GF16_BF16_AF16", 8, Float, 4},
    RenderTargetFormat{0xCB, "RF32_GF32", 8, Float, 2},
    RenderTargetFormat{0xCC, "RS32_GS32", 8, Sint, 2},
    RenderTargetFormat{0xCD, "RU32_GU32", 8, Uint, 2},
    RenderTargetFormat{0xCE, "RF16_GF16_BF16_X16", 8, Float, 4},
    RenderTargetFormat{0xCF, "A8R8G8B8", 4, Unorm, 4},
    RenderTargetFormat{0xD0, "A8RL8GL8BL8", 4, Srgb, 4},
    RenderTargetFormat{0xD1, "A2B10G10R10", 4, Unorm, 4},
    RenderTargetFormat{0xD2, "AU2BU10GU10RU10", 4, Uint, 4},
    RenderTargetFormat{0xD5, "A8B8G8R8", 4, Unorm, 4},
    RenderTargetFormat{0xD6, "A8BL8GL8RL8", 4, Srgb, 4},
    RenderTargetFormat{0xD7, "AN8BN8GN8RN8", 4, Snorm, 4},
    RenderTargetFormat{0xD8, "AS8BS8GS8RS8", 4, Sint, 4},
    RenderTargetFormat{0xD9, "AU8BU8GU8RU8", 4, Uint, 4},
    RenderTargetFormat{0xDA, "R16_G16", 4, Unorm, 2},
    RenderTargetFormat{0xDB, "RN16_GN16", 4, Snorm, 2},
    RenderTargetFormat{0xDC, "RS16_GS16", 4, Sint, 2},
    RenderTargetFormat{0xDD, "RU16_GU16", 4, Uint, 2},
    RenderTargetFormat{0xDE, "RF16_GF16", 4, Float, 2},
    RenderTargetFormat{0xDF, "A2R10G10B10", 4, Unorm, 4},
    RenderTargetFormat{0xE0, "BF10GF11RF11", 4, Float, 3},
    RenderTargetFormat{0xE3, "RS32", 4, Sint, 1},
    RenderTargetFormat{0xE4, "RU32", 4, Uint, 1},
    RenderTargetFormat{0xE5, "RF32", 4, Float, 1},
    RenderTargetFormat{0xE6, "X8R8G8B8", 4, Unorm, 4},
    RenderTargetFormat{0xE7, "X8RL8GL8BL8", 4, Srgb, 4},
    RenderTargetFormat{0xE8, "R5G6B5", 2, Unorm, 3},
    RenderTargetFormat{0xE9, "A1R5G5B5", 2, Unorm, 4},
    RenderTargetFormat{0xEA, "G8R8", 2, Unorm, 2},
    RenderTargetFormat{0xEB, "GN8RN8", 2, Snorm, 2},
    RenderTargetFormat{0xEC, "GS8RS8", 2, Sint, 2},
    RenderTargetFormat{0xED, "GU8RU8", 2, Uint, 2},
    RenderTargetFormat{0xEE, "R16", 2, Unorm, 1},
    RenderTargetFormat{0xEF, "RN16", 2, Snorm, 1},
    RenderTargetFormat{0xF0, "RS16", 2, Sint, 1},
    RenderTargetFormat{0xF1, "RU16", 2, Uint, 1},
    RenderTargetFormat{0xF2, "RF16", 2, Float, 1},
    RenderTargetFormat{0xF3, "R8", 1, Unorm, 1},
    RenderTargetFormat{0xF4, "RN8", 1, Snorm, 1},
    RenderTargetFormat{0xF5, "RS8", 1, Sint, 1},
    RenderTargetFormat{0xF6, "RU8", 1, Uint, 1},
    RenderTargetFormat{0xF8, "X1R5G5B5", 2, Unorm, 4},
    RenderTargetFormat{0xF9, "X8B8G8R8", 4, Unorm, 4},
    RenderTargetFormat{0xFA, "X8BL8GL8RL8", 4, Srgb, 4},
};

// SET_ZT_FORMAT_V (OGD classes/3d/clb197.h).
constexpr std::array kZetaFormats{
    RenderTargetFormat{zeta::kZ32F, "ZF32", 4, Depth, 1, true, false},
    RenderTargetFormat{zeta::kZ16, "Z16", 2, Depth, 1, true, false},
    RenderTargetFormat{zeta::kZ24S8, "Z24S8", 4, Depth, 2, true, true},
    RenderTargetFormat{zeta::kX8Z24, "X8Z24", 4, Depth, 1, true, false},
    RenderTargetFormat{zeta::kS8Z24, "S8Z24", 4, Depth, 2, true, true},
    RenderTargetFormat{zeta::kS8, "S8", 1, Depth, 1, false, true},
    RenderTargetFormat{zeta::kZ32FX24S8, "ZF32_X24S8", 8, Depth, 2, true, true},
};

template <std::size_t N>
std::optional<RenderTargetFormat> Find(const std::array<RenderTargetFormat, N>& table, u32 number) {
    const auto found = std::find_if(table.begin(), table.end(), [number](const auto& format) {
        return format.number == number;
    });
    if (found == table.end()) {
        return std::nullopt;
    }
    return *found;
}

}  // namespace

std::optional<RenderTargetFormat> ColorTargetFormat(u32 number) {
    return Find(kColorFormats, number);
}

std::optional<RenderTargetFormat> ZetaTargetFormat(u32 number) {
    return Find(kZetaFormats, number);
}

}  // namespace gpu
