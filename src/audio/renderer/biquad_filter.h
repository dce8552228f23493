#pragma once

// The renderer's biquad filter (two per voice, and the biquad effect): coefficients in Q14 as
// the SDK and libnx's audrvVoiceSetBiquadFilter store them, numerator b0 b1 b2 and denominator
// a1 a2 normalised by a0, so that y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2].
// Evaluated in transposed direct form II, in float.

#include <array>
#include <span>

#include "base/types.h"

namespace audio::renderer {

struct BiquadCoefficients {
    std::array<s16, 3> numerator{};
    std::array<s16, 2> denominator{};
};

struct BiquadState {
    float s0 = 0;
    float s1 = 0;
};

// Filters `samples` in place.
void ApplyBiquad(std::span<float> samples, const BiquadCoefficients& coefficients,
                 BiquadState& state);

}  // namespace audio::renderer
