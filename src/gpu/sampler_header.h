#pragma once

// The sampler header (TSC entry): 8 words, one per sampler in the sampler pool (entry i at pool
// base + 32 i). The same layout in MAXWELL_B and AMPERE_B, which adds only FORCED_INVALID
// (w0 31) (OGD classes/3d/clb197tex.h / clc797tex.h TEXSAMP0-7; notes/gpu-command-level.md
// section 5).

#include <array>
#include <span>

#include "base/types.h"

namespace gpu {

inline constexpr u32 kSamplerHeaderWords = 8;

enum class SamplerWrap : u8 {
    Wrap = 0,
    Mirror = 1,
    ClampToEdge = 2,
    Border = 3,
    ClampOgl = 4,
    MirrorOnceClampToEdge = 5,
    MirrorOnceBorder = 6,
    MirrorOnceClampOgl = 7,
};

// DEPTH_COMPARE_FUNC (w0 12:10): the OpenGL order.
enum class SamplerCompare : u8 {
    Never = 0,
    Less = 1,
    Equal = 2,
    LessEqual = 3,
    Greater = 4,
    NotEqual = 5,
    GreaterEqual = 6,
    Always = 7,
};

enum class SamplerFilter : u8 { Point = 1, Linear = 2, Anisotropic = 3 };
enum class SamplerMipFilter : u8 { None = 1, Point = 2, Linear = 3 };
// REDUCTION_FILTER (w1 11:10).
enum class SamplerReduction : u8 { Average = 0, Min = 1, Max = 2 };

struct SamplerHeader {
    std::array<SamplerWrap, 3> wrap{};  // U, V, P (R)
    bool depth_compare = false;
    SamplerCompare compare = SamplerCompare::Never;
    bool srgb_border = false;
    u32 max_anisotropy = 1;  // 1, 2, 4, 6, 8, 10, 12, 16 from MAX_ANISOTROPY (w0 22:20)
    SamplerFilter mag = SamplerFilter::Point;
    SamplerFilter min = SamplerFilter::Point;
    SamplerMipFilter mip = SamplerMipFilter::None;
    SamplerReduction reduction = SamplerReduction::Average;
    float lod_bias = 0;             // signed 5.8 fixed point (w1 24:12)
    float min_lod = 0;              // unsigned 4.8 (w2 11:0)
    float max_lod = 0;              // unsigned 4.8 (w2 23:12)
    std::array<float, 4> border{};  // w4-w7, float bits
    bool forced_invalid = false;    // C797 w0 31
};

// Every 8 words decode (reserved field values read as the nearest defined one: a min/mag filter
// of 0 as point, a mip filter of 0 as none).
SamplerHeader DecodeSamplerHeader(std::span<const u32, kSamplerHeaderWords> words);

}  // namespace gpu
