#pragma once

// A picture the console shows: what the display presents, what screenshots write.

#include <vector>

#include "base/types.h"

namespace gpu {

struct Frame {
    u32 width = 0;
    u32 height = 0;
    std::vector<u8> rgba;  // width x height pixels, 4 bytes each (R, G, B, A), rows top down
};

}  // namespace gpu
