#pragma once

// The I3DL2 reverb effect (EffectType::I3dl2Reverb, "Reverb3d"): 20 early reflection taps and a
// late tail tapped from one pre-delay line, the tail a feedback delay network of 4 lines, each
// with a high-frequency shelf and two all-pass diffusers. Facts from Ryujinx's
// Parameter/Effect/Reverb3dParameter.cs, Dsp/State/Reverb3dState.cs, Dsp/Command/
// Reverb3dCommand.cs and Dsp/Effect/DelayLine3d.cs, DecayDelay.cs.
//
// Parameter layout (the effect record's bytes after its header): the channel header
// (effect_record.h), a reserved u32 @0x10, sample rate (Hz) u32 @0x14, then f32s: room HF gain
// (mB) @0x18, HF reference (Hz) @0x1C, decay time (s) @0x20, HF decay ratio @0x24, room gain
// (mB) @0x28, reflections gain (mB) @0x2C, reverb gain (mB) @0x30, diffusion (%) @0x34,
// reflections delay (s) @0x38, reverb delay (s) @0x3C, density (%) @0x40, dry gain @0x44; the
// program's usage status u8 @0x48 (0 Invalid: start the state again).
//
// With r the rate in kHz (rate / 1000), S(ms) = round(r * ms) samples, P = S(400) the pre-delay
// line's length, P10(x) the DSP's 10^x (1 for x >= 0, 0 for x <= -5.3), cos, sin and cot of
// degrees, and per sample, x[c] the input:
//   early[c] = P10(min(room + reflections, 5000) / 2000) * sum of the taps k sent to c of
//       kEarlyGain[k] * (the pre-delay line's sample e_k + 1 pushes ago), with
//       e_k = min(S(1000 reflections delay + 1000 kEarlyTime[k] (0.9998 reverb delay + 0.02)), P);
//       six channels send each tap to its channel and to the LFE as well;
//   the late input t = the pre-delay line's sample S(1000 (reflections + reverb delay)) + 1
//       pushes ago (at most P + 1), times P10(min(room + reverb, 5000) / 2000);
//   the pre-delay line takes p = (1 - q) sum_c x[c] + q p_prev, a one-pole room HF filter: with
//       g = P10(room HF / 2000) < 1, B = 2 - 2 g cos(256 hf / rate), q = (B - sqrt(B^2 - 4 (1 -
//       g)^2)) / (2 (1 - g)); q = 0 otherwise;
//   line i: d = its sample D_i pushes ago, D_i = S(kFdnMin[i] + density / 100 (kFdnMax[i] -
//       kFdnMin[i])); o_i = a_i d + s_i; s_i = b_i d + c_i o_i (the HF shelf);
//       f = (o2 + o1, -o0 - o3, o0 - o3, o1 - o2);
//       v_i = all-pass2(all-pass1(t + f_i)), all-pass1 of S(kDecay1Ms[i]) samples and gain
//       k = 0.6 diffusion / 100, all-pass2 of S(kDecay2Ms[i]) samples and gain -0.9 k
//       (effect_delay_line.h AllPass); v_i is pushed into line i;
//   out[c] = early[c] + v[kTail[c]] + dry x[c] (mono adds v1 as well; six channels: the centre
//       takes early + (v2 - v3) / 2 delayed S(5) + dry x, the LFE v3).
// The shelf: T = D_i + S(kDecay1Ms[i]) + S(kDecay2Ms[i]) samples round the loop, A = -60 T /
// (decay time * rate) dB, Bd = A / HF ratio, C = cot(64 hf / rate), Dd = P10((Bd - A) / 40),
// E = P10((Bd + A) / 40) 0.7071; a = E (Dd C + 1) / (C + Dd), b = E (1 - Dd C) / (C + Dd),
// c = (C - Dd) / (C + Dd). Float arithmetic, close to the console's, not bit-exact; a
// non-finite coefficient is taken as 0.
// Six channels: Ryujinx's 40-entry early table pairs each tap's channel with the LFE (its loop
// indexes it by tap, which reads the pairs' halves as taps; the pairing is taken here).

#include <array>
#include <span>

#include "audio/renderer/delay_effect.h"
#include "audio/renderer/effect_delay_line.h"
#include "base/types.h"

namespace audio::renderer {

inline constexpr u32 kI3dl2Lines = 4;
inline constexpr u32 kI3dl2EarlyTaps = 20;
inline constexpr float kI3dl2PreDelayMs = 400.0f;
inline constexpr u32 kI3dl2SampleRateMaxKhz = 192;

struct I3dl2ReverbParameters {
    std::array<s8, kMaxEffectChannels> inputs{};
    std::array<s8, kMaxEffectChannels> outputs{};
    u16 channel_count_max = 0;
    u16 channel_count = 0;
    u32 sample_rate = 0;        // Hz
    float room_hf_gain = 0.0f;  // mB
    float hf_reference = 0.0f;  // Hz
    float decay_time = 0.0f;    // s
    float hf_decay_ratio = 0.0f;
    float room_gain = 0.0f;          // mB
    float reflections_gain = 0.0f;   // mB
    float reverb_gain = 0.0f;        // mB
    float diffusion = 0.0f;          // %
    float reflections_delay = 0.0f;  // s
    float reverb_delay = 0.0f;       // s
    float density = 0.0f;            // %
    float dry_gain = 0.0f;
    u8 status = 0;  // the program's usage state: 0 asks for a fresh state
};

// Reads the record. The gains as written (a non-finite one reads as -10000 mB); the values
// that shape the network clamped into the I3DL2 guideline's ranges, outside which the
// console's network is unstable (HF reference 20..20000 Hz and at most 0.45 of the rate, decay
// time 0.1..20 s, HF ratio 0.1..2, diffusion and density 0..100 %, reflections delay 0..0.3 s,
// reverb delay 0..0.1 s; a non-finite value reads as the low end); the dry gain kept within
// +-1000 (a non-finite one reads as 0).
I3dl2ReverbParameters ReadI3dl2ReverbParameters(std::span<const u8> record);

// Whether the DSP can run these parameters: a valid channel count and a rate of 1 to 192 kHz
// (otherwise the signal passes through).
bool AreI3dl2ReverbParametersValid(const I3dl2ReverbParameters& parameters);

struct I3dl2ReverbState {
    bool ready = false;
    u32 sample_rate = 0;  // kHz the lines were sized for
    DelayLine pre_delay;
    DelayLine centre;
    std::array<DelayLine, kI3dl2Lines> fdn;
    std::array<DelayLine, kI3dl2Lines> all_pass1;
    std::array<DelayLine, kI3dl2Lines> all_pass2;
    std::array<float, kI3dl2Lines> shelf{};  // s_i
    float room_filter = 0.0f;                // p_prev
};

// Runs one frame over `in[c]` and `out[c]` (`sample_count` each; they may be the same buffer)
// for c < parameters.channel_count; the parameters must be valid. The state is (re)built when
// it is not ready, the sample rate changed, or the status is 0 (Invalid).
void ProcessI3dl2Reverb(const I3dl2ReverbParameters& parameters, I3dl2ReverbState& state,
                        std::span<const float* const> in, std::span<float* const> out,
                        u32 sample_count);

}  // namespace audio::renderer
