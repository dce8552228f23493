#pragma once

// Requests that wait on the host (a socket, a name lookup): each is answered on a host thread of
// its own while its guest thread waits (WaitKind::HostRequest), so that the emulated cores go on
// running the guest's other threads. Threads are kept for the next request once idle.

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kernel {

class HostRequests {
public:
    HostRequests() = default;
    HostRequests(const HostRequests&) = delete;
    HostRequests& operator=(const HostRequests&) = delete;
    ~HostRequests();

    // Runs `work` on an idle host thread, or a new one.
    void Start(std::function<void()> work);

    // The run is ending: requests waiting on the host give up (IpcEnvironment::StopRequested).
    void RequestStop() { stop_requested_ = true; }
    bool StopRequested() const { return stop_requested_; }

    // Requests a stop, lets the work under way finish, and ends the threads.
    void Join();

private:
    void Serve();

    std::atomic<bool> stop_requested_ = false;
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::deque<std::function<void()>> queue_;
    std::vector<std::thread> threads_;
    unsigned idle_ = 0;
    bool joining_ = false;
};

}  // namespace kernel
