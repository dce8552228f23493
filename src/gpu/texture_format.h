#pragma once

// The TIC's COMPONENTS numbers (OGD classes/3d/clb197tex.h, clc797tex.h: the same numbers) with
// their component types, resolved to one neutral format that a host backend maps to its own
// (src/video/texture_format_vk.h). NVIDIA names packed components from the most significant bits
// (A8B8G8R8 keeps R in the lowest byte), which is what the neutral names below follow too.

#include <optional>
#include <string_view>

#include "base/types.h"
#include "gpu/texture_header.h"

namespace gpu {

enum class TextureFormat : u16 {
    R8Unorm,
    R8Snorm,
    R8Uint,
    R8Sint,
    R8G8Unorm,
    R8G8Snorm,
    R8G8Uint,
    R8G8Sint,
    R8G8B8A8Unorm,
    R8G8B8A8Snorm,
    R8G8B8A8Uint,
    R8G8B8A8Sint,
    R8G8B8A8Srgb,
    R16Unorm,
    R16Snorm,
    R16Uint,
    R16Sint,
    R16Float,
    R16G16Unorm,
    R16G16Snorm,
    R16G16Uint,
    R16G16Sint,
    R16G16Float,
    R16G16B16A16Unorm,
    R16G16B16A16Snorm,
    R16G16B16A16Uint,
    R16G16B16A16Sint,
    R16G16B16A16Float,
    R32Uint,
    R32Sint,
    R32Float,
    R32G32Uint,
    R32G32Sint,
    R32G32Float,
    R32G32B32Uint,
    R32G32B32Sint,
    R32G32B32Float,
    R32G32B32A32Uint,
    R32G32B32A32Sint,
    R32G32B32A32Float,
    A2B10G10R10Unorm,
    A2B10G10R10Uint,
    B5G6R5Unorm,
    A1B5G5R5Unorm,
    A4B4G4R4Unorm,
    B10G11R11Float,
    E5B9G9R9Float,
    Bc1Unorm,
    Bc1Srgb,
    Bc2Unorm,
    Bc2Srgb,
    Bc3Unorm,
    Bc3Srgb,
    Bc4Unorm,
    Bc4Snorm,
    Bc5Unorm,
    Bc5Snorm,
    Bc6hSfloat,
    Bc6hUfloat,
    Bc7Unorm,
    Bc7Srgb,
    Astc4x4Unorm,
    Astc4x4Srgb,
    Astc5x4Unorm,
    Astc5x4Srgb,
    Astc5x5Unorm,
    Astc5x5Srgb,
    Astc6x5Unorm,
    Astc6x5Srgb,
    Astc6x6Unorm,
    Astc6x6Srgb,
    Astc8x5Unorm,
    Astc8x5Srgb,
    Astc8x6Unorm,
    Astc8x6Srgb,
    Astc8x8Unorm,
    Astc8x8Srgb,
    Astc10x5Unorm,
    Astc10x5Srgb,
    Astc10x6Unorm,
    Astc10x6Srgb,
    Astc10x8Unorm,
    Astc10x8Srgb,
    Astc10x10Unorm,
    Astc10x10Srgb,
    Astc12x10Unorm,
    Astc12x10Srgb,
    Astc12x12Unorm,
    Astc12x12Srgb,
    Z16Unorm,
    Z24UnormS8Uint,
    S8UintZ24Unorm,
    X8Z24Unorm,
    Z32Float,
    Z32FloatX24S8Uint,
};

// COMPONENTS numbers (clb197tex.h TEXHEAD_BL_COMPONENTS_SIZES_*).
namespace tic_components {
inline constexpr u32 kR32G32B32A32 = 0x01;
inline constexpr u32 kR32G32B32 = 0x02;
inline constexpr u32 kR16G16B16A16 = 0x03;
inline constexpr u32 kR32G32 = 0x04;
inline constexpr u32 kA8B8G8R8 = 0x08;
inline constexpr u32 kA2B10G10R10 = 0x09;
inline constexpr u32 kR16G16 = 0x0C;
inline constexpr u32 kR32 = 0x0F;
inline constexpr u32 kBc6hSf16 = 0x10;
inline constexpr u32 kBc6hUf16 = 0x11;
inline constexpr u32 kA4B4G4R4 = 0x12;
inline constexpr u32 kA1B5G5R5 = 0x14;
inline constexpr u32 kB5G6R5 = 0x15;
inline constexpr u32 kBc7 = 0x17;
inline constexpr u32 kG8R8 = 0x18;
inline constexpr u32 kR16 = 0x1B;
inline constexpr u32 kR8 = 0x1D;
inline constexpr u32 kE5B9G9R9 = 0x20;
inline constexpr u32 kBf10Gf11Rf11 = 0x21;
inline constexpr u32 kDxt1 = 0x24;
inline constexpr u32 kDxt23 = 0x25;
inline constexpr u32 kDxt45 = 0x26;
inline constexpr u32 kDxn1 = 0x27;
inline constexpr u32 kDxn2 = 0x28;
inline constexpr u32 kZ24S8 = 0x29;
inline constexpr u32 kX8Z24 = 0x2A;
inline constexpr u32 kS8Z24 = 0x2B;
inline constexpr u32 kZf32 = 0x2F;
inline constexpr u32 kZf32X24S8 = 0x30;
inline constexpr u32 kZ16 = 0x3A;
inline constexpr u32 kAstc4x4 = 0x40;
}  // namespace tic_components

// What a format's texels take: a block of block_width x block_height texels in `block_bytes`
// (1 x 1 for uncompressed formats).
struct TextureFormatInfo {
    std::string_view name;
    u32 block_bytes = 0;
    u32 block_width = 1;
    u32 block_height = 1;
    bool depth = false;
    bool stencil = false;
};

TextureFormatInfo InfoOf(TextureFormat format);

// The neutral format of a header's COMPONENTS, component types and sRGB bit, or nothing for a
// combination nxhost does not know (the caller names it with `Describe`).
std::optional<TextureFormat> TextureFormatOf(const TextureHeader& header);
// "COMPONENTS 0x08 types 2,2,2,2 sRGB 0", for log lines.
std::string DescribeComponents(const TextureHeader& header);

}  // namespace gpu
