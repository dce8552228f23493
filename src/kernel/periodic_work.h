#pragma once

// Work a service does at a fixed period of the guest clock while it lives, such as the HID
// sampler's 60 Hz. The kernel runs it: in real-time runs on its timer thread, in deterministic
// runs between guest time slices that end at its times, so that it happens at the same guest
// instruction in every run.

#include "base/types.h"

namespace kernel {

class ReadableEvent;

// Why periodic work ends a run.
enum class RunStop {
    ControlFile,  // the control file's `exit`
    TimeLimit,    // --time-limit's guest time has passed
    MemoryLimit,  // --max-memory's ceiling was passed
};

// Signals an event from periodic work, waking the threads that wait on it.
class EventSignaller {
public:
    virtual ~EventSignaller() = default;
    virtual void Signal(ReadableEvent& event) = 0;
    // Ends the run; the run's ending says why.
    virtual void EndRun(RunStop why) = 0;
};

class PeriodicWork {
public:
    virtual ~PeriodicWork() = default;

    virtual u64 PeriodTicks() const = 0;
    // True when the work may signal an event at any moment for reasons outside the guest (a
    // controller plugged into the host): while it lives, threads that all wait with no deadline
    // are waiting for it, not deadlocked.
    virtual bool MayWakeWaiters() const = 0;
    // Called with the kernel's scheduler lock held, so it must be quick and must reach the
    // kernel only through `events`. `ticks` is the guest clock time it was due at (periods
    // missed while the host was busy are skipped, not run twice).
    virtual void Run(u64 ticks, EventSignaller& events) = 0;
};

}  // namespace kernel
