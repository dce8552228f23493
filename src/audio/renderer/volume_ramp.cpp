#include "audio/renderer/volume_ramp.h"

#include <algorithm>

namespace audio::renderer {

void ApplyVolumeRamp(std::span<float> samples, float from, float to) {
    const float delta = samples.empty() ? 0.0f : (to - from) / samples.size();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        samples[i] *= from + delta * i;
    }
}

void MixWithVolumeRamp(std::span<const float> from_samples, std::span<float> into, float from,
                       float to) {
    const std::size_t count = std::min(from_samples.size(), into.size());
    if (count == 0 || (from == 0.0f && to == 0.0f)) {
        return;
    }
    const float delta = (to - from) / count;
    for (std::size_t i = 0; i < count; ++i) {
        into[i] += from_samples[i] * (from + delta * i);
    }
}

}  // namespace audio::renderer
