#pragma once

// Pitch and sample-rate conversion. The console's DSP resamples with a 4-tap polyphase
// filter; what is built here is linear interpolation between neighbouring samples, whose
// error on a sine of frequency f at input rate r is at most (2 pi f / r)^2 / 8 of its
// amplitude (4e-4 for 440 Hz at 48 kHz).
//
// The position runs in Q32 fixed point (a voice keeps its rate exactly over long runs) and is
// counted from the older of the two samples kept from the previous frame (the history): output
// i interpolates between the samples around position fraction + i * step. Keeping two samples
// means a frame never needs a sample it does not consume (no look-ahead into the next wave
// buffer), at the price of two samples of latency.

#include <array>
#include <span>

#include "base/types.h"

namespace audio::renderer {

// One channel's two most recent input samples, older first.
using ResamplerHistory = std::array<float, 2>;

// At most this many input samples an output sample: a bound that keeps a frame's input
// finite whatever rate and pitch a program sends, far above those it uses.
inline constexpr u64 kMaxResampleStep = u64{64} << 32;

// Input samples advanced per output sample, Q32: source_rate * pitch / target_rate (0 for a
// pitch that is not a positive number), at most kMaxResampleStep.
u64 ResampleStep(u32 source_rate, float pitch, u32 target_rate);

// Input samples a frame of `count` outputs consumes (the caller provides exactly these).
constexpr u32 ResampleInputCount(u64 fraction, u64 step, u32 count) {
    return static_cast<u32>((fraction + step * count) >> 32);
}

// The fraction after a frame of `count` outputs.
constexpr u64 ResampleFractionAfter(u64 fraction, u64 step, u32 count) {
    return (fraction + step * count) & 0xFFFFFFFFu;
}

// Produces out.size() samples from `in` (ResampleInputCount of them) and moves `history` past
// them. The fraction is shared by a voice's channels: the caller advances it once.
void Resample(std::span<const float> in, std::span<float> out, u64 step, u64 fraction,
              ResamplerHistory& history);

}  // namespace audio::renderer
