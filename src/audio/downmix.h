#pragma once

// 5.1 to stereo, for a six-channel audio out played on the console's stereo output.
//
// The channel order of a six-channel audio out is front left, front right, centre, LFE, back
// left, back right (nn::audio's; yuzu's audio_core reads it the same). The coefficients are
// ITU-R BS.775's: the centre and each back channel at -3 dB (0.7071) into their side, the LFE
// left out; the sum is clipped.

#include <span>
#include <vector>

#include "base/types.h"

namespace audio {

inline constexpr u32 kSurroundChannels = 6;

// Interleaved 5.1 frames (a trailing partial frame is ignored) as interleaved stereo frames.
std::vector<s16> DownmixSurroundToStereo(std::span<const s16> surround);

}  // namespace audio
