#pragma once

// Volume changes on the console are ramped linearly across the 5 ms frame they happen in (a
// voice's volume, each mix destination's volume), so that a change makes no click: sample i of
// n is scaled by from + (to - from) * i / n.

#include <span>

namespace audio::renderer {

// samples[i] *= the ramp's volume at i.
void ApplyVolumeRamp(std::span<float> samples, float from, float to);

// into[i] += from_samples[i] * the ramp's volume at i (the shorter length of the two).
void MixWithVolumeRamp(std::span<const float> from_samples, std::span<float> into, float from,
                       float to);

}  // namespace audio::renderer
