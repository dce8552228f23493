// The control file's runner: waits for frames, statistics windows and exit on the guest clock.

#include "services/hid/script_runner.h"

#include <gtest/gtest.h>

#include "kernel/guest_clock.h"

namespace services::hid {
namespace {

class EndRecorder final : public kernel::EventSignaller {
public:
    void Signal(kernel::ReadableEvent&) override {}
    void EndRun(kernel::RunStop why) override { ended = why; }
    std::optional<kernel::RunStop> ended;
};

u64 Ticks(double seconds) {
    return kernel::GuestClock::NanosecondsToTicks(static_cast<u64>(seconds * 1e9));
}

TEST(HidScriptRunner, AWaitForFramesHoldsBackTheStepsAfterIt) {
    const InputScript script = InputScript::Parse(
        "0.5s stats start\n+0s wait-frames 3\n+0.5s stats stop\n+0s exit\n", "t");
    auto clock = std::make_shared<ScriptClock>();
    u64 frames = 0;
    std::vector<bool> windows;
    ScriptRunner runner(
        script, clock,
        ScriptActions{[](const std::string&) {}, [&](bool on) { windows.push_back(on); },
                      [&] { return frames; }});
    EndRecorder events;
    const u64 period = runner.PeriodTicks();
    u64 now = period;  // the first run, one period after launch at 0
    const auto run_until = [&](double seconds) {
        for (; now <= Ticks(seconds); now += period) {
            runner.Run(now, events);
        }
    };
    run_until(2.0);
    EXPECT_EQ(windows, std::vector<bool>{true});  // started, then waiting: no frames came
    EXPECT_FALSE(events.ended);
    frames = 3;  // three frames presented at 2 s: the wait ends, the rest runs 1.5 s later
    run_until(2.4);
    EXPECT_EQ(windows, std::vector<bool>{true});
    run_until(2.6);
    EXPECT_EQ(windows, (std::vector<bool>{true, false}));
    EXPECT_EQ(events.ended, kernel::RunStop::ControlFile);
    EXPECT_EQ(clock->WaitShifts().size(), 1u);
}

}  // namespace
}  // namespace services::hid
