#pragma once

// The pieces the two reverbs (reverb_effect.h, i3dl2_reverb_effect.h) build their networks
// from: a circular delay line, the Schroeder all-pass over one, a time in milliseconds as a
// sample count (Ryujinx's Dsp/Effect/IDelayLine.cs GetSampleCount: round(rate * ms)), and the
// order their six-channel networks run in.

#include <array>
#include <span>
#include <vector>

#include "base/types.h"

namespace audio::renderer {

// A circular line: Read(n) is the sample pushed n pushes ago (1 <= n <= size; other n are
// clamped into that range).
struct DelayLine {
    std::vector<float> samples;
    u32 position = 0;  // where the next push goes

    // `size` samples of silence (at least one).
    void Reset(u32 size);
    float Read(u32 ago) const;
    void Push(float value);
};

// One all-pass step over `line` with a delay of `delay` samples and coefficient `gain`:
// z = the sample `delay` pushes ago, w = in - gain z is pushed, z + gain w is the output.
float AllPass(DelayLine& line, u32 delay, float gain, float in);

// round(rate_khz * ms) samples; 0 for a negative or non-finite time; at most `most`.
u32 SamplesForMs(u32 rate_khz, float ms, u32 most = ~0u);

// Six channels run in the console's legacy order (FL, FR, BL, BR, C, LFE; Ryujinx's
// DataSourceHelper RemapChannelResourceMappingToLegacy); the mix orders FL, FR, C, LFE, BL,
// BR. DSP channel k of an effect of `channels` channels is its buffer number order[k].
inline constexpr u32 kLegacyCentre = 4;
inline constexpr u32 kLegacyLfe = 5;
constexpr std::array<u32, 6> EffectChannelOrder(u32 channels) {
    return channels == 6 ? std::array<u32, 6>{0, 1, 4, 5, 2, 3}
                         : std::array<u32, 6>{0, 1, 2, 3, 4, 5};
}

}  // namespace audio::renderer
