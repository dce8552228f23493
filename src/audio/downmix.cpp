#include "audio/downmix.h"

#include <algorithm>
#include <cmath>

namespace audio {
namespace {

constexpr float kMinus3Db = 0.70710678f;

s16 ClipRounded(float value) {
    return static_cast<s16>(std::clamp<long>(std::lround(value), -32768, 32767));
}

}  // namespace

std::vector<s16> DownmixSurroundToStereo(std::span<const s16> surround) {
    const std::size_t frames = surround.size() / kSurroundChannels;
    std::vector<s16> stereo(frames * 2);
    for (std::size_t frame = 0; frame < frames; ++frame) {
        const s16* in = surround.data() + frame * kSurroundChannels;
        const float centre = kMinus3Db * in[2];
        stereo[frame * 2] = ClipRounded(in[0] + centre + kMinus3Db * in[4]);
        stereo[frame * 2 + 1] = ClipRounded(in[1] + centre + kMinus3Db * in[5]);
    }
    return stereo;
}

}  // namespace audio
