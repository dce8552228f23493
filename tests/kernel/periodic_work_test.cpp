// Periodic work (the HID sampler's kind) in the scheduler under the deterministic clock: it
// runs at its own times, skips periods it missed, ends with its owner, bounds the guest's time
// slices, and can wake a thread waiting on an event it signals.

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "kernel/event.h"
#include "kernel/scheduler.h"

namespace kernel {
namespace {

constexpr u64 kPeriod = 1000;  // ticks

class RecordingWork final : public PeriodicWork {
public:
    explicit RecordingWork(bool may_wake, std::shared_ptr<ReadableEvent> event = nullptr)
        : may_wake_(may_wake), event_(std::move(event)) {}
    u64 PeriodTicks() const override { return kPeriod; }
    bool MayWakeWaiters() const override { return may_wake_; }
    void Run(u64 ticks, EventSignaller& events) override {
        runs.push_back(ticks);
        if (event_ != nullptr) {
            events.Signal(*event_);
        }
    }
    std::vector<u64> runs;

private:
    bool may_wake_;
    std::shared_ptr<ReadableEvent> event_;
};

class PeriodicWorkTest : public testing::Test {
protected:
    PeriodicWorkTest() {
        clock_.SetInstructionSource([this] { return instructions_; });
    }
    // Moves the guest clock on by about `ticks` (52 instructions a tick at 19.2 MHz, one
    // instruction a nanosecond).
    void Advance(u64 ticks) { instructions_ += GuestClock::TicksToInstructions(ticks); }

    // A thread waiting on `event` with no deadline.
    std::shared_ptr<Thread> WaitingOn(const std::shared_ptr<ReadableEvent>& event) {
        auto thread = std::make_shared<Thread>();
        scheduler_.AddThread(thread);
        thread->wait_objects = {event};
        event->waiters.push_back(thread.get());
        scheduler_.Block(*thread, WaitKind::Synchronization, std::nullopt);
        return thread;
    }

    u64 instructions_ = 0;
    GuestClock clock_{true};
    Scheduler scheduler_{1, clock_};
};

TEST_F(PeriodicWorkTest, RunsAtItsTimesSkipsMissedPeriodsAndEndsWithItsOwner) {
    auto work = std::make_shared<RecordingWork>(false);
    std::lock_guard lock(scheduler_.Lock());
    const u64 start = clock_.Now();
    scheduler_.AddPeriodicWork(work);
    scheduler_.ExpireDeadlines();
    EXPECT_TRUE(work->runs.empty());  // first due one period later

    Advance(kPeriod);
    scheduler_.ExpireDeadlines();
    ASSERT_EQ(work->runs.size(), 1u);
    const u64 first = work->runs[0];
    EXPECT_GE(first, start + kPeriod);
    EXPECT_LE(first, start + kPeriod + 10);  // the readings in between move the clock a little

    Advance(kPeriod * 7 / 2);  // three and a half periods: one run, at its own due time
    scheduler_.ExpireDeadlines();
    ASSERT_EQ(work->runs.size(), 2u);
    EXPECT_EQ(work->runs[1], first + kPeriod);
    Advance(kPeriod);
    scheduler_.ExpireDeadlines();
    ASSERT_EQ(work->runs.size(), 3u);
    EXPECT_EQ(work->runs[2], first + 4 * kPeriod);  // the missed periods are skipped

    // The slice of guest code ends where the work is due next.
    EXPECT_LE(scheduler_.InstructionsUntilNextDeadline(), GuestClock::TicksToInstructions(kPeriod));

    work.reset();
    Advance(kPeriod * 2);
    EXPECT_EQ(scheduler_.ExpireDeadlines(), std::nullopt);
    EXPECT_EQ(scheduler_.InstructionsUntilNextDeadline(), ~u64{0});
}

TEST_F(PeriodicWorkTest, SignalledEventWakesAWaitingThread) {
    auto event = std::make_shared<ReadableEvent>();
    auto work = std::make_shared<RecordingWork>(true, event);
    std::unique_lock lock(scheduler_.Lock());
    const std::shared_ptr<Thread> thread = WaitingOn(event);
    scheduler_.AddPeriodicWork(work);
    // Nothing can run, but the work may wake the thread: the idle core skips to its time.
    EXPECT_EQ(scheduler_.PickNext(0, lock), thread.get());
    EXPECT_EQ(work->runs.size(), 1u);
    EXPECT_TRUE(event->signaled);
    EXPECT_EQ(thread->pending_index, 0);
}

TEST_F(PeriodicWorkTest, WorkThatCannotWakeAnyoneIsNoReasonToWait) {
    auto event = std::make_shared<ReadableEvent>();
    auto work = std::make_shared<RecordingWork>(false);
    std::unique_lock lock(scheduler_.Lock());
    const std::shared_ptr<Thread> thread = WaitingOn(event);
    scheduler_.AddPeriodicWork(work);
    EXPECT_EQ(scheduler_.PickNext(0, lock), nullptr);  // a deadlock, reported as before
    EXPECT_EQ(thread->state, ThreadState::Waiting);
}

}  // namespace
}  // namespace kernel
