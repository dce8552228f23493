#pragma once

// The reverb effect: early reflections tapped from a pre-delay line, then a late tail from a
// feedback delay network of 4 lines, each through an all-pass diffuser and a one-pole
// high-frequency damping. Facts from Ryujinx's Parameter/Effect/ReverbParameter.cs,
// Dsp/State/ReverbState.cs and Dsp/Command/ReverbCommand.cs (and yuzu's effect/reverb.h).
//
// Parameter layout (the effect record's 0xA0 bytes after its header): the channel header
// (effect_record.h), sample rate (kHz, Q14) s32 @0x10, early mode u32 @0x14, early gain @0x18,
// pre-delay (ms) @0x1C, late mode u32 @0x20, late gain @0x24, decay time (s) @0x28, HF decay
// ratio @0x2C, colouration @0x30, reverb (input) gain @0x34, out (wet) gain @0x38, dry gain
// @0x3C (all Q14 s32), the program's usage status u8 @0x40 (0 Invalid: start the state again).
//
// Per sample, r the sample rate in kHz, S(ms) = round(r * ms) samples, x[c] the input:
//   v = reverb gain * sum_c x[c], pushed into the pre-delay line;
//   early tap k (10 taps) = early gain * kEarlyGains[mode][k] * v delayed by
//       min(S(kEarlyTapMs[mode][k] + pre-delay), S(350)) + 1 samples (stereo: taps 4 and 5
//       at half gain), summed into the channel kEarlyTapChannel gives (surround: each tap
//       into its channel and into the LFE, the LFE's early sum times 0.2);
//   late input l = late gain * v delayed by min(S(kPreDelayMs[early mode] + pre-delay), S(350));
//   line i (i < 4): d_i = its sample S(kFdnMs[late][i]) ago; h_i = a_i d_i + b_i h_i (the
//       damping, h_i's previous value on the right); f = (h2 + h1, -h0 - h3, h0 - h3, h1 - h2);
//       y_i = all-pass(f_i + l) with its line of S(kAllPassMs[late][i]) samples and
//       coefficient g = 0.6 (1 - colouration): w = in - g z, y = z + g w, w written, z its
//       sample that many samples ago; y_i is written into line i;
//   wet outputs: mono y0+y1+y2+y3; stereo L y0+y2, R y1+y3; 4 channels y_c each; surround
//       FL..BR y0..y3, LFE + y3, centre (y2 - y3) / 2 delayed by S(5);
//   out[c] = out gain * wet[c] + dry gain * x[c].
// The damping: T_i = S(kFdnMs) + S(kAllPassMs) samples round the loop, B = -3 T_i / (decay
// time * r) (a 60 dB fall per decay time); with ratio q < 0.995: E = 10^((1/q - 1) * 2 / 100 *
// B / 10), F = 1 - E, G = 2 - 2 E cos(1280 / r), b = (G - sqrt(G^2 - 4 F^2)) / (2 F);
// otherwise b = 0; a_i = 10^(B / 1000) (1 - b) 0.7071 (the 0.7071 makes f's matrix
// orthonormal). Float arithmetic: close to the console's, not bit-exact.

#include <array>
#include <span>
#include <vector>

#include "audio/renderer/delay_effect.h"
#include "audio/renderer/effect_delay_line.h"
#include "base/types.h"

namespace audio::renderer {

inline constexpr u32 kReverbLines = 4;
inline constexpr u32 kReverbEarlyTaps = 10;
inline constexpr u32 kReverbModes = 5;                 // early: room, chamber, hall, cathedral, off
inline constexpr float kReverbPreDelayMaxMs = 350.0f;  // the long pre-delay of later revisions
inline constexpr u32 kReverbSampleRateMaxKhz = 192;

struct ReverbParameters {
    std::array<s8, kMaxEffectChannels> inputs{};
    std::array<s8, kMaxEffectChannels> outputs{};
    u16 channel_count_max = 0;
    u16 channel_count = 0;
    s32 sample_rate = 0;  // kHz, Q14; the gains, times and ratios below also Q14
    u32 early_mode = 0;
    s32 early_gain = 0;
    s32 pre_delay = 0;  // ms
    u32 late_mode = 0;
    s32 late_gain = 0;
    s32 decay_time = 0;  // s
    s32 hf_decay_ratio = 0;
    s32 colouration = 0;
    s32 reverb_gain = 0;
    s32 out_gain = 0;
    s32 dry_gain = 0;
    u8 status = 0;  // the program's usage state: 0 asks for a fresh state
};

ReverbParameters ReadReverbParameters(std::span<const u8> record);

// Whether the DSP can run these parameters: a valid channel count, a sample rate of 1 to 192
// kHz, early and late modes below 5 (otherwise the signal passes through).
bool AreReverbParametersValid(const ReverbParameters& parameters);

struct ReverbState {
    bool ready = false;
    u32 sample_rate = 0;  // kHz the lines were sized for
    DelayLine pre_delay;
    DelayLine centre;
    std::array<DelayLine, kReverbLines> fdn;
    std::array<DelayLine, kReverbLines> all_pass;
    std::array<float, kReverbLines> damping{};  // h_i
};

// Runs one frame over `in[c]` and `out[c]` (`sample_count` each; they may be the same buffer)
// for c < parameters.channel_count; the parameters must be valid. The state is (re)built when
// it is not ready, the sample rate changed, or the status is 0 (Invalid).
void ProcessReverb(const ReverbParameters& parameters, ReverbState& state,
                   std::span<const float* const> in, std::span<float* const> out, u32 sample_count);

}  // namespace audio::renderer
