#pragma once

// The texture header (TIC entry) of the 3D and compute classes: 8 words, one per texture in the
// header pool (entry i at pool base + 32 i). Three forms share the first word (format, component
// types, swizzle): block-linear, pitch and 1D buffer, told apart by HEADER_VERSION; MAXWELL_B
// (B197) and AMPERE_B (C797) lay them out alike, C797 widening the address (bit 48), the width
// (bit 144), height (bit 146) and depth (bit 145) (OGD classes/3d/clb197tex.h, clc797tex.h;
// notes/gpu-command-level.md section 5).

#include <array>
#include <optional>
#include <span>
#include <string>

#include "base/types.h"

namespace gpu {

inline constexpr u32 kTextureHeaderWords = 8;
inline constexpr u32 kTextureHeaderBytes = 32;

// HEADER_VERSION (87:85).
enum class TextureHeaderVersion : u8 {
    OneDBuffer = 0,
    PitchColorKey = 1,
    Pitch = 2,
    BlockLinear = 3,
    BlockLinearColorKey = 4,
};

// TEXTURE_TYPE (154:151).
enum class TextureType : u8 {
    OneD = 0,
    TwoD = 1,
    ThreeD = 2,
    Cube = 3,
    OneDArray = 4,
    TwoDArray = 5,
    OneDBuffer = 6,
    TwoDNoMipmap = 7,
    CubeArray = 8,
};

// R/G/B/A_DATA_TYPE (9:7 ... 18:16).
enum class ComponentType : u8 {
    Snorm = 1,
    Unorm = 2,
    Sint = 3,
    Uint = 4,
    SnormForceFp16 = 5,
    UnormForceFp16 = 6,
    Float = 7,
};

// X/Y/Z/W_SOURCE (21:19 ... 30:28): what a sampled component returns.
enum class SwizzleSource : u8 {
    Zero = 0,
    R = 2,
    G = 3,
    B = 4,
    A = 5,
    OneInt = 6,
    OneFloat = 7,
};

struct TextureHeader {
    u32 components = 0;  // COMPONENTS (6:0): the format number (texture_format.h)
    std::array<ComponentType, 4> types{};
    std::array<SwizzleSource, 4> swizzle{};
    TextureHeaderVersion version = TextureHeaderVersion::BlockLinear;
    u64 address = 0;
    // Block-linear: GOBs a block is wide, tall and deep, as powers of two.
    u32 block_width_log2 = 0;
    u32 block_height_log2 = 0;
    u32 block_depth_log2 = 0;
    u32 pitch = 0;  // pitch form: bytes a row takes
    u32 max_mip_level = 0;
    u32 width = 1;  // texels (1D buffer: elements)
    u32 height = 1;
    u32 depth = 1;  // slices of a 3D texture, else layers (cube: faces / 6)
    bool srgb = false;
    TextureType type = TextureType::TwoD;
    bool normalized_coords = true;
    u32 view_min_mip = 0;
    u32 view_max_mip = 0;
    u32 multisample_mode = 0;  // 235:232

    bool IsBlockLinear() const;
    bool IsPitch() const;
    // Array layers the header describes (cube maps count their six faces).
    u32 Layers() const;
    // Mip levels stored: MAX_MIP_LEVEL + 1 (1 for forms without mips).
    u32 Levels() const;
};

enum class TextureHeaderLayout { Maxwell, Ampere };

// Decodes the 8 words; nothing (and `why` says what) for a version or type the hardware does
// not define, which is what a pool entry of garbage looks like.
std::optional<TextureHeader> DecodeTextureHeader(std::span<const u32, kTextureHeaderWords> words,
                                                 TextureHeaderLayout layout,
                                                 std::string* why = nullptr);

}  // namespace gpu
