#include "gpu/gpu_scheduler.h"

#include <algorithm>

namespace gpu {
namespace {

constexpr auto kStallRetry = std::chrono::milliseconds(1);

}  // namespace

GpuScheduler::~GpuScheduler() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        for (const auto& channel : order_) {
            channel->Cancel();
        }
    }
    work_.notify_all();
    if (thread_.joinable()) {
        thread_.join();
    }
}

void GpuScheduler::Submit(const std::shared_ptr<Channel>& channel, Submission submission) {
    channel->Queue(std::move(submission));
    {
        std::lock_guard lock(mutex_);
        if (std::find(order_.begin(), order_.end(), channel) == order_.end()) {
            order_.push_back(channel);
        }
        if (!thread_.joinable()) {
            thread_ = std::thread([this] { Loop(); });
        }
    }
    work_.notify_all();
}

void GpuScheduler::Remove(const std::shared_ptr<Channel>& channel) {
    {
        std::lock_guard lock(mutex_);
        order_.erase(std::remove(order_.begin(), order_.end(), channel), order_.end());
    }
    channel->Cancel();
    idle_.notify_all();
}

bool GpuScheduler::WaitIdle(std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, limit, [this] { return order_.empty(); });
}

void GpuScheduler::Loop() {
    std::unique_lock lock(mutex_);
    while (!stop_) {
        if (order_.empty()) {
            idle_.notify_all();
            work_.wait(lock);
            continue;
        }
        bool progressed = false;
        for (std::size_t index = 0; index < order_.size() && !stop_;) {
            const std::shared_ptr<Channel> channel = order_[index];
            lock.unlock();
            const ChannelProgress progress = channel->Run();
            lock.lock();
            const auto at = std::find(order_.begin(), order_.end(), channel);
            if (at == order_.end()) {
                progressed = true;  // removed meanwhile
                index = 0;
                continue;
            }
            if (progress == ChannelProgress::Stalled) {
                ++index;
                continue;
            }
            progressed = true;
            order_.erase(at);
            if (progress == ChannelProgress::Yielded || channel->HasWork()) {
                order_.push_back(channel);
            }
            // The earliest submitted work goes first again.
            index = 0;
        }
        if (order_.empty()) {
            idle_.notify_all();
        } else if (!progressed) {
            work_.wait_for(lock, kStallRetry);
        }
    }
}

}  // namespace gpu
