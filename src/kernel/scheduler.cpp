#include "kernel/scheduler.h"

#include <chrono>

#include <algorithm>

#include "kernel/event.h"
#include "kernel/svc_results.h"

namespace kernel {

Scheduler::Scheduler(unsigned core_count, GuestClock& clock)
    : clock_(clock),
      running_(core_count, nullptr),
      reschedule_(core_count, false),
      yielded_(core_count, nullptr) {}

void Scheduler::AddThread(std::shared_ptr<Thread> thread) {
    threads_.push_back(std::move(thread));
}

bool Scheduler::Eligible(const Thread& thread, unsigned core) const {
    return thread.state == ThreadState::Runnable && !thread.running && !thread.paused &&
           Allows(thread, core);
}

// With fewer emulated cores than the console has, guest core N runs on emulated core
// N % CoreCount(), so that a thread pinned to a missing core still runs.
bool Scheduler::Allows(const Thread& thread, unsigned core) const {
    for (unsigned guest_core = core; guest_core < 64; guest_core += CoreCount()) {
        if ((thread.affinity_mask >> guest_core) & 1) {
            return true;
        }
    }
    return false;
}

bool Scheduler::OnCore(const Thread& thread, unsigned core) const {
    return static_cast<unsigned>(thread.active_core) % CoreCount() == core;
}

Thread* Scheduler::Best(unsigned core, const Thread* excluded, bool own_core_only) const {
    Thread* best = nullptr;
    const auto better = [this, core](const Thread& a, const Thread& b) {
        if (a.priority != b.priority) {
            return a.priority < b.priority;
        }
        const bool a_here = OnCore(a, core);
        const bool b_here = OnCore(b, core);
        if (a_here != b_here) {
            return a_here;
        }
        return a.runnable_since < b.runnable_since;
    };
    for (const auto& thread : threads_) {
        if (thread.get() == excluded || !Eligible(*thread, core)) {
            continue;
        }
        if (own_core_only && !OnCore(*thread, core)) {
            continue;
        }
        if (best == nullptr || better(*thread, *best)) {
            best = thread.get();
        }
    }
    return best;
}

// After any change: idle cores look again, and a core running something worse than what it
// could run is told to give it up.
void Scheduler::PlaceRunnable(Thread& /*changed*/) {
    bool wake_idle = false;
    for (unsigned core = 0; core < CoreCount(); ++core) {
        Thread* current = running_[core];
        const Thread* best = Best(core, nullptr, false);
        if (current == nullptr) {
            wake_idle |= best != nullptr;
            continue;
        }
        const bool must_leave =
            current->state != ThreadState::Runnable || current->paused || !Allows(*current, core);
        if (!reschedule_[core] &&
            (must_leave || (best != nullptr && best->priority < current->priority))) {
            reschedule_[core] = true;
            if (preempt_) {
                preempt_(core);
            }
        }
    }
    if (wake_idle) {
        idle_.notify_all();
    }
}

void Scheduler::MakeRunnable(Thread& thread) {
    thread.state = ThreadState::Runnable;
    thread.runnable_since = ++order_;
    PlaceRunnable(thread);
}

void Scheduler::Block(Thread& thread, WaitKind kind, std::optional<u64> deadline) {
    thread.state = ThreadState::Waiting;
    thread.wait_kind = kind;
    thread.wait_deadline = deadline;
    if (deadline) {
        timer_.notify_all();
    }
    PlaceRunnable(thread);
}

void Scheduler::Wake(Thread& thread, base::Result result, std::optional<s32> index) {
    if (thread.state != ThreadState::Waiting) {
        return;
    }
    for (const auto& object : thread.wait_objects) {
        std::erase(object->waiters, &thread);
    }
    thread.wait_objects.clear();
    thread.wait_kind = WaitKind::None;
    thread.wait_deadline.reset();
    thread.pending_result = result;
    thread.pending_index = index;
    MakeRunnable(thread);
}

void Scheduler::Yield(Thread& thread, YieldKind kind) {
    thread.runnable_since = ++order_;
    const unsigned core = static_cast<unsigned>(thread.active_core) % CoreCount();
    if (kind == YieldKind::ToAnyThread) {
        yielded_[core] = &thread;
    }
    // The core picks again; a thread of the same priority queued earlier now comes first.
    const bool others = Best(core, &thread, kind == YieldKind::WithoutCoreMigration) != nullptr;
    if ((others || kind == YieldKind::ToAnyThread) && !reschedule_[core]) {
        reschedule_[core] = true;
        if (preempt_) {
            preempt_(core);
        }
    }
    if (kind != YieldKind::WithoutCoreMigration) {
        idle_.notify_all();
    }
}

void Scheduler::Terminate(Thread& thread) {
    thread.state = ThreadState::Terminated;
    const std::vector<Thread*> waiters = thread.waiters;
    for (Thread* waiter : waiters) {
        const auto& objects = waiter->wait_objects;
        const auto it = std::find_if(objects.begin(), objects.end(),
                                     [&](const auto& object) { return object.get() == &thread; });
        Wake(*waiter, base::ResultSuccess, static_cast<s32>(it - objects.begin()));
    }
    PlaceRunnable(thread);
    idle_.notify_all();
}

void Scheduler::Reconsider(Thread& thread) {
    PlaceRunnable(thread);
}

void Scheduler::NotifySignaled(SyncObject& object) {
    const std::vector<Thread*> waiters = object.waiters;
    for (Thread* waiter : waiters) {
        const auto& objects = waiter->wait_objects;
        for (std::size_t index = 0; index < objects.size(); ++index) {
            if (objects[index].get() == &object) {
                Wake(*waiter, base::ResultSuccess, static_cast<s32>(index));
                break;
            }
        }
    }
}

Thread* Scheduler::PickNext(unsigned core, std::unique_lock<std::mutex>& lock) {
    bool host_had_its_chance = false;
    for (;;) {
        if (stopped_) {
            return nullptr;
        }
        if (clock_.Deterministic()) {
            ExpireDeadlines();
        }
        Thread* yielded = yielded_[core];
        yielded_[core] = nullptr;
        Thread* next = Best(core, yielded, false);
        if (next == nullptr && yielded != nullptr && Eligible(*yielded, core)) {
            next = yielded;
        }
        if (next != nullptr) {
            next->running = true;
            next->active_core = static_cast<int>(core);
            running_[core] = next;
            reschedule_[core] = false;
            return next;
        }
        // Nothing to run here. When nothing runs anywhere and no deadline is pending, nothing
        // can ever run again: every thread has ended, or they all wait on each other.
        std::optional<u64> earliest;
        bool any_running = false;
        bool any_runnable = false;
        for (const auto& thread : threads_) {
            if (thread->state == ThreadState::Waiting && thread->wait_deadline) {
                earliest = std::min(earliest.value_or(~u64{0}), *thread->wait_deadline);
            }
            any_running |= thread->running;
            any_runnable |= thread->state == ThreadState::Runnable;
        }
        if (!earliest && !any_running && !any_runnable && !PeriodicWorkMayWake() &&
            host_requests_ == 0) {
            return nullptr;
        }
        if (clock_.Deterministic()) {
            // A host thread answering a request may wake a thread at any moment: it gets a
            // millisecond of host time before guest time jumps to the next deadline.
            if (host_requests_ > 0 && !host_had_its_chance) {
                idle_.wait_for(lock, std::chrono::milliseconds(1));
                host_had_its_chance = true;
                continue;
            }
            host_had_its_chance = false;
            // Nothing can run before the next deadline, but periodic work due earlier runs
            // at its own time.
            if (const auto due = NextPeriodicDue()) {
                earliest = std::min(earliest.value_or(~u64{0}), *due);
            }
            if (earliest) {
                clock_.SkipTo(*earliest);
                continue;
            }
            if (host_requests_ > 0) {
                continue;
            }
        }
        idle_.wait(lock);
    }
}

bool Scheduler::KeepsRunning(unsigned core) const {
    const Thread* thread = running_[core];
    return !stopped_ && !reschedule_[core] && thread != nullptr &&
           thread->state == ThreadState::Runnable;
}

void Scheduler::Release(unsigned core) {
    Thread* thread = running_[core];
    running_[core] = nullptr;
    reschedule_[core] = false;
    if (thread != nullptr) {
        thread->running = false;
        if (thread->state == ThreadState::Runnable) {
            PlaceRunnable(*thread);
        }
    }
}

void Scheduler::AddPeriodicWork(std::weak_ptr<PeriodicWork> work) {
    if (const std::shared_ptr<PeriodicWork> live = work.lock()) {
        periodic_.push_back({std::move(work), clock_.Now() + live->PeriodTicks()});
        timer_.notify_all();
    }
}

std::optional<u64> Scheduler::RunPeriodicWork(u64 now) {
    std::erase_if(periodic_, [](const PeriodicEntry& entry) { return entry.work.expired(); });
    std::optional<u64> earliest;
    for (PeriodicEntry& entry : periodic_) {
        if (entry.due <= now) {
            if (const std::shared_ptr<PeriodicWork> work = entry.work.lock()) {
                const u64 period = std::max<u64>(work->PeriodTicks(), 1);
                work->Run(entry.due, *this);
                entry.due += period * ((now - entry.due) / period + 1);
            }
        }
        earliest = std::min(earliest.value_or(~u64{0}), entry.due);
    }
    return earliest;
}

std::optional<u64> Scheduler::NextPeriodicDue() const {
    std::optional<u64> earliest;
    for (const PeriodicEntry& entry : periodic_) {
        if (!entry.work.expired()) {
            earliest = std::min(earliest.value_or(~u64{0}), entry.due);
        }
    }
    return earliest;
}

bool Scheduler::PeriodicWorkMayWake() const {
    return std::any_of(periodic_.begin(), periodic_.end(), [](const PeriodicEntry& entry) {
        const std::shared_ptr<PeriodicWork> work = entry.work.lock();
        return work != nullptr && work->MayWakeWaiters();
    });
}

void Scheduler::EndRun(RunStop why) {
    if (end_run_) {
        end_run_(why);
    }
}

void Scheduler::Signal(ReadableEvent& event) {
    event.signaled = true;
    NotifySignaled(event);
}

std::optional<u64> Scheduler::ExpireDeadlines() {
    const u64 now = clock_.Now();
    std::optional<u64> earliest = RunPeriodicWork(now);
    for (const auto& thread : threads_) {
        if (thread->state != ThreadState::Waiting || !thread->wait_deadline) {
            continue;
        }
        if (*thread->wait_deadline <= now) {
            const bool sleeping = thread->wait_kind == WaitKind::Sleep;
            Wake(*thread, sleeping ? base::ResultSuccess : results::TimedOut);
        } else {
            earliest = std::min(earliest.value_or(~u64{0}), *thread->wait_deadline);
        }
    }
    return earliest;
}

u64 Scheduler::InstructionsUntilNextDeadline() const {
    const u64 now = clock_.Now();
    u64 instructions = ~u64{0};
    for (const auto& thread : threads_) {
        if (thread->state == ThreadState::Waiting && thread->wait_deadline) {
            const u64 ticks = *thread->wait_deadline > now ? *thread->wait_deadline - now : 0;
            instructions = std::min(instructions, GuestClock::TicksToInstructions(ticks));
        }
    }
    if (const auto due = NextPeriodicDue()) {
        const u64 ticks = *due > now ? *due - now : 0;
        instructions = std::min(instructions, GuestClock::TicksToInstructions(ticks));
    }
    return instructions;
}

void Scheduler::RunTimer() {
    std::unique_lock lock(mutex_);
    while (!stopped_) {
        const std::optional<u64> earliest = ExpireDeadlines();
        if (!earliest) {
            timer_.wait(lock);
            continue;
        }
        const u64 now = clock_.Now();
        const u64 wait = *earliest > now ? GuestClock::TicksToNanoseconds(*earliest - now) : 0;
        timer_.wait_for(lock, std::chrono::nanoseconds(wait));
    }
}

void Scheduler::Stop() {
    stopped_ = true;
    idle_.notify_all();
    timer_.notify_all();
    for (unsigned core = 0; core < CoreCount(); ++core) {
        if (running_[core] != nullptr && preempt_) {
            preempt_(core);
        }
    }
}

bool Scheduler::AllTerminated() const {
    return std::all_of(threads_.begin(), threads_.end(),
                       [](const auto& thread) { return thread->state == ThreadState::Terminated; });
}

}  // namespace kernel
