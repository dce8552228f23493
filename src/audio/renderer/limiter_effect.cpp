#include "audio/renderer/limiter_effect.h"

#include <algorithm>
#include <cmath>

#include "audio/renderer/effect_record.h"

namespace audio::renderer {

LimiterParameters ReadLimiterParameters(std::span<const u8> record) {
    LimiterParameters p;
    ReadChannelHeader(record, p);
    p.attack_coefficient = FiniteOr(RecordField<float>(record, 0x24));
    p.release_coefficient = FiniteOr(RecordField<float>(record, 0x28));
    p.threshold = FiniteOr(RecordField<float>(record, 0x2C));
    p.input_gain = FiniteOr(RecordField<float>(record, 0x30));
    p.output_gain = FiniteOr(RecordField<float>(record, 0x34));
    p.delay_samples_min = RecordField<s32>(record, 0x38);
    p.delay_samples_max = RecordField<s32>(record, 0x3C);
    p.statistics_enabled = RecordField<u8>(record, 0x41) != 0;
    p.statistics_reset = RecordField<u8>(record, 0x42) != 0;
    return p;
}

void ProcessLimiter(const LimiterParameters& p, LimiterState& state,
                    std::span<const float* const> in, std::span<float* const> out,
                    u32 sample_count) {
    const u32 channels = p.channel_count;
    const u32 capacity = static_cast<u32>(std::clamp<s64>(
        std::max<s64>(p.delay_samples_min, p.delay_samples_max), 1, kMaxLimiterDelaySamples));
    if (!state.ready || state.channel_count != channels || state.capacity != capacity) {
        const LimiterStatistics kept = state.statistics;
        state = {};
        state.ready = true;
        state.channel_count = channels;
        state.capacity = capacity;
        state.gain.fill(1.0f);
        state.delayed.assign(std::size_t{channels} * capacity, 0.0f);
        state.statistics = kept;
    }
    if (p.statistics_reset) {
        state.statistics = {};
    }
    const u32 length = static_cast<u32>(std::clamp<s64>(p.delay_samples_min, 1, s64{capacity}));
    for (u32 c = 0; c < channels; ++c) {
        float* line = state.delayed.data() + std::size_t{c} * capacity;
        u32& position = state.position[c];
        position %= length;
        for (u32 i = 0; i < sample_count; ++i) {
            const float x = in[c][i] / 32767.0f * p.input_gain;
            const float level = std::fabs(x);
            const float input_coefficient =
                level > state.detector[c] ? p.attack_coefficient : p.release_coefficient;
            state.detector[c] += input_coefficient * (level - state.detector[c]);
            const float target =
                state.detector[c] > p.threshold ? p.threshold / state.detector[c] : 1.0f;
            const float output_coefficient =
                state.gain[c] > target ? p.attack_coefficient : p.release_coefficient;
            state.gain[c] += output_coefficient * (target - state.gain[c]);
            const float delayed = line[position];
            line[position] = x;
            position = position + 1 >= length ? 0 : position + 1;
            out[c][i] = delayed * state.gain[c] * p.output_gain * 32767.0f;
            state.statistics.input_max[c] = std::max(state.statistics.input_max[c], level);
            state.statistics.gain_min[c] = std::min(state.statistics.gain_min[c], state.gain[c]);
        }
    }
}

}  // namespace audio::renderer
