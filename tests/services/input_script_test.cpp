#include "services/hid/input_script.h"

#include <gtest/gtest.h>

#include "base/error.h"

namespace services::hid {
namespace {

constexpr u64 kSecond = 1'000'000'000;

TEST(HidInputScript, AbsoluteAndRelativeTimes) {
    const InputScript script = InputScript::Parse("45s A~0.2\n+5s LUp~3.5\n+3s ZR+A~0.1\n", "t");
    ASSERT_EQ(script.Steps().size(), 3u);
    EXPECT_EQ(script.Steps()[0].start_ns, 45 * kSecond);
    EXPECT_EQ(script.Steps()[0].hold_ns, 200'000'000u);
    EXPECT_EQ(script.Steps()[0].input.buttons, kButtonA);
    EXPECT_EQ(script.Steps()[1].start_ns, 50 * kSecond);
    EXPECT_EQ(script.Steps()[1].hold_ns, 3'500'000'000u);
    EXPECT_EQ(script.Steps()[1].input.left_y, kStickMax);
    EXPECT_EQ(script.Steps()[1].input.buttons, kButtonStickLUp);
    EXPECT_EQ(script.Steps()[2].start_ns, 53 * kSecond);
    EXPECT_EQ(script.Steps()[2].input.buttons, kButtonZR | kButtonA);
    EXPECT_EQ(script.Steps()[2].line, 3);
}

TEST(HidInputScript, CommentsBlankLinesDefaultsAndCase) {
    const InputScript script =
        InputScript::Parse("# a comment\n\n  1.5 plus   # pause menu\n2s rleft+b~1\r\n", "t");
    ASSERT_EQ(script.Steps().size(), 2u);
    EXPECT_EQ(script.Steps()[0].start_ns, 1'500'000'000u);
    EXPECT_EQ(script.Steps()[0].hold_ns, InputScript::kDefaultHoldNs);
    EXPECT_EQ(script.Steps()[0].input.buttons, kButtonPlus);
    EXPECT_EQ(script.Steps()[1].input.buttons, kButtonStickRLeft | kButtonB);
    EXPECT_EQ(script.Steps()[1].input.right_x, -kStickMax);
    EXPECT_EQ(script.Steps()[1].line, 4);
}

TEST(HidInputScript, ShotsAndExitAreActionsInTimeOrder) {
    const InputScript script =
        InputScript::Parse("2s shot later.png\n1s shot first.png\n+0.5s A\n+1s exit\n", "t");
    const auto actions = script.Actions();
    ASSERT_EQ(actions.size(), 3u);
    EXPECT_EQ(actions[0].path, "first.png");
    EXPECT_EQ(actions[0].start_ns, kSecond);
    EXPECT_EQ(actions[1].path, "later.png");
    EXPECT_EQ(actions[2].kind, ScriptStep::Kind::Exit);
    EXPECT_EQ(actions[2].start_ns, 2'500'000'000u);
    // Actions hold no input.
    EXPECT_EQ(script.StateAt(2 * kSecond).buttons, 0u);
    EXPECT_EQ(script.StateAt(1'550'000'000).buttons, kButtonA);
    EXPECT_THROW(InputScript::Parse("1s shot picture.bmp\n", "t"), base::Error);
}

TEST(HidInputScript, TouchesHoldAPointForTheirTime) {
    const InputScript script =
        InputScript::Parse("1s touch 640 360~0.5\n+0.2s touch 10 700\n", "t");
    EXPECT_FALSE(script.TouchAt(kSecond - 1).has_value());
    EXPECT_EQ(script.TouchAt(kSecond), (TouchPoint{640, 360}));
    // The later touch stands in front while both are held.
    EXPECT_EQ(script.TouchAt(1'250'000'000), (TouchPoint{10, 700}));
    EXPECT_EQ(script.TouchAt(1'450'000'000), (TouchPoint{640, 360}));
    EXPECT_FALSE(script.TouchAt(1'500'000'000).has_value());
    EXPECT_TRUE(script.Actions().empty());
    EXPECT_THROW(InputScript::Parse("1s touch 1280 10\n", "t"), base::Error);
    EXPECT_THROW(InputScript::Parse("1s touch 12\n", "t"), base::Error);
}

TEST(HidInputScript, StateAtCombinesHeldSteps) {
    const InputScript script = InputScript::Parse("1s A~1\n1.5s LRight+X~1\n1.5s LRight~1\n", "t");
    EXPECT_EQ(script.StateAt(0), PadInput{});
    EXPECT_EQ(script.StateAt(kSecond).buttons, kButtonA);
    const PadInput both = script.StateAt(1'700'000'000);
    EXPECT_EQ(both.buttons, kButtonA | kButtonX | kButtonStickLRight);
    EXPECT_EQ(both.left_x, kStickMax);  // two pushes, clamped
    EXPECT_EQ(script.StateAt(2 * kSecond).buttons, kButtonX | kButtonStickLRight);
    EXPECT_EQ(script.StateAt(2'500'000'000), PadInput{});  // hold ends exclusive
}

void ExpectError(std::string_view text, std::string_view message) {
    try {
        InputScript::Parse(text, "run.txt");
        ADD_FAILURE() << "no error for " << text;
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
    }
}

TEST(HidInputScript, ErrorsNameTheLine) {
    ExpectError("1s A\n2s Jump~1\n", "run.txt:2: unknown input \"Jump\"");
    ExpectError("1s A\n\nsoon A\n", "run.txt:3: time \"soon\" is not a number of seconds");
    ExpectError("1s A~long\n", "run.txt:1: hold time \"long\"");
    ExpectError("1s\n", "run.txt:1: expected a time and an input");
    ExpectError("1s A B\n", "run.txt:1: one step a line");
    ExpectError("1s A+\n", "run.txt:1: unknown input \"\"");
    ExpectError("-1s A\n", "run.txt:1: time \"-1s\"");
    ExpectError("1s stats stop\n", "run.txt:1: stats stop while statistics are off");
    ExpectError("1s stats start\n2s stats start\n", "run.txt:2: stats start while");
    ExpectError("1s wait-frames\n", "run.txt:1: wait-frames takes a number of frames");
    ExpectError("1s wait-frames ten\n", "run.txt:1: wait-frames takes a number of frames");
}

TEST(HidInputScript, ControlFileStepsAreActionsInOrder) {
    const InputScript script = InputScript::Parse(
        "1s stats start\n+1s log menu reached\n+0s wait-frames 60\n+0.5s A\n+1s stats stop\n"
        "+0s exit\n",
        "t");
    EXPECT_TRUE(script.HasStatsWindows());
    const auto actions = script.Actions();
    ASSERT_EQ(actions.size(), 5u);
    EXPECT_EQ(actions[0].kind, ScriptStep::Kind::StatsStart);
    EXPECT_EQ(actions[1].kind, ScriptStep::Kind::Log);
    EXPECT_EQ(actions[1].text, "menu reached");
    EXPECT_EQ(actions[2].kind, ScriptStep::Kind::WaitFrames);
    EXPECT_EQ(actions[2].frames, 60u);
    EXPECT_EQ(actions[2].waits_before, 0u);
    EXPECT_EQ(actions[3].kind, ScriptStep::Kind::StatsStop);
    EXPECT_EQ(actions[3].waits_before, 1u);
    EXPECT_EQ(actions[4].kind, ScriptStep::Kind::Exit);
    EXPECT_FALSE(InputScript::Parse("1s A\n", "t").HasStatsWindows());
}

// The steps after a wait hold nothing until it ends, then run as much later as it took.
TEST(HidInputScript, StepsAfterAWaitMoveByItsShift) {
    const InputScript script = InputScript::Parse("1s wait-frames 10\n+0.5s A~0.2\n", "t");
    EXPECT_EQ(script.StateAt(1'600'000'000).buttons, 0u);  // the wait has not ended
    const std::vector<u64> ended_two_seconds_late = {2 * kSecond};
    EXPECT_EQ(script.StateAt(1'600'000'000, ended_two_seconds_late).buttons, 0u);
    EXPECT_EQ(script.StateAt(3'600'000'000, ended_two_seconds_late).buttons, kButtonA);
    EXPECT_EQ(script.StateAt(3'700'000'000, ended_two_seconds_late).buttons, 0u);
}

}  // namespace
}  // namespace services::hid
