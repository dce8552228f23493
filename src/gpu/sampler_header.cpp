#include "gpu/sampler_header.h"

#include <bit>

#include "base/bits.h"

namespace gpu {
namespace {

SamplerFilter FilterOf(u32 value) {
    switch (value) {
        case 2:
            return SamplerFilter::Linear;
        case 3:
            return SamplerFilter::Anisotropic;
        default:
            return SamplerFilter::Point;
    }
}

}  // namespace

SamplerHeader DecodeSamplerHeader(std::span<const u32, kSamplerHeaderWords> words) {
    SamplerHeader header;
    const u32 w0 = words[0];
    const u32 w1 = words[1];
    const u32 w2 = words[2];
    for (unsigned i = 0; i < 3; ++i) {
        header.wrap[i] = static_cast<SamplerWrap>(base::Bits(w0, 3 * i, 3));
    }
    header.depth_compare = base::Bit(w0, 9);
    header.compare = static_cast<SamplerCompare>(base::Bits(w0, 10, 3));
    header.srgb_border = base::Bit(w0, 13);
    // MAX_ANISOTROPY: RATIO_1, 2, 4, 6, 8, 10, 12, 16 (clb197tex.h TEXSAMP0_MAX_ANISOTROPY).
    static constexpr u32 kAnisotropy[8] = {1, 2, 4, 6, 8, 10, 12, 16};
    header.max_anisotropy = kAnisotropy[base::Bits(w0, 20, 3)];
    header.forced_invalid = base::Bit(w0, 31);
    header.mag = FilterOf(static_cast<u32>(base::Bits(w1, 0, 3)));
    header.min = FilterOf(static_cast<u32>(base::Bits(w1, 4, 2)));
    const u32 mip = static_cast<u32>(base::Bits(w1, 6, 2));
    header.mip = mip == 0 ? SamplerMipFilter::None : static_cast<SamplerMipFilter>(mip);
    const u32 reduction = static_cast<u32>(base::Bits(w1, 10, 2));
    header.reduction =
        reduction == 3 ? SamplerReduction::Average : static_cast<SamplerReduction>(reduction);
    header.lod_bias = static_cast<float>(base::SignExtend(base::Bits(w1, 12, 13), 13)) / 256.0f;
    header.min_lod = static_cast<float>(base::Bits(w2, 0, 12)) / 256.0f;
    header.max_lod = static_cast<float>(base::Bits(w2, 12, 12)) / 256.0f;
    for (unsigned i = 0; i < 4; ++i) {
        header.border[i] = std::bit_cast<float>(words[4 + i]);
    }
    return header;
}

}  // namespace gpu
