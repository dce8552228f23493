#include "kernel/host_requests.h"

namespace kernel {

HostRequests::~HostRequests() {
    Join();
}

void HostRequests::Start(std::function<void()> work) {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(work));
    if (idle_ >= queue_.size()) {
        work_ready_.notify_one();
        return;
    }
    threads_.emplace_back([this] { Serve(); });
}

void HostRequests::Serve() {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (queue_.empty()) {
            if (joining_) {
                return;
            }
            ++idle_;
            work_ready_.wait(lock, [this] { return !queue_.empty() || joining_; });
            --idle_;
            continue;
        }
        std::function<void()> work = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        work();
        lock.lock();
    }
}

void HostRequests::Join() {
    RequestStop();
    std::vector<std::thread> threads;
    {
        std::lock_guard lock(mutex_);
        joining_ = true;
        threads.swap(threads_);
    }
    work_ready_.notify_all();
    for (auto& thread : threads) {
        thread.join();
    }
}

}  // namespace kernel
