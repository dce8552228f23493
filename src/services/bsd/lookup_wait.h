#pragma once

// How an sfdnsres lookup waits: the host's getaddrinfo / getnameinfo cannot be interrupted and
// may take seconds, so the lookup runs on a thread of its own while the request's host thread
// waits for it in slices of 50 ms; the wait gives up when the run ends or the program cancels
// the lookup (CancelRequest with the cancel handle it passed). A lookup given up on finishes
// by itself later and its answer is dropped.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "base/types.h"

namespace services::bsd {

// Cancel handles (RequestCancelHandleRequest / CancelRequest), shared by every sfdnsres
// session: libnx asks for a handle, looks up and cancels on sessions of their own.
class LookupCancellation {
public:
    // A new nonzero handle.
    u32 NewHandle();
    // While a lookup waits with `handle` (0: none), Cancel(handle) ends its wait.
    void Begin(u32 handle);
    void End(u32 handle);
    void Cancel(u32 handle);
    bool IsCancelled(u32 handle) const;

private:
    mutable std::mutex mutex_;
    u32 next_handle_ = 1;
    std::map<u32, bool> waiting_;  // handle -> cancelled
};

enum class LookupEnd { Answered, Stopped, Cancelled };

// Runs `work` on a thread of its own; `answer` gets its result unless `stop_requested` or
// the cancellation of `handle` comes first.
template <typename Answer>
LookupEnd WaitForLookup(std::function<Answer()> work, const std::function<bool()>& stop_requested,
                        LookupCancellation& cancellation, u32 handle, Answer& answer) {
    if (stop_requested()) {
        return LookupEnd::Stopped;  // no thread for a run that is ending
    }
    struct Shared {
        std::mutex mutex;
        std::condition_variable done;
        std::optional<Answer> answer;
    };
    const auto shared = std::make_shared<Shared>();
    std::thread([shared, work = std::move(work)] {
        Answer result = work();
        std::lock_guard lock(shared->mutex);
        shared->answer = std::move(result);
        shared->done.notify_all();
    }).detach();
    cancellation.Begin(handle);
    LookupEnd end = LookupEnd::Answered;
    {
        std::unique_lock lock(shared->mutex);
        while (!shared->answer) {
            if (stop_requested()) {
                end = LookupEnd::Stopped;
                break;
            }
            if (cancellation.IsCancelled(handle)) {
                end = LookupEnd::Cancelled;
                break;
            }
            shared->done.wait_for(lock, std::chrono::milliseconds(50));
        }
        if (end == LookupEnd::Answered) {
            answer = std::move(*shared->answer);
        }
    }
    cancellation.End(handle);
    return end;
}

}  // namespace services::bsd
