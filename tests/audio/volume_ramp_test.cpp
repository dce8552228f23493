// Volume ramps across a frame: linear from the old volume at the first sample towards the
// new one (reached at the next frame's first sample).

#include <gtest/gtest.h>

#include <vector>

#include "audio/renderer/volume_ramp.h"

namespace audio::renderer {
namespace {

TEST(VolumeRamp, ScalesLinearlyAcrossTheFrame) {
    std::vector<float> samples(4, 1000.0f);
    ApplyVolumeRamp(samples, 0.0f, 1.0f);
    EXPECT_EQ(samples, (std::vector<float>{0.0f, 250.0f, 500.0f, 750.0f}));
}

TEST(VolumeRamp, MixesOnTopOfWhatIsThere) {
    const std::vector<float> from(240, 100.0f);
    std::vector<float> into(240, 7.0f);
    MixWithVolumeRamp(from, into, 1.0f, 0.5f);
    for (int i = 0; i < 240; ++i) {
        EXPECT_NEAR(into[i], 7.0f + 100.0f * (1.0f - 0.5f * i / 240), 1e-3) << i;
    }
    // A steady volume is a plain scale.
    std::vector<float> steady(240, 0.0f);
    MixWithVolumeRamp(from, steady, 0.25f, 0.25f);
    for (float value : steady) {
        EXPECT_FLOAT_EQ(value, 25.0f);
    }
}

}  // namespace
}  // namespace audio::renderer
