#include "audio/renderer/reverb_effect.h"

#include <algorithm>
#include <cmath>

#include "audio/renderer/effect_record.h"

namespace audio::renderer {
namespace {

// Tables from Ryujinx's Dsp/State/ReverbState.cs and Dsp/Command/ReverbCommand.cs.
// Late modes: room, hall, plate, cathedral, max (hall's lengths).
constexpr float kFdnMs[kReverbModes][kReverbLines] = {
    {53.953247f, 79.192566f, 116.238770f, 130.615295f},
    {53.953247f, 79.192566f, 116.238770f, 170.615295f},
    {5.0f, 10.0f, 5.0f, 10.0f},
    {47.03f, 71.0f, 103.0f, 170.0f},
    {53.953247f, 79.192566f, 116.238770f, 170.615295f},
};
constexpr float kAllPassMs[kReverbModes][kReverbLines] = {
    {7.0f, 9.0f, 13.0f, 17.0f}, {7.0f, 9.0f, 13.0f, 17.0f}, {1.0f, 1.0f, 1.0f, 1.0f},
    {7.0f, 7.0f, 13.0f, 9.0f},  {7.0f, 9.0f, 13.0f, 17.0f},
};
// Early modes: room, chamber, hall, cathedral, disabled.
constexpr float kEarlyTapMs[kReverbModes][kReverbEarlyTaps] = {
    {0.0f, 3.5f, 2.8f, 3.9f, 2.7f, 13.4f, 7.9f, 8.4f, 9.9f, 12.0f},
    {0.0f, 11.8f, 5.5f, 11.2f, 10.4f, 38.1f, 22.2f, 29.6f, 21.2f, 24.8f},
    {0.0f, 41.5f, 20.5f, 41.3f, 0.0f, 29.5f, 33.8f, 45.2f, 46.8f, 0.0f},
    {33.1f, 43.3f, 22.8f, 37.9f, 14.9f, 35.3f, 17.9f, 34.2f, 0.0f, 43.3f},
    {},
};
constexpr float kEarlyGains[kReverbModes][kReverbEarlyTaps] = {
    {0.70f, 0.68f, 0.70f, 0.68f, 0.70f, 0.68f, 0.70f, 0.68f, 0.68f, 0.68f},
    {0.70f, 0.68f, 0.70f, 0.68f, 0.70f, 0.68f, 0.68f, 0.68f, 0.68f, 0.68f},
    {0.50f, 0.70f, 0.70f, 0.68f, 0.50f, 0.68f, 0.68f, 0.70f, 0.68f, 0.00f},
    {0.93f, 0.92f, 0.87f, 0.86f, 0.94f, 0.81f, 0.80f, 0.77f, 0.76f, 0.65f},
    {},
};
constexpr float kPreDelayMs[kReverbModes] = {12.5f, 40.0f, 50.0f, 50.0f, 0.0f};
constexpr float kCentreDelayMs = 5.0f;

// The channel each early tap goes to, by channel count 1, 2, 4, 6 (surround also into the
// LFE). Surround in the console's legacy order: FL, FR, BL, BR, C, LFE.
constexpr u32 kEarlyTapChannel[4][kReverbEarlyTaps] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 1, 1, 0, 1, 0, 0, 1, 1},
    {0, 0, 1, 1, 0, 1, 2, 2, 3, 3},
    {0, 0, 1, 1, 4, 4, 2, 2, 3, 3},
};

float FromQ14(s32 value) {
    return static_cast<float>(value) / 16384.0f;
}

u32 SampleRateKhz(const ReverbParameters& p) {
    return p.sample_rate < 0 ? 0 : static_cast<u32>(p.sample_rate >> 14);
}

u32 TableFor(u32 channels) {
    return channels == 1 ? 0 : channels == 2 ? 1 : channels == 4 ? 2 : 3;
}

}  // namespace

ReverbParameters ReadReverbParameters(std::span<const u8> record) {
    ReverbParameters p;
    ReadChannelHeader(record, p);
    p.sample_rate = RecordField<s32>(record, 0x10);
    p.early_mode = RecordField<u32>(record, 0x14);
    p.early_gain = RecordField<s32>(record, 0x18);
    p.pre_delay = RecordField<s32>(record, 0x1C);
    p.late_mode = RecordField<u32>(record, 0x20);
    p.late_gain = RecordField<s32>(record, 0x24);
    p.decay_time = RecordField<s32>(record, 0x28);
    p.hf_decay_ratio = RecordField<s32>(record, 0x2C);
    p.colouration = RecordField<s32>(record, 0x30);
    p.reverb_gain = RecordField<s32>(record, 0x34);
    p.out_gain = RecordField<s32>(record, 0x38);
    p.dry_gain = RecordField<s32>(record, 0x3C);
    p.status = RecordField<u8>(record, 0x40);
    return p;
}

bool AreReverbParametersValid(const ReverbParameters& p) {
    const u32 rate = SampleRateKhz(p);
    return IsEffectChannelCountValid(p.channel_count) && rate >= 1 &&
           rate <= kReverbSampleRateMaxKhz && p.early_mode < kReverbModes &&
           p.late_mode < kReverbModes;
}

void ProcessReverb(const ReverbParameters& p, ReverbState& state, std::span<const float* const> in,
                   std::span<float* const> out, u32 sample_count) {
    const u32 rate = SampleRateKhz(p);
    const u32 channels = p.channel_count;
    const u32 pre_delay_max = SamplesForMs(rate, kReverbPreDelayMaxMs);
    if (!state.ready || state.sample_rate != rate || p.status == 0) {
        state = {};
        state.ready = true;
        state.sample_rate = rate;
        state.pre_delay.Reset(pre_delay_max + 2);
        state.centre.Reset(SamplesForMs(rate, kCentreDelayMs));
        for (u32 i = 0; i < kReverbLines; ++i) {
            state.fdn[i].Reset(SamplesForMs(rate, kFdnMs[kReverbModes - 1][i]));
            state.all_pass[i].Reset(SamplesForMs(rate, kAllPassMs[kReverbModes - 1][i]));
        }
    }

    const float pre_delay_ms = FiniteOr(FromQ14(p.pre_delay));
    const float early_gain = FromQ14(p.early_gain);
    std::array<u32, kReverbEarlyTaps> tap_delay{};
    std::array<float, kReverbEarlyTaps> tap_gain{};
    for (u32 k = 0; k < kReverbEarlyTaps; ++k) {
        tap_delay[k] =
            SamplesForMs(rate, kEarlyTapMs[p.early_mode][k] + pre_delay_ms, pre_delay_max) + 1;
        tap_gain[k] = kEarlyGains[p.early_mode][k] * early_gain;
    }
    if (channels == 2) {
        tap_gain[4] *= 0.5f;
        tap_gain[5] *= 0.5f;
    }
    const u32 late_delay =
        SamplesForMs(rate, kPreDelayMs[p.early_mode] + pre_delay_ms, pre_delay_max);

    const float decay_time = FromQ14(p.decay_time);
    const float ratio = FromQ14(p.hf_decay_ratio);
    const float all_pass_gain = 0.6f * (1.0f - std::clamp(FromQ14(p.colouration), 0.0f, 1.0f));
    std::array<u32, kReverbLines> fdn_delay{}, all_pass_delay{};
    std::array<float, kReverbLines> direct{}, previous{};
    for (u32 i = 0; i < kReverbLines; ++i) {
        fdn_delay[i] = SamplesForMs(rate, kFdnMs[p.late_mode][i]);
        all_pass_delay[i] = SamplesForMs(rate, kAllPassMs[p.late_mode][i]);
        if (!(decay_time > 0.0f)) {
            continue;  // no tail
        }
        const float b = -3.0f * static_cast<float>(fdn_delay[i] + all_pass_delay[i]) /
                        (decay_time * static_cast<float>(rate));
        float c = 0.0f;
        if (ratio > 0.0f && ratio < 0.995f) {
            const float e = std::pow(10.0f, (1.0f / ratio - 1.0f) * 2.0f / 100.0f * (b / 10.0f));
            const float f = 1.0f - e;
            const float g = 2.0f - 2.0f * e * std::cos(1280.0f / static_cast<float>(rate));
            c = FiniteOr((g - std::sqrt(std::max(g * g - 4.0f * f * f, 0.0f))) / (2.0f * f));
        }
        direct[i] = FiniteOr(std::pow(10.0f, b / 1000.0f) * (1.0f - c) * 0.7071f);
        previous[i] = c;
    }

    const float reverb_gain = FromQ14(p.reverb_gain);
    const float late_gain = FromQ14(p.late_gain);
    const float out_gain = FromQ14(p.out_gain);
    const float dry_gain = FromQ14(p.dry_gain);
    const bool surround = channels == 6;
    const auto& tap_channel = kEarlyTapChannel[TableFor(channels)];
    // Channel k of the DSP's order is buffer `mix[k]`.
    const std::array<u32, kMaxEffectChannels> mix = EffectChannelOrder(channels);

    std::array<float, kMaxEffectChannels> x{}, wet{};
    std::array<float, kReverbLines> h{}, y{};
    for (u32 s = 0; s < sample_count; ++s) {
        wet = {};
        float v = 0.0f;
        for (u32 c = 0; c < channels; ++c) {
            x[c] = in[mix[c]][s];
            v += reverb_gain * x[c];
        }
        for (u32 k = 0; k < kReverbEarlyTaps; ++k) {
            const float tap = state.pre_delay.Read(tap_delay[k]) * tap_gain[k];
            wet[tap_channel[k]] += tap;
            if (surround) {
                wet[kLegacyLfe] += tap;
            }
        }
        if (surround) {
            wet[kLegacyLfe] *= 0.2f;
        }
        state.pre_delay.Push(v);
        const float late = late_gain * state.pre_delay.Read(late_delay + 1);

        for (u32 i = 0; i < kReverbLines; ++i) {
            state.damping[i] =
                direct[i] * state.fdn[i].Read(fdn_delay[i]) + previous[i] * state.damping[i];
            h[i] = state.damping[i];
        }
        const std::array<float, kReverbLines> f{h[2] + h[1], -h[0] - h[3], h[0] - h[3],
                                                h[1] - h[2]};
        for (u32 i = 0; i < kReverbLines; ++i) {
            y[i] = AllPass(state.all_pass[i], all_pass_delay[i], all_pass_gain, f[i] + late);
            state.fdn[i].Push(y[i]);
        }

        switch (channels) {
            case 1:
                wet[0] += y[0] + y[1] + y[2] + y[3];
                break;
            case 2:
                wet[0] += y[0] + y[2];
                wet[1] += y[1] + y[3];
                break;
            default:
                for (u32 i = 0; i < kReverbLines; ++i) {
                    wet[i] += y[i];
                }
                break;
        }
        if (surround) {
            wet[kLegacyLfe] += y[3];
            wet[kLegacyCentre] += state.centre.Read(SamplesForMs(rate, kCentreDelayMs));
            state.centre.Push((y[2] - y[3]) * 0.5f);
        }
        for (u32 c = 0; c < channels; ++c) {
            out[mix[c]][s] = out_gain * wet[c] + dry_gain * x[c];
        }
    }
}

}  // namespace audio::renderer
