// The biquad filter against a direct-form I evaluation in double of the same Q14 coefficients.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "audio/renderer/biquad_filter.h"

namespace audio::renderer {
namespace {

std::vector<double> DirectForm(const std::vector<float>& x, const BiquadCoefficients& k) {
    const double b0 = k.numerator[0] / 16384.0, b1 = k.numerator[1] / 16384.0,
                 b2 = k.numerator[2] / 16384.0;
    const double a1 = k.denominator[0] / 16384.0, a2 = k.denominator[1] / 16384.0;
    std::vector<double> y(x.size());
    for (std::size_t n = 0; n < x.size(); ++n) {
        const double x1 = n >= 1 ? x[n - 1] : 0, x2 = n >= 2 ? x[n - 2] : 0;
        const double y1 = n >= 1 ? y[n - 1] : 0, y2 = n >= 2 ? y[n - 2] : 0;
        y[n] = b0 * x[n] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    }
    return y;
}

TEST(BiquadFilter, MatchesTheDirectFormAcrossFrames) {
    // A low-pass (about 2 kHz at 48 kHz, Q 0.707) as audrvVoiceSetBiquadFilter would store it:
    // b = (0.0134, 0.0267, 0.0134), a = (-1.6475, 0.7009), in Q14.
    const BiquadCoefficients lowpass{{220, 439, 220}, {-26993, 11484}};
    std::vector<float> x(960);
    for (std::size_t n = 0; n < x.size(); ++n) {
        x[n] = static_cast<float>(8000 * std::sin(n * 0.05) + 3000 * std::sin(n * 1.9) +
                                  (n % 7 == 0 ? 2000 : 0));
    }
    const std::vector<double> want = DirectForm(x, lowpass);
    std::vector<float> got = x;
    BiquadState state;
    for (std::size_t frame = 0; frame < 4; ++frame) {  // the state carries between frames
        ApplyBiquad(std::span(got).subspan(frame * 240, 240), lowpass, state);
    }
    double worst = 0;
    for (std::size_t n = 0; n < x.size(); ++n) {
        worst = std::max(worst, std::abs(got[n] - want[n]));
    }
    EXPECT_LT(worst, 0.05);
    // The high-frequency part is filtered away: the output is far from the input.
    EXPECT_GT(std::abs(got[500] - x[500]), 100.0f);
}

}  // namespace
}  // namespace audio::renderer
