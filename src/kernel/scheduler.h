#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "base/result.h"
#include "kernel/guest_clock.h"
#include "kernel/periodic_work.h"
#include "kernel/thread.h"

namespace kernel {

// How a thread gives up its core (svcSleepThread's 0, -1 and -2).
enum class YieldKind { WithoutCoreMigration, WithCoreMigration, ToAnyThread };

// Horizon's scheduling rules over the emulated cores: on each core the runnable thread of the
// highest priority (lowest number) whose affinity mask allows that core runs; equal priorities
// run in the order they became runnable; a thread that becomes runnable preempts a core running
// something of lower priority; an idle core takes (migrates) a runnable thread another core has
// not started. Every member is called with Lock() held unless it says otherwise.
class Scheduler final : private EventSignaller {
public:
    Scheduler(unsigned core_count, GuestClock& clock);

    std::mutex& Lock() { return mutex_; }
    unsigned CoreCount() const { return static_cast<unsigned>(running_.size()); }
    GuestClock& Clock() { return clock_; }

    // Called when a core must give up its thread at once (its JIT is told to halt).
    void SetPreemptHandler(std::function<void(unsigned core)> handler) {
        preempt_ = std::move(handler);
    }

    void AddThread(std::shared_ptr<Thread> thread);
    void MakeRunnable(Thread& thread);
    // The calling thread stops running until Wake (or its deadline, with TimedOut).
    void Block(Thread& thread, WaitKind kind, std::optional<u64> deadline);
    void Wake(Thread& thread, base::Result result, std::optional<s32> index = std::nullopt);
    void Yield(Thread& thread, YieldKind kind);
    void Terminate(Thread& thread);
    // Wakes every thread waiting on `object` (now signaled), each with the object's index in
    // its own wait list.
    void NotifySignaled(SyncObject& object);
    // Re-places a thread after its priority, affinity or activity changed.
    void Reconsider(Thread& thread);

    Thread* Running(unsigned core) const { return running_[core]; }

    // The core loop: the next thread for `core`, waiting while there is none. nullptr when the
    // scheduler was stopped, or in deterministic mode when every thread waits with no deadline.
    Thread* PickNext(unsigned core, std::unique_lock<std::mutex>& lock);
    // The core gave its thread back (its context saved).
    void Release(unsigned core);
    // After a run of `core` stopped only because its instruction slice ended: whether its
    // thread may go on at once (nothing asked the core to give it up), as on the console,
    // where a thread keeps its core until it waits, yields or is preempted. Caller holds Lock().
    bool KeepsRunning(unsigned core) const;

    // Runs `work` once a period, first one period from now, while it lives.
    void AddPeriodicWork(std::weak_ptr<PeriodicWork> work);

    // A host thread answers a request (kernel/host_requests.h) and will wake its client: while
    // one does, waiting threads are not a deadlock.
    void BeginHostRequest() { ++host_requests_; }
    void EndHostRequest() { --host_requests_; }

    // Wakes threads whose deadline has passed and runs periodic work that is due; returns the
    // earliest deadline or periodic time still pending.
    std::optional<u64> ExpireDeadlines();
    // Guest instructions until the next deadline (deterministic mode's time slice).
    u64 InstructionsUntilNextDeadline() const;

    // Real-time mode: wakes threads at their deadlines, on a host thread of its own, until Stop.
    void RunTimer();

    void Stop();
    bool Stopped() const { return stopped_; }
    // What EndRun does (called with the lock held): the process's ending.
    void SetEndRunHandler(std::function<void(RunStop)> handler) { end_run_ = std::move(handler); }
    bool AllTerminated() const;
    const std::vector<std::shared_ptr<Thread>>& Threads() const { return threads_; }

private:
    bool Eligible(const Thread& thread, unsigned core) const;
    bool Allows(const Thread& thread, unsigned core) const;
    bool OnCore(const Thread& thread, unsigned core) const;
    Thread* Best(unsigned core, const Thread* excluded, bool own_core_only) const;
    void PlaceRunnable(Thread& thread);
    // Runs the periodic work due at `now`, forgets work that has ended; the next time due.
    std::optional<u64> RunPeriodicWork(u64 now);
    // When live periodic work is next due.
    std::optional<u64> NextPeriodicDue() const;
    // Whether live periodic work may wake waiting threads (see PeriodicWork::MayWakeWaiters).
    bool PeriodicWorkMayWake() const;
    void Signal(ReadableEvent& event) override;
    void EndRun(RunStop why) override;

    struct PeriodicEntry {
        std::weak_ptr<PeriodicWork> work;
        u64 due = 0;
    };

    std::mutex mutex_;
    std::condition_variable idle_;
    std::condition_variable timer_;
    GuestClock& clock_;
    std::function<void(unsigned)> preempt_;
    std::function<void(RunStop)> end_run_;
    std::vector<std::shared_ptr<Thread>> threads_;
    std::vector<Thread*> running_;
    std::vector<bool> reschedule_;
    std::vector<Thread*> yielded_;  // per core: the thread that yielded to anyone else
    std::vector<PeriodicEntry> periodic_;
    u64 order_ = 0;
    unsigned host_requests_ = 0;
    bool stopped_ = false;
};

}  // namespace kernel
