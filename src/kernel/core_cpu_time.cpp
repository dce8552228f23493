#include "kernel/core_cpu_time.h"

#include <pthread.h>

namespace kernel {
namespace {

u64 ClockNanoseconds(clockid_t clock) {
    timespec now{};
    if (clock_gettime(clock, &now) != 0) {
        return 0;
    }
    return static_cast<u64>(now.tv_sec) * 1'000'000'000 + static_cast<u64>(now.tv_nsec);
}

}  // namespace

void CoreCpuTime::StartOnThisThread(unsigned core) {
    clockid_t clock{};
    if (core >= kMaxCores || pthread_getcpuclockid(pthread_self(), &clock) != 0) {
        return;
    }
    std::lock_guard lock(mutex_);
    entries_[core].clock = clock;
}

void CoreCpuTime::EndOnThisThread(unsigned core) {
    if (core >= kMaxCores) {
        return;
    }
    std::lock_guard lock(mutex_);
    Entry& entry = entries_[core];
    if (entry.clock) {
        entry.ended_ns += ClockNanoseconds(CLOCK_THREAD_CPUTIME_ID);
        entry.clock.reset();
    }
}

u64 CoreCpuTime::TotalNanoseconds() const {
    std::lock_guard lock(mutex_);
    u64 total = 0;
    for (const Entry& entry : entries_) {
        total += entry.ended_ns + (entry.clock ? ClockNanoseconds(*entry.clock) : 0);
    }
    return total;
}

}  // namespace kernel
