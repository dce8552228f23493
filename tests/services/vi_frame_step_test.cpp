#include "services/vi/frame_step.h"

#include <gtest/gtest.h>

namespace services::vi {
namespace {

// The guest clock counts 19.2 MHz: a 60 Hz frame is 320000 ticks.
constexpr u64 kTicksAt60 = 320'000;

FrameShown ShownAt(u64 number, u64 guest_ticks) {
    return {number, guest_ticks, {}};
}

TEST(FrameStep, BeforeTwoFramesItIsOneRefresh) {
    FrameStep step;
    EXPECT_FALSE(step.Seconds().has_value());
    EXPECT_FLOAT_EQ(step.FramesAt(30, 60), 0.5f);
    step.Shown(ShownAt(1, 5'000'000));
    EXPECT_FALSE(step.Seconds().has_value());
    EXPECT_FLOAT_EQ(step.FramesAt(60, 30), 2.0f);
}

TEST(FrameStep, FollowsTheTimeBetweenTheLastTwoFrames) {
    FrameStep step;
    step.Shown(ShownAt(1, 1'000'000));
    step.Shown(ShownAt(2, 1'000'000 + kTicksAt60));
    EXPECT_NEAR(*step.Seconds(), 1.0 / 60, 1e-12);
    EXPECT_FLOAT_EQ(step.FramesAt(60, 60), 1.0f);
    EXPECT_FLOAT_EQ(step.FramesAt(30, 60), 0.5f);
    // A frame held for two vsyncs moves a 60 fps game two frames on.
    step.Shown(ShownAt(3, 1'000'000 + 3 * kTicksAt60));
    EXPECT_FLOAT_EQ(step.FramesAt(60, 60), 2.0f);
}

TEST(FrameStep, AStallCountsAsATenthOfASecondAtMost) {
    FrameStep step;
    step.Shown(ShownAt(1, 1'000'000));
    step.Shown(ShownAt(2, 1'000'000 + 5 * 19'200'000));  // five seconds of loading
    EXPECT_DOUBLE_EQ(*step.Seconds(), FrameStep::kLongestStepSeconds);
    EXPECT_FLOAT_EQ(step.FramesAt(60, 60), 6.0f);
}

}  // namespace
}  // namespace services::vi
