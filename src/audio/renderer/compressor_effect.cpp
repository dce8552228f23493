#include "audio/renderer/compressor_effect.h"

#include <cmath>

#include "audio/renderer/effect_record.h"

namespace audio::renderer {
namespace {

float DecibelsToGain(float decibels) {
    return std::pow(10.0f, decibels / 20.0f);
}

constexpr float kKneeHalfWidth = 1.5f;  // dB
constexpr float kDeadBand = 0.08f;

}  // namespace

CompressorParameters ReadCompressorParameters(std::span<const u8> record) {
    CompressorParameters p;
    ReadChannelHeader(record, p);
    p.threshold = FiniteOr(RecordField<float>(record, 0x14));
    p.ratio = FiniteOr(RecordField<float>(record, 0x18), 1.0f);
    if (p.ratio == 0.0f) {
        p.ratio = 1.0f;  // no compression rather than a division by zero
    }
    p.input_coefficient = FiniteOr(RecordField<float>(record, 0x24));
    p.attack_coefficient = FiniteOr(RecordField<float>(record, 0x28));
    p.release_coefficient = FiniteOr(RecordField<float>(record, 0x2C));
    p.output_gain = FiniteOr(RecordField<float>(record, 0x30));
    p.makeup_gain = RecordField<u8>(record, 0x35) != 0;
    return p;
}

void ProcessCompressor(const CompressorParameters& p, CompressorState& state,
                       std::span<const float* const> in, std::span<float* const> out,
                       u32 sample_count) {
    if (!state.ready) {
        state = {};
        state.ready = true;
        state.coefficient = p.attack_coefficient;
    }
    const u32 channels = p.channel_count;
    const float slope = 1.0f / p.ratio - 1.0f;  // dB of gain per dB above the threshold
    const float makeup = p.makeup_gain ? p.threshold * 0.5f * slope - 3.0f : 0.0f;
    const float output_gain = DecibelsToGain(p.output_gain + makeup);
    const float knee_low = p.threshold - kKneeHalfWidth;
    const float knee_high = p.threshold + kKneeHalfWidth;
    std::array<float, kMaxEffectChannels> x{};
    for (u32 i = 0; i < sample_count; ++i) {
        float squares = 0.0f;
        for (u32 c = 0; c < channels; ++c) {
            x[c] = in[c][i];
            squares += x[c] * x[c];
        }
        state.level += p.input_coefficient * (squares / channels - state.level);
        const bool silent = !(state.level >= 1e-10f);
        const float level_db = silent ? -100.0f : 10.0f * std::log10(state.level);
        float target = 1.0f;
        if (level_db >= knee_low) {
            const float over = level_db - knee_low;
            const float gain_db = level_db >= knee_high ? slope * (level_db - p.threshold)
                                                        : slope * over * over / 6.0f;
            target = DecibelsToGain(gain_db);
        }
        const float change = state.last_target - target;
        float coefficient = state.coefficient;
        if (change > kDeadBand) {
            coefficient = p.attack_coefficient;
            state.last_target = target;
        } else if (change < -kDeadBand) {
            coefficient = p.release_coefficient;
            state.last_target = target;
        } else if (std::fabs(state.gain - target) < 0.001f) {
            state.last_target = target;
        }
        state.gain += coefficient * (target - state.gain);
        state.coefficient = coefficient;
        for (u32 c = 0; c < channels; ++c) {
            out[c][i] = x[c] * state.gain * output_gain;
        }
    }
}

}  // namespace audio::renderer
