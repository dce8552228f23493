#include "audio/renderer/delay_effect.h"

#include <algorithm>

#include "audio/renderer/effect_record.h"

namespace audio::renderer {
namespace {

float FromQ14(u32 value) {
    return static_cast<float>(static_cast<s32>(value)) / 16384.0f;
}

u32 SamplesFor(u32 sample_rate_q14, u32 milliseconds) {
    const u64 samples = u64{sample_rate_q14 >> 14} * milliseconds / 1000;
    return static_cast<u32>(std::clamp<u64>(samples, 1, kMaxDelayLineSamples));
}

}  // namespace

DelayParameters ReadDelayParameters(std::span<const u8> record) {
    DelayParameters p;
    ReadChannelHeader(record, p);
    p.delay_time_max = RecordField<u32>(record, 0x10);
    p.delay_time = RecordField<u32>(record, 0x14);
    p.sample_rate = RecordField<u32>(record, 0x18);
    p.in_gain = RecordField<u32>(record, 0x1C);
    p.feedback_gain = RecordField<u32>(record, 0x20);
    p.out_gain = RecordField<u32>(record, 0x24);
    p.dry_gain = RecordField<u32>(record, 0x28);
    p.channel_spread = RecordField<u32>(record, 0x2C);
    p.lowpass_amount = RecordField<u32>(record, 0x30);
    return p;
}

void ProcessDelay(const DelayParameters& p, DelayState& state, std::span<const float* const> in,
                  std::span<float* const> out, u32 sample_count) {
    const u32 channels = p.channel_count;
    const u32 capacity = SamplesFor(p.sample_rate, std::max(p.delay_time_max, p.delay_time));
    if (!state.ready || state.channel_count != channels || state.capacity != capacity) {
        state = {};
        state.ready = true;
        state.channel_count = channels;
        state.capacity = capacity;
        state.lines.assign(std::size_t{channels} * capacity, 0.0f);
        state.delay = 0;
    }
    const u32 delay = std::min(SamplesFor(p.sample_rate, p.delay_time), capacity);
    if (delay != state.delay) {
        state.delay = delay;
        state.position = 0;
    }

    const float raw_feedback = FromQ14(p.feedback_gain);
    const float feedback = channels == 1 ? raw_feedback : raw_feedback * 0.98f;
    const float spread = FromQ14(p.channel_spread);
    const float base = channels == 1 ? feedback : (1.0f - spread) * feedback;
    const float cross = channels >= 4 ? spread * 0.5f * feedback : spread * feedback;
    const float in_gain = FromQ14(p.in_gain);
    const float dry_gain = FromQ14(p.dry_gain);
    const float out_gain = FromQ14(p.out_gain);
    const float lowpass_feedback = 0.95f * FromQ14(p.lowpass_amount);
    const float lowpass_base = 1.0f - lowpass_feedback;

    // F's cross terms: the channels each channel takes feedback from besides itself.
    std::array<std::array<float, kMaxEffectChannels>, kMaxEffectChannels> matrix{};
    for (u32 c = 0; c < channels; ++c) {
        matrix[c][c] = base;
    }
    auto link = [&](u32 a, u32 b) { matrix[a][b] = matrix[b][a] = cross; };
    if (channels == 2) {
        link(0, 1);
    } else if (channels == 4) {
        link(0, 1), link(0, 2), link(1, 3), link(2, 3);
    } else if (channels == 6) {
        link(0, 2), link(0, 4), link(1, 2), link(1, 5), link(4, 5);
        matrix[3][3] = feedback;  // LFE: its own feedback only
    }

    std::array<float, kMaxEffectChannels> x{}, d{};
    for (u32 i = 0; i < sample_count; ++i) {
        for (u32 c = 0; c < channels; ++c) {
            x[c] = in[c][i];
            d[c] = state.lines[std::size_t{c} * capacity + state.position];
        }
        for (u32 c = 0; c < channels; ++c) {
            float t = in_gain * x[c];
            for (u32 k = 0; k < channels; ++k) {
                t += matrix[c][k] * d[k];
            }
            state.lowpass[c] = lowpass_feedback * state.lowpass[c] + lowpass_base * t;
            state.lines[std::size_t{c} * capacity + state.position] = state.lowpass[c];
            out[c][i] = dry_gain * x[c] + out_gain * d[c];
        }
        state.position = state.position + 1 >= state.delay ? 0 : state.position + 1;
    }
}

}  // namespace audio::renderer
