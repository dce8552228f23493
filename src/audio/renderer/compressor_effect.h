#pragma once

// The compressor effect: the channels' mean square level, smoothed, in decibels; above the
// threshold the gain falls by (1 - 1 / ratio) of the excess, with a soft knee 3 dB wide
// around it; the gain smoothed (attack / release, with a dead band) and applied to every
// channel alike. Parameter layout (the effect record's 0xA0 bytes after its header) as
// Ryujinx's Parameter/Effect/CompressorParameter.cs documents it: inputs[6] s8, outputs[6] s8
// @6, channel count max u16 @0xC, channel count u16 @0xE, sample rate s32 @0x10, threshold
// f32 @0x14 (dB), ratio @0x18, attack time s32 @0x1C, release time @0x20 (us), input
// smoothing coefficient f32 @0x24 (named input gain there), attack coefficient @0x28, release
// coefficient @0x2C, output gain @0x30 (dB), the program's usage state u8 @0x34, makeup gain
// enabled u8 @0x35.
//
// Per sample (the same source's description of the DSP), with m the mean of the channels'
// squares on the mix buffers' scale, T the threshold and R the ratio:
//   level += input coefficient * (m - level); L = 10 log10(level) dB (-100 below 1e-10);
//   target gain in dB: 0 below T - 1.5; (1 / R - 1)(L - T) from T + 1.5; between them
//       -(1 - 1 / R) (L - T + 1.5)^2 / 6; the target is 10^(dB / 20);
//   the gain moves towards the target at the attack coefficient when the target is more
//       than 0.08 below the last target, at the release coefficient when more than 0.08
//       above, and at the coefficient used before in between;
//   out = in * gain * 10^((output gain + makeup) / 20), makeup = T (1 / R - 1) / 2 - 3 dB
//       when enabled, else 0.
// Float arithmetic: close to the console's, not bit-exact. The statistics some revisions
// report for it are not built (its result state stays zero).

#include <array>
#include <span>

#include "audio/renderer/delay_effect.h"
#include "base/types.h"

namespace audio::renderer {

struct CompressorParameters {
    std::array<s8, kMaxEffectChannels> inputs{};
    std::array<s8, kMaxEffectChannels> outputs{};
    u16 channel_count_max = 0;
    u16 channel_count = 0;
    float threshold = 0;  // dB
    float ratio = 1;
    float input_coefficient = 0;
    float attack_coefficient = 0;
    float release_coefficient = 0;
    float output_gain = 0;  // dB
    bool makeup_gain = false;
};

CompressorParameters ReadCompressorParameters(std::span<const u8> record);

struct CompressorState {
    bool ready = false;
    float level = 0;        // the smoothed mean square
    float last_target = 1;  // the target gain the dead band compares with
    float gain = 1;
    float coefficient = 0;  // the one used for the last sample
};

// Runs one frame, as ProcessDelay does (delay_effect.h).
void ProcessCompressor(const CompressorParameters& parameters, CompressorState& state,
                       std::span<const float* const> in, std::span<float* const> out,
                       u32 sample_count);

}  // namespace audio::renderer
