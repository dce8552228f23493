#pragma once

// The multisample modes of the 3D class's SET_ANTI_ALIAS SAMPLES field (3:0) and of the TIC's
// MULTI_SAMPLE_COUNT (235:232): how many samples a pixel has, laid out as width x height. The
// names are the class headers' (OGD classes/3d/cl9097.h, clb097tex.h; Mesa's nil uses the same
// names); the numbers follow cl9097.h's SET_ANTI_ALIAS order and were not checked against a
// copy of the header here. The TIC's _CENTER modes (clb097tex.h) are not in the table.

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
