#pragma once

// The render-target formats of the 3D class: SET_COLOR_TARGET_FORMAT and SET_ZT_FORMAT
// numbers (OGD classes/3d/clb197.h, the same numbers in clc797.h), with what a host GPU needs
// to hold one: bytes per pixel, the kind of its components, and which of depth and stencil a
// zeta format has.

#include <optional>
#include <string_view>

#include "base/types.h"

namespace gpu {

enum class FormatKind { Unorm, Snorm, Srgb, Float, Uint, Sint, Depth };

struct RenderTargetFormat {
    u32 number = 0;  // NVIDIA's
    std::string_view name;
    u32 bytes_per_pixel = 0;
    FormatKind kind = FormatKind::Unorm;
    u32 components = 4;
    bool has_depth = false;
    bool has_stencil = false;
};

// The colour formats nxhost knows, or nothing (DISABLED 0 and the formats not in the table).
std::optional<RenderTargetFormat> ColorTargetFormat(u32 number);
// The zeta (depth/stencil) formats nxhost knows, or nothing.
std::optional<RenderTargetFormat> ZetaTargetFormat(u32 number);

// Zeta format numbers (SET_ZT_FORMAT_V; NVIDIA names components from the most significant
// bits: Z24S8 keeps depth in bits 31:8 and stencil in 7:0, S8Z24 stencil in 31:24).
namespace zeta {
inline constexpr u32 kZ32F = 0x0A;
inline constexpr u32 kZ16 = 0x13;
inline constexpr u32 kZ24S8 = 0x14;
inline constexpr u32 kX8Z24 = 0x15;
inline constexpr u32 kS8Z24 = 0x16;
inline constexpr u32 kS8 = 0x17;
inline constexpr u32 kZ32FX24S8 = 0x19;
}  // namespace zeta

}  // namespace gpu
