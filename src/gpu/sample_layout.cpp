#include "gpu/sample_layout.h"

namespace gpu {

std::optional<SampleLayout> SampleLayoutOf(u32 mode) {
    switch (mode) {
        case 0x0:
            return SampleLayout{"MODE_1X1", 1, 1};
        case 0x1:
            return SampleLayout{"MODE_2X1", 2, 1};
        case 0x2:
            return SampleLayout{"MODE_2X2", 2, 2};
        case 0x3:
            return SampleLayout{"MODE_4X2", 4, 2};
        case 0x4:
            return SampleLayout{"MODE_4X2_D3D", 4, 2};
        case 0x5:
            return SampleLayout{"MODE_2X1_D3D", 2, 1};
        case 0x6:
            return SampleLayout{"MODE_4X4", 4, 4};
        case 0x8:
            return SampleLayout{"MODE_2X2_VC_4", 2, 2};
        case 0x9:
            return SampleLayout{"MODE_2X2_VC_12", 2, 2};
        case 0xA:
            return SampleLayout{"MODE_4X2_VC_8", 4, 2};
        case 0xB:
            return SampleLayout{"MODE_4X2_VC_24", 4, 2};
        default:
            return std::nullopt;
    }
}

}  // namespace gpu
