// The linear resampler on a constant (exact once the history is filled) and on a sine, whose
// error must stay within linear interpolation's bound, (2 pi f / r)^2 / 8 of the amplitude.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "audio/renderer/linear_resampler.h"

namespace audio::renderer {
namespace {

// Runs `frames` frames of `count` outputs from a source `signal(n)` at `from` Hz to `to` Hz;
// calls check(output index since the start, value, source position of that output).
template <typename Signal, typename Check>
void ResampleFrames(u32 from, float pitch, u32 to, u32 count, int frames, Signal signal,
                    Check check) {
    const u64 step = ResampleStep(from, pitch, to);
    u64 fraction = 0;
    ResamplerHistory history{};
    u64 consumed = 0;  // source samples consumed so far
    for (int frame = 0; frame < frames; ++frame) {
        const u32 needed = ResampleInputCount(fraction, step, count);
        std::vector<float> in(needed), out(count);
        for (u32 i = 0; i < needed; ++i) {
            in[i] = signal(consumed + i);
        }
        Resample(in, out, step, fraction, history);
        for (u32 i = 0; i < count; ++i) {
            // Position 0 is the older history sample: source sample consumed - 2.
            const double position =
                static_cast<double>(consumed) - 2 +
                (static_cast<double>(fraction) + double(step) * i) / 4294967296.0;
            check(static_cast<u64>(frame) * count + i, out[i], position);
        }
        fraction = ResampleFractionAfter(fraction, step, count);
        consumed += needed;
    }
}

TEST(LinearResampler, KeepsAConstantExact) {
    for (const u32 from : {32000u, 44100u, 48000u, 22050u}) {
        int checked = 0;
        ResampleFrames(
            from, 1.0f, 48000, 240, 8, [](u64) { return 1000.0f; },
            [&](u64, float value, double position) {
                if (position >= 0) {  // past the silent history
                    EXPECT_NEAR(value, 1000.0f, 1e-3) << from << " Hz at " << position;
                    ++checked;
                }
            });
        EXPECT_GT(checked, 1800) << from;
    }
}

TEST(LinearResampler, ConsumesTheSourceAtItsRate) {
    // 32 kHz to 48 kHz: 160 source samples a 240-sample frame; pitch 2 doubles it.
    u64 fraction = 0;
    u64 consumed = 0;
    const u64 step = ResampleStep(32000, 1.0f, 48000);
    for (int frame = 0; frame < 200; ++frame) {
        consumed += ResampleInputCount(fraction, step, 240);
        fraction = ResampleFractionAfter(fraction, step, 240);
    }
    EXPECT_EQ(consumed, 200u * 160);
    EXPECT_EQ(ResampleInputCount(0, ResampleStep(48000, 2.0f, 48000), 240), 480u);
    EXPECT_EQ(ResampleStep(48000, 0.0f, 48000), 0u);  // a pitch of 0 plays nothing
    // A program's absurd pitch is bounded: a frame never needs more than 64 samples an output.
    EXPECT_EQ(ResampleStep(0xFFFFFFFF, 1e30f, 48000), kMaxResampleStep);
    EXPECT_EQ(ResampleInputCount(0, kMaxResampleStep, 240), 64u * 240);
}

TEST(LinearResampler, FollowsASineWithinTheInterpolationBound) {
    constexpr double kAmplitude = 10000;
    for (const u32 from : {32000u, 44100u, 24000u}) {
        const double w = 2 * M_PI * 440.0 / from;  // radians per source sample
        const double bound = kAmplitude * w * w / 8 + 0.05;
        double worst = 0;
        ResampleFrames(
            from, 1.0f, 48000, 240, 20,
            [&](u64 n) { return static_cast<float>(kAmplitude * std::sin(w * n)); },
            [&](u64, float value, double position) {
                if (position >= 0) {
                    worst = std::max(worst, std::abs(value - kAmplitude * std::sin(w * position)));
                }
            });
        EXPECT_LE(worst, bound) << from << " Hz";
        EXPECT_GT(worst, 0.0) << "an interpolated sine is never exact";
    }
}

}  // namespace
}  // namespace audio::renderer
