#pragma once

// The multisample modes of the 3D class's SET_ANTI_ALIAS SAMPLES field (3:0) and of the TIC's
// MULTI_SAMPLE_COUNT (235:232), which share one numbering (OGD classes/3d/cl9097.h,
// clb197tex.h): how many samples a pixel has, laid out as width x height.

#include <optional>
#include <string_view>

#include "base/types.h"

namespace gpu {

struct SampleLayout {
    std::string_view name;  // as the class header names the mode
    u32 width = 1;
    u32 height = 1;
    u32 Samples() const { return width * height; }
};

// Nothing for a number the headers do not define.
std::optional<SampleLayout> SampleLayoutOf(u32 mode);

}  // namespace gpu
