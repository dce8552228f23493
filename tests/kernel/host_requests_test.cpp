// Requests answered on host threads: several wait at once (a blocking accept does not hold up
// a send), idle threads are reused, and Join asks the waiting work to stop and waits for it.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "kernel/host_requests.h"
#include "kernel/scheduler.h"

namespace kernel {
namespace {

TEST(HostRequests, RequestsWaitAtTheSameTime) {
    HostRequests requests;
    std::mutex mutex;
    std::condition_variable changed;
    int started = 0;
    bool release = false;
    constexpr int kCount = 5;
    for (int i = 0; i < kCount; ++i) {
        requests.Start([&] {
            std::unique_lock lock(mutex);
            ++started;
            changed.notify_all();
            changed.wait(lock, [&] { return release; });
        });
    }
    {
        std::unique_lock lock(mutex);
        // Each request waits until all have started: only threads of their own get there.
        ASSERT_TRUE(
            changed.wait_for(lock, std::chrono::seconds(10), [&] { return started == kCount; }));
        release = true;
    }
    changed.notify_all();
    requests.Join();
}

TEST(HostRequests, JoinRequestsAStopAndWaitsForTheWork) {
    HostRequests requests;
    std::atomic<bool> finished = false;
    requests.Start([&] {
        while (!requests.StopRequested()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        finished = true;
    });
    EXPECT_FALSE(requests.StopRequested());
    requests.Join();
    EXPECT_TRUE(finished);
}

TEST(HostRequests, LaterRequestsRunAfterEarlierOnesFinished) {
    HostRequests requests;
    std::atomic<int> done = 0;
    for (int i = 0; i < 100; ++i) {
        requests.Start([&] { ++done; });
    }
    requests.Join();
    EXPECT_EQ(done, 100);
}

// A thread waiting for a host request is not a deadlock: the scheduler keeps waiting for the
// host thread's wake-up instead of ending the run.
TEST(HostRequests, AWaitingClientIsNotADeadlock) {
    GuestClock clock(true);
    Scheduler scheduler(1, clock);
    auto thread = std::make_shared<Thread>();
    std::unique_lock lock(scheduler.Lock());
    scheduler.AddThread(thread);
    scheduler.MakeRunnable(*thread);
    ASSERT_EQ(scheduler.PickNext(0, lock), thread.get());
    scheduler.Block(*thread, WaitKind::HostRequest, std::nullopt);
    scheduler.BeginHostRequest();
    scheduler.Release(0);
    std::thread host([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::lock_guard host_lock(scheduler.Lock());
        scheduler.EndHostRequest();
        scheduler.Wake(*thread, base::ResultSuccess);
    });
    EXPECT_EQ(scheduler.PickNext(0, lock), thread.get());
    EXPECT_EQ(thread->pending_result, base::ResultSuccess);
    lock.unlock();
    host.join();
}

}  // namespace
}  // namespace kernel
