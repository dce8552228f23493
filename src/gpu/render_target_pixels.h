#pragma once

// Pixels of the render-target formats (render_target_format.h) as four numbers and back: how
// the 2D engine converts between formats. Each format's components are bit fields of its
// little-endian pixel (NVIDIA names them from the most significant bits: A8R8G8B8 keeps B in
// bits 7:0; OGD classes/twod/cl902d.h and classes/3d/clb197.h).

#include <optional>
#include <span>

#include "base/types.h"

namespace gpu {

// R, G, B, A: normalised and float formats as their values (sRGB decoded to linear), integer
// formats as their integers; a component the format lacks reads as 0 (alpha as 1).
struct Rgba {
    double component[4] = {0, 0, 0, 1};
};

struct ComponentField {
    u8 offset = 0;  // bit offset in the pixel
    u8 bits = 0;    // 0: the format lacks the component
};

enum class PixelKind { Unorm, Snorm, Srgb, Uint, Sint, Float };

struct PixelLayout {
    u32 bytes = 0;
    PixelKind kind = PixelKind::Unorm;
    ComponentField fields[4];  // R, G, B, A
};

// The layout of a colour render-target format number, or nothing for one nxhost lacks.
std::optional<PixelLayout> PixelLayoutOf(u32 format_number);

Rgba DecodePixel(const PixelLayout& layout, std::span<const u8> pixel);
// Writes every bit of the pixel: components it lacks (the X of X8R8G8B8) as zeros.
void EncodePixel(const PixelLayout& layout, const Rgba& color, std::span<u8> pixel);

}  // namespace gpu
