#pragma once

// The host CPU time of the threads that run the emulated cores: the guest's code on the JIT
// and the services its requests run on those threads (frame statistics' CPU column). Read
// from any thread while the cores run.

#include <array>
#include <ctime>
#include <mutex>
#include <optional>

#include "base/types.h"

namespace kernel {

class CoreCpuTime {
public:
    static constexpr unsigned kMaxCores = 4;

    // On a core's host thread, when it starts and before it ends (its total is kept).
    void StartOnThisThread(unsigned core);
    void EndOnThisThread(unsigned core);
    u64 TotalNanoseconds() const;

private:
    struct Entry {
        std::optional<clockid_t> clock;  // while the thread runs
        u64 ended_ns = 0;                // the thread's total once it ended
    };
    mutable std::mutex mutex_;  // held while reading a thread's clock, so it cannot end then
    std::array<Entry, kMaxCores> entries_;
};

}  // namespace kernel
