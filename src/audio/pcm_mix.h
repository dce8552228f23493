#pragma once

// Signed 16-bit PCM arithmetic of the output stage: mixing two streams and scaling by a
// volume, both saturating at the format's limits (as the console's final mix clips).

#include <span>

#include "base/types.h"

namespace audio {

// into[i] += from[i] for the shorter length of the two, clipped to [-32768, 32767].
void MixSaturating(std::span<s16> into, std::span<const s16> from);

// samples[i] *= volume, rounded to nearest and clipped; a volume of 1 leaves them as they are.
void ScaleSaturating(std::span<s16> samples, float volume);

}  // namespace audio
