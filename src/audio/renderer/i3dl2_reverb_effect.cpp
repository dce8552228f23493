#include "audio/renderer/i3dl2_reverb_effect.h"

#include <algorithm>
#include <cmath>

#include "audio/renderer/effect_record.h"

namespace audio::renderer {
namespace {

// Tables from Ryujinx's Dsp/State/Reverb3dState.cs (times in ms; the early times are fractions
// of the reverb delay).
constexpr float kFdnMinMs[kI3dl2Lines] = {5.0f, 6.0f, 13.0f, 14.0f};
constexpr float kFdnMaxMs[kI3dl2Lines] = {45.704f, 82.782f, 149.94f, 271.58f};
constexpr float kDecay1Ms[kI3dl2Lines] = {17.0f, 13.0f, 9.0f, 7.0f};
constexpr float kDecay2Ms[kI3dl2Lines] = {19.0f, 11.0f, 10.0f, 6.0f};
constexpr float kEarlyTime[kI3dl2EarlyTaps] = {0.017136f, 0.059154f, 0.16173f, 0.39019f, 0.42526f,
                                               0.45541f,  0.68974f,  0.74591f, 0.83384f, 0.8595f,
                                               0.0f,      0.075024f, 0.16879f, 0.2999f,  0.33744f,
                                               0.3719f,   0.59901f,  0.71674f, 0.81786f, 0.85166f};
constexpr float kEarlyGain[kI3dl2EarlyTaps] = {0.67096f, 0.61027f, 1.0f,     0.35680f, 0.68361f,
                                               0.65978f, 0.51939f, 0.24712f, 0.45945f, 0.45021f,
                                               0.64196f, 0.54879f, 0.92925f, 0.38270f, 0.72867f,
                                               0.69794f, 0.5464f,  0.24563f, 0.45214f, 0.44042f};
constexpr float kCentreDelayMs = 5.0f;

// The channel each early tap goes to, by channel count 1, 2, 4, 6 (Reverb3dCommand.cs's
// output tables; six channels in the legacy order, each tap also into the LFE: the 40-entry
// table pairs every tap's channel with the LFE).
constexpr u32 kEarlyTapChannel[4][kI3dl2EarlyTaps] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1},
    {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3},
    {4, 0, 0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3},
};
// The tail line each output channel takes (six channels: the centre has its own, below).
constexpr u32 kTailLine[kMaxEffectChannels] = {0, 1, 2, 3, 0, 3};

u32 TableFor(u32 channels) {
    return channels == 1 ? 0 : channels == 2 ? 1 : channels == 4 ? 2 : 3;
}

u32 RateKhz(const I3dl2ReverbParameters& p) {
    return p.sample_rate / 1000;
}

// 10^x as the console's DSP computes it: from a Q15 table covering -5.3 < x < 0, so 1 for
// x >= 0 and 0 for x <= -5.3 (Ryujinx's FloatingPointHelper.Pow10 and yuzu's i3dl2_reverb.cpp
// pow_10 both keep that range). No gain the effect derives from it exceeds 1.
float Pow10(float exponent) {
    if (exponent >= 0.0f) {
        return 1.0f;
    }
    if (exponent <= -5.3f) {
        return 0.0f;
    }
    return std::pow(10.0f, exponent);  // NaN stays NaN: the coefficients' FiniteOr takes it
}

// The DSP's cosine and sine take degrees (FloatingPointHelper.Cos / Sin; yuzu's cos / sin
// lambdas).
constexpr float kRadiansPerDegree = 3.14159265358979f / 180.0f;
float CosDegrees(float degrees) {
    return std::cos(degrees * kRadiansPerDegree);
}
float SinDegrees(float degrees) {
    return std::sin(degrees * kRadiansPerDegree);
}

struct Coefficients {
    float early_gain = 0.0f;
    float late_gain = 0.0f;
    float room_input = 1.0f;     // 1 - q
    float room_previous = 0.0f;  // q
    u32 reflection_delay = 0;
    std::array<u32, kI3dl2EarlyTaps> early_delay{};
    std::array<u32, kI3dl2Lines> fdn_delay{}, decay1_delay{}, decay2_delay{};
    std::array<float, kI3dl2Lines> direct{}, shelf_direct{}, shelf_output{};
    float diffusion = 0.0f;
};

Coefficients CoefficientsOf(const I3dl2ReverbParameters& p, const I3dl2ReverbState& state) {
    const u32 r = RateKhz(p);
    const float rate = static_cast<float>(p.sample_rate);
    const u32 pre_delay_max = SamplesForMs(r, kI3dl2PreDelayMs);
    Coefficients k;
    k.early_gain = FiniteOr(Pow10(std::min(p.room_gain + p.reflections_gain, 5000.0f) / 2000.0f));
    k.late_gain = FiniteOr(Pow10(std::min(p.room_gain + p.reverb_gain, 5000.0f) / 2000.0f));
    const float g = Pow10(p.room_hf_gain / 2000.0f);
    if (g < 1.0f) {
        const float b = 2.0f - 2.0f * g * CosDegrees(256.0f * p.hf_reference / rate);
        const float c = std::sqrt(std::max(b * b - 4.0f * (1.0f - g) * (1.0f - g), 0.0f));
        k.room_previous = FiniteOr((b - c) / (2.0f * (1.0f - g)));
        k.room_input = 1.0f - k.room_previous;
    }
    k.reflection_delay =
        SamplesForMs(r, 1000.0f * (p.reflections_delay + p.reverb_delay), pre_delay_max);
    for (u32 t = 0; t < kI3dl2EarlyTaps; ++t) {
        k.early_delay[t] =
            SamplesForMs(r,
                         1000.0f * p.reflections_delay +
                             1000.0f * kEarlyTime[t] * (p.reverb_delay * 0.9998f + 0.02f),
                         pre_delay_max);
    }
    k.diffusion = 0.6f * p.diffusion * 0.01f;
    for (u32 i = 0; i < kI3dl2Lines; ++i) {
        const u32 longest = static_cast<u32>(state.fdn[i].samples.size());
        k.fdn_delay[i] = std::min(
            SamplesForMs(r, kFdnMinMs[i] + p.density / 100.0f * (kFdnMaxMs[i] - kFdnMinMs[i])),
            longest);
        k.decay1_delay[i] = SamplesForMs(r, kDecay1Ms[i]);
        k.decay2_delay[i] = SamplesForMs(r, kDecay2Ms[i]);
        const float loop =
            static_cast<float>(k.fdn_delay[i] + k.decay1_delay[i] + k.decay2_delay[i]);
        const float a = -60.0f * loop / (p.decay_time * rate);
        const float bd = a / p.hf_decay_ratio;
        const float angle = 64.0f * p.hf_reference / rate;
        const float c = CosDegrees(angle) / SinDegrees(angle);
        const float d = Pow10((bd - a) / 40.0f);
        const float e = Pow10((bd + a) / 40.0f) * 0.7071f;
        k.direct[i] = FiniteOr(e * (d * c + 1.0f) / (c + d));
        k.shelf_direct[i] = FiniteOr(e * (1.0f - d * c) / (c + d));
        k.shelf_output[i] = FiniteOr((c - d) / (c + d));
    }
    return k;
}

void Rebuild(I3dl2ReverbState& state, u32 r) {
    state = {};
    state.ready = true;
    state.sample_rate = r;
    state.pre_delay.Reset(SamplesForMs(r, kI3dl2PreDelayMs) + 2);
    state.centre.Reset(SamplesForMs(r, kCentreDelayMs));
    for (u32 i = 0; i < kI3dl2Lines; ++i) {
        state.fdn[i].Reset(SamplesForMs(r, kFdnMaxMs[i]));
        state.all_pass1[i].Reset(SamplesForMs(r, kDecay1Ms[i]));
        state.all_pass2[i].Reset(SamplesForMs(r, kDecay2Ms[i]));
    }
}

}  // namespace

I3dl2ReverbParameters ReadI3dl2ReverbParameters(std::span<const u8> record) {
    I3dl2ReverbParameters p;
    ReadChannelHeader(record, p);
    p.sample_rate = RecordField<u32>(record, 0x14);
    // The gains are taken as written: the DSP's Pow10 keeps every gain derived from them
    // within 0..1. A non-finite one reads as -10000 mB (silence), a choice of nxhost's.
    const auto gain = [&](std::size_t offset) {
        return FiniteOr(RecordField<float>(record, offset), -10000.0f);
    };
    p.room_hf_gain = gain(0x18);
    p.room_gain = gain(0x28);
    p.reflections_gain = gain(0x2C);
    p.reverb_gain = gain(0x30);
    // The network's shape is kept within the I3DL2 guideline's ranges, where the console's
    // formulas give a stable network: a decay time or HF ratio of 0 or less makes a loop gain
    // of 1 or more, a diffusion over 166 % an all-pass gain of 1 or more, an HF reference past
    // 90 degrees of the shelf's angle (64 hf / rate) a shelf with a pole outside the unit
    // circle. The console takes them as written and its reverb then grows without bound; here
    // they are clamped (a non-finite one reads as the low end). Inside the ranges the two
    // agree; the SDK's setters keep a program's values inside them.
    const auto real = [&](std::size_t offset, float low, float high) {
        return std::clamp(FiniteOr(RecordField<float>(record, offset), low), low, high);
    };
    const float hf_most = std::clamp(0.45f * static_cast<float>(p.sample_rate), 20.0f, 20000.0f);
    p.hf_reference = real(0x1C, 20.0f, hf_most);
    p.decay_time = real(0x20, 0.1f, 20.0f);
    p.hf_decay_ratio = real(0x24, 0.1f, 2.0f);
    p.diffusion = real(0x34, 0.0f, 100.0f);
    p.reflections_delay = real(0x38, 0.0f, 0.3f);
    p.reverb_delay = real(0x3C, 0.0f, 0.1f);
    p.density = real(0x40, 0.0f, 100.0f);
    // Not an I3DL2 property: kept within +-1000, so that no mix level overflows a float.
    p.dry_gain = std::clamp(FiniteOr(RecordField<float>(record, 0x44)), -1000.0f, 1000.0f);
    p.status = RecordField<u8>(record, 0x48);
    return p;
}

bool AreI3dl2ReverbParametersValid(const I3dl2ReverbParameters& p) {
    const u32 r = RateKhz(p);
    return IsEffectChannelCountValid(p.channel_count) && r >= 1 && r <= kI3dl2SampleRateMaxKhz;
}

void ProcessI3dl2Reverb(const I3dl2ReverbParameters& p, I3dl2ReverbState& state,
                        std::span<const float* const> in, std::span<float* const> out,
                        u32 sample_count) {
    const u32 r = RateKhz(p);
    if (!state.ready || state.sample_rate != r || p.status == 0) {
        Rebuild(state, r);
    }
    const Coefficients k = CoefficientsOf(p, state);
    const u32 channels = p.channel_count;
    const auto& tap_channel = kEarlyTapChannel[TableFor(channels)];
    const std::array<u32, kMaxEffectChannels> mix = EffectChannelOrder(channels);
    const bool surround = channels == 6;
    const u32 centre_delay = SamplesForMs(r, kCentreDelayMs);

    std::array<float, kMaxEffectChannels> x{}, early{};
    std::array<float, kI3dl2Lines> o{}, v{};
    for (u32 s = 0; s < sample_count; ++s) {
        early = {};
        for (u32 t = 0; t < kI3dl2EarlyTaps; ++t) {
            const float tap = state.pre_delay.Read(k.early_delay[t] + 1) * kEarlyGain[t];
            early[tap_channel[t]] += tap;
            if (surround) {
                early[kLegacyLfe] += tap;
            }
        }
        const float late = state.pre_delay.Read(k.reflection_delay + 1) * k.late_gain;
        float sum = 0.0f;
        for (u32 c = 0; c < channels; ++c) {
            x[c] = in[mix[c]][s];
            sum += x[c];
            early[c] *= k.early_gain;
        }
        state.room_filter = k.room_input * sum + k.room_previous * state.room_filter;
        state.pre_delay.Push(state.room_filter);

        for (u32 i = 0; i < kI3dl2Lines; ++i) {
            const float d = state.fdn[i].Read(k.fdn_delay[i]);
            o[i] = k.direct[i] * d + state.shelf[i];
            state.shelf[i] = k.shelf_direct[i] * d + k.shelf_output[i] * o[i];
        }
        const std::array<float, kI3dl2Lines> f{o[2] + o[1], -o[0] - o[3], o[0] - o[3], o[1] - o[2]};
        for (u32 i = 0; i < kI3dl2Lines; ++i) {
            const float diffused =
                AllPass(state.all_pass1[i], k.decay1_delay[i], k.diffusion, late + f[i]);
            v[i] = AllPass(state.all_pass2[i], k.decay2_delay[i], -0.9f * k.diffusion, diffused);
            state.fdn[i].Push(v[i]);
        }

        for (u32 c = 0; c < channels; ++c) {
            float wet = early[c];
            if (surround && c == kLegacyCentre) {
                wet += state.centre.Read(centre_delay);
                state.centre.Push((v[2] - v[3]) * 0.5f);
            } else {
                wet += v[kTailLine[c]];
            }
            if (channels == 1) {
                wet += v[1];
            }
            out[mix[c]][s] = wet + p.dry_gain * x[c];
        }
    }
}

}  // namespace audio::renderer
