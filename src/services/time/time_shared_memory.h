#pragma once

// The time service's shared memory (time:u command 20; on HOS 6.0.0+ libnx reads clocks from it
// instead of asking): the steady clock's context at 0x00, the local system clock's at 0x38 and
// the network clock's at 0x80, each as a u32 update counter and two copies of the value, of
// which the counter's low bit picks the current one (libnx services/time.c; switchbrew "Glue
// services", time shared memory).

#include <memory>

#include "kernel/memory_objects.h"
#include "services/time/clock_types.h"

namespace services::time {

class TimeSharedMemory {
public:
    static constexpr u64 kSize = 0x1000;

    // Fills the memory so that a reader sees the clocks the IPC commands report: the steady
    // clock is `steady_base_ns` plus the tick counter, `local` and `network` the system clocks'
    // contexts now.
    TimeSharedMemory(s64 steady_base_ns, const SystemClockContext& local,
                     const SystemClockContext& network);

    // A system clock was set: its context becomes the current copy (readers retry while the
    // counter moves).
    void UpdateSystemClock(SystemClockKind kind, const SystemClockContext& context);

    std::shared_ptr<kernel::SharedMemory> Memory() const { return memory_; }

private:
    std::shared_ptr<kernel::SharedMemory> memory_;
};

}  // namespace services::time
