#include "audio/pcm_mix.h"

#include <algorithm>
#include <cmath>

namespace audio {
namespace {

s16 Clip(s32 value) {
    return static_cast<s16>(std::clamp<s32>(value, -32768, 32767));
}

}  // namespace

void MixSaturating(std::span<s16> into, std::span<const s16> from) {
    const std::size_t count = std::min(into.size(), from.size());
    for (std::size_t i = 0; i < count; ++i) {
        into[i] = Clip(s32{into[i]} + s32{from[i]});
    }
}

void ScaleSaturating(std::span<s16> samples, float volume) {
    if (volume == 1.0f) {
        return;
    }
    for (s16& sample : samples) {
        sample = Clip(static_cast<s32>(std::lround(sample * volume)));
    }
}

}  // namespace audio
