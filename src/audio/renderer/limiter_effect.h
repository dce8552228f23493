#pragma once

// The limiter effect: each channel's level followed by a peak detector, the gain that keeps
// it under the threshold smoothed, and applied to the signal delayed by the look-ahead.
// Parameter layout (the effect record's 0xA0 bytes after its header) as Ryujinx's
// Parameter/Effect/LimiterParameter.cs and yuzu's effect/limiter.h document it: inputs[6]
// s8, outputs[6] s8 @6, channel count max u16 @0xC, channel count u16 @0xE, sample rate s32
// @0x10, look-ahead time max @0x14, attack time @0x18, release time @0x1C, look-ahead time
// @0x20 (times in us), attack coefficient f32 @0x24, release coefficient @0x28, threshold
// @0x2C, input gain @0x30, output gain @0x34, look-ahead delay samples (min s32 @0x38, max
// @0x3C), the program's usage state u8 @0x40, statistics enabled u8 @0x41, statistics reset
// u8 @0x42.
//
// Per sample of channel c (the same sources' description of the DSP), with x the input on a
// 1.0 scale (mix buffer / 32767 * input gain):
//   detector += a * (|x| - detector), a the attack coefficient when |x| is above it, the
//       release coefficient otherwise;
//   target = threshold / detector when the detector is above the threshold, else 1;
//   gain += a * (target - gain), a the attack coefficient when the gain is above the target;
//   out = delayed x * gain * output gain * 32767, x entering a delay of the look-ahead's
//       minimum sample count.
// Statistics (the result state of REV9+'s effect output, LimiterStatistics): the largest |x|
// and the smallest gain of each channel since the program's last reset: input_max f32[6] @0,
// compression_gain_min f32[6] @0x18. Float arithmetic: close to the console's, not
// bit-exact.

#include <array>
#include <span>
#include <vector>

#include "audio/renderer/delay_effect.h"
#include "base/types.h"

namespace audio::renderer {

// The longest look-ahead kept (samples per channel); larger counts are clamped to it.
inline constexpr u32 kMaxLimiterDelaySamples = 1u << 16;

struct LimiterParameters {
    std::array<s8, kMaxEffectChannels> inputs{};
    std::array<s8, kMaxEffectChannels> outputs{};
    u16 channel_count_max = 0;
    u16 channel_count = 0;
    float attack_coefficient = 0;
    float release_coefficient = 0;
    float threshold = 0;
    float input_gain = 0;
    float output_gain = 0;
    s32 delay_samples_min = 0;
    s32 delay_samples_max = 0;
    bool statistics_enabled = false;
    bool statistics_reset = false;
};

LimiterParameters ReadLimiterParameters(std::span<const u8> record);

struct LimiterStatistics {
    std::array<float, kMaxEffectChannels> input_max{};
    std::array<float, kMaxEffectChannels> gain_min{1, 1, 1, 1, 1, 1};
};
inline constexpr u32 kLimiterStatisticsSize = 0x30;

struct LimiterState {
    bool ready = false;
    u32 channel_count = 0;
    u32 capacity = 0;  // look-ahead samples per channel
    std::array<float, kMaxEffectChannels> detector{};
    std::array<float, kMaxEffectChannels> gain{};
    std::array<u32, kMaxEffectChannels> position{};
    std::vector<float> delayed;  // channel c at c * capacity
    LimiterStatistics statistics;
};

// Runs one frame, as ProcessDelay does (delay_effect.h); the statistics are reset first
// when the parameters ask for it, then kept (the console keeps them whenever the effect has
// a result state; the service reports them from REV9).
void ProcessLimiter(const LimiterParameters& parameters, LimiterState& state,
                    std::span<const float* const> in, std::span<float* const> out,
                    u32 sample_count);

}  // namespace audio::renderer
