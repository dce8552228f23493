#pragma once

// The delay effect: each channel through a delay line whose output feeds back into it (mixed
// across channels by the channel spread) through a one-pole low-pass, the delayed signal
// mixed with the dry input. Parameter layout (the effect record's 0xA0 bytes after its
// header) as Ryujinx's Parameter/Effect/DelayParameter.cs and yuzu's effect/delay.h document
// it: inputs[6] s8, outputs[6] s8 @6, channel count max u16 @0xC, channel count u16 @0xE,
// delay time max (ms) u32 @0x10, delay time (ms) @0x14, sample rate (Hz, Q14) @0x18, in gain
// @0x1C, feedback gain @0x20, out (wet) gain @0x24, dry gain @0x28, channel spread @0x2C,
// low-pass amount @0x30 (gains Q14 fixed point), the program's usage state u8 @0x34.
//
// Per sample, for channel c with input x[c] and delay-line output d[c] (the DSP's description
// in the same sources):
//   feedback f = feedback gain * 0.98 (one channel: the feedback gain itself);
//   t = F d + in gain * x, F's diagonal (1 - spread) f, its cross terms spread * f between
//       left and right (stereo), or spread * f / 2 between neighbours (4 channels: FL-FR,
//       FL-BL, FR-BR, BL-BR; 6 channels: FL-C, FL-BL, FR-C, FR-BR, BL-BR, LFE alone at f);
//   l[c] = 0.95 * low-pass amount * l[c] + (1 - 0.95 * low-pass amount) * t[c], written into
//       the line;
//   out[c] = dry gain * x[c] + out gain * d[c].
// The line delays by delay time * sample rate / 1000 samples (at least one). Float
// arithmetic: close to the console's, not bit-exact.

#include <array>
#include <span>
#include <vector>

#include "base/types.h"

namespace audio::renderer {

inline constexpr u32 kMaxEffectChannels = 6;
// The longest delay line kept per channel (about 21 s at 48 kHz): a larger delay time max is
// clamped to it (the console bounds it by the work buffer the program gave).
inline constexpr u32 kMaxDelayLineSamples = 1u << 20;

struct DelayParameters {
    std::array<s8, kMaxEffectChannels> inputs{};
    std::array<s8, kMaxEffectChannels> outputs{};
    u16 channel_count_max = 0;
    u16 channel_count = 0;
    u32 delay_time_max = 0;  // ms
    u32 delay_time = 0;      // ms
    u32 sample_rate = 0;     // Hz, Q14
    u32 in_gain = 0;         // the gains: Q14
    u32 feedback_gain = 0;
    u32 out_gain = 0;
    u32 dry_gain = 0;
    u32 channel_spread = 0;
    u32 lowpass_amount = 0;
};

DelayParameters ReadDelayParameters(std::span<const u8> record);

// Whether the effect processes `channel_count` channels (1, 2, 4 or 6, as the console's
// effects; another count passes its signal through).
constexpr bool IsEffectChannelCountValid(u32 channel_count) {
    return channel_count == 1 || channel_count == 2 || channel_count == 4 || channel_count == 6;
}

struct DelayState {
    bool ready = false;
    u32 channel_count = 0;
    u32 capacity = 0;  // samples per line
    u32 delay = 0;     // samples the line delays by
    u32 position = 0;
    std::vector<float> lines;  // channel c at c * capacity
    std::array<float, kMaxEffectChannels> lowpass{};
};

// Runs one frame: `in[c]` and `out[c]` (each `sample_count` long; they may be the same
// buffer) for c < parameters.channel_count, which must be valid. The state is (re)built
// when it is not ready or the channel count or line size changed; a new delay time keeps
// the lines and starts them again at their beginning.
void ProcessDelay(const DelayParameters& parameters, DelayState& state,
                  std::span<const float* const> in, std::span<float* const> out, u32 sample_count);

}  // namespace audio::renderer
