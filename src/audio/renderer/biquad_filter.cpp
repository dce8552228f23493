#include "audio/renderer/biquad_filter.h"

namespace audio::renderer {

void ApplyBiquad(std::span<float> samples, const BiquadCoefficients& coefficients,
                 BiquadState& state) {
    constexpr float kQ14 = 1.0f / 16384.0f;
    const float b0 = coefficients.numerator[0] * kQ14;
    const float b1 = coefficients.numerator[1] * kQ14;
    const float b2 = coefficients.numerator[2] * kQ14;
    const float a1 = coefficients.denominator[0] * kQ14;
    const float a2 = coefficients.denominator[1] * kQ14;
    for (float& sample : samples) {
        const float x = sample;
        const float y = b0 * x + state.s0;
        state.s0 = b1 * x - a1 * y + state.s1;
        state.s1 = b2 * x - a2 * y;
        sample = y;
    }
}

}  // namespace audio::renderer
