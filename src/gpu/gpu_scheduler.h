#pragma once

// The GPU's thread: it runs the channels' submissions in the order they came, one channel at
// a time as the hardware's scheduler does, passing over a channel stalled on a semaphore or a
// syncpoint to the next (the stalled one is tried again each millisecond and whenever more
// work comes). Submit returns at once; the fences of a submission are reached when the GPU
// thread has executed its increments.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "gpu/channel.h"

namespace gpu {

class GpuScheduler {
public:
    GpuScheduler() = default;
    GpuScheduler(const GpuScheduler&) = delete;
    GpuScheduler& operator=(const GpuScheduler&) = delete;
    // Ends the thread; work not done yet is dropped.
    ~GpuScheduler();

    void Submit(const std::shared_ptr<Channel>& channel, Submission submission);
    // Takes a channel out (its device is closing): its queued work is dropped, and a run of it
    // under way ends before this returns.
    void Remove(const std::shared_ptr<Channel>& channel);
    // Waits until no channel has work left (stalled ones count as having work), at most
    // `limit`; true when idle.
    bool WaitIdle(std::chrono::milliseconds limit);

private:
    void Loop();

    std::mutex mutex_;
    std::condition_variable work_;
    std::condition_variable idle_;
    std::deque<std::shared_ptr<Channel>> order_;  // channels with work, first submitted first
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace gpu
