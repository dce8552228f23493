// User-space synchronization that the kernel arbitrates: mutexes (ArbitrateLock / Unlock),
// condition variables (WaitProcessWideKeyAtomic / SignalProcessWideKey) and the address arbiter
// (WaitForAddress / SignalToAddress). The words live in guest memory and are changed
// atomically, because other cores touch them with LDAXR / STLXR meanwhile.

#include <algorithm>
#include <atomic>
#include <vector>

#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

// A mutex word holds its owner's handle, with this bit set while others wait for it.
constexpr u32 kHandleWaitMask = 0x4000'0000;

enum class ArbitrationType : u32 {
    WaitIfLessThan = 0,
    DecrementAndWaitIfLessThan = 1,
    WaitIfEqual = 2
};
enum class SignalType : u32 {
    Signal = 0,
    SignalAndIncrementIfEqual = 1,
    SignalAndModifyByWaitingCountIfEqual = 2,
};

u64 g_wait_sequence = 0;  // guarded by the scheduler's lock

// The word at `address` for atomic access, or a result code for a bad address.
std::optional<std::atomic_ref<u32>> Word(SvcContext& svc, u64 address, base::Result& error) {
    if ((address & 3) != 0) {
        error = results::InvalidAddress;
        return std::nullopt;
    }
    u8* host = svc.process.memory.HostPointer(address, 4, cpu::Permission::ReadWrite);
    if (host == nullptr) {
        error = results::InvalidCurrentMemory;
        return std::nullopt;
    }
    return std::atomic_ref<u32>(*reinterpret_cast<u32*>(host));
}

// Priority inheritance: a mutex owner runs at least at the priority of its best waiter.
void UpdatePriority(Scheduler& scheduler, Thread* thread) {
    for (int depth = 0; thread != nullptr && depth < 16; ++depth) {
        int priority = thread->base_priority;
        for (const Thread* waiter : thread->mutex_waiters) {
            priority = std::min(priority, waiter->priority);
        }
        if (priority == thread->priority) {
            return;
        }
        thread->priority = priority;
        scheduler.Reconsider(*thread);
        thread = thread->lock_owner;
    }
}

bool WaitsBefore(const Thread* a, const Thread* b) {
    return a->priority != b->priority ? a->priority < b->priority
                                      : a->wait_sequence < b->wait_sequence;
}

std::vector<Thread*> Waiters(Scheduler& scheduler, WaitKind kind, u64 address) {
    std::vector<Thread*> waiters;
    for (const auto& thread : scheduler.Threads()) {
        if (thread->state == ThreadState::Waiting && thread->wait_kind == kind &&
            thread->wait_address == address) {
            waiters.push_back(thread.get());
        }
    }
    std::sort(waiters.begin(), waiters.end(), WaitsBefore);
    return waiters;
}

void Enqueue(Thread& thread, u64 address) {
    thread.wait_address = address;
    thread.wait_sequence = ++g_wait_sequence;
}

// Makes `waiter` wait for the mutex `owner` holds.
void WaitForOwner(Scheduler& scheduler, Thread& waiter, Thread& owner, u64 mutex) {
    waiter.wait_kind = WaitKind::Mutex;
    waiter.wait_address = mutex;
    waiter.wait_deadline.reset();
    waiter.lock_owner = &owner;
    owner.mutex_waiters.push_back(&waiter);
    UpdatePriority(scheduler, &owner);
}

// The owner gives the mutex at `address` to its best waiter, or frees it.
void ReleaseMutex(Scheduler& scheduler, Thread& owner, u64 address, std::atomic_ref<u32> word) {
    std::vector<Thread*> waiters;
    for (Thread* waiter : owner.mutex_waiters) {
        if (waiter->wait_address == address) {
            waiters.push_back(waiter);
        }
    }
    if (waiters.empty()) {
        word.store(0);
        return;
    }
    std::stable_sort(waiters.begin(), waiters.end(), WaitsBefore);
    Thread* next = waiters.front();
    std::erase_if(owner.mutex_waiters, [&](Thread* t) { return t->wait_address == address; });
    next->lock_owner = nullptr;
    for (std::size_t i = 1; i < waiters.size(); ++i) {
        waiters[i]->lock_owner = next;
        next->mutex_waiters.push_back(waiters[i]);
    }
    word.store(next->wait_tag | (waiters.size() > 1 ? kHandleWaitMask : 0));
    UpdatePriority(scheduler, &owner);
    UpdatePriority(scheduler, next);
    scheduler.Wake(*next, base::ResultSuccess);
}

// A condition variable waiter, once signalled, takes the mutex or queues for it.
void Reacquire(SvcContext& svc, Thread& waiter) {
    auto& scheduler = svc.process.scheduler;
    base::Result error;
    auto word = Word(svc, waiter.mutex_address, error);
    if (!word) {
        return scheduler.Wake(waiter, error);
    }
    for (;;) {
        u32 value = word->load();
        if (value == 0) {
            if (word->compare_exchange_strong(value, waiter.wait_tag)) {
                return scheduler.Wake(waiter, base::ResultSuccess);
            }
            continue;
        }
        if ((value & kHandleWaitMask) == 0 &&
            !word->compare_exchange_strong(value, value | kHandleWaitMask)) {
            continue;
        }
        const auto owner = svc.process.handles.GetAs<Thread>(value & ~kHandleWaitMask, nullptr);
        if (!owner) {
            return scheduler.Wake(waiter, results::InvalidHandle);
        }
        return WaitForOwner(scheduler, waiter, *owner, waiter.mutex_address);
    }
}

}  // namespace

SvcReply ArbitrateLock(SvcContext& svc, u32 owner_handle, u64 address, u32 tag) {
    base::Result error;
    auto word = Word(svc, address, error);
    if (!word) {
        return error;
    }
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    if (word->load() != (owner_handle | kHandleWaitMask)) {
        return base::ResultSuccess;  // released meanwhile: the caller tries again
    }
    const auto owner = svc.Get<Thread>(owner_handle);
    if (!owner || owner.get() == &svc.thread) {
        return results::InvalidHandle;
    }
    svc.thread.wait_tag = tag;
    scheduler.Block(svc.thread, WaitKind::Mutex, std::nullopt);
    WaitForOwner(scheduler, svc.thread, *owner, address);
    return kNoAnswerNow;
}

base::Result ArbitrateUnlock(SvcContext& svc, u64 address) {
    base::Result error;
    auto word = Word(svc, address, error);
    if (!word) {
        return error;
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    ReleaseMutex(svc.process.scheduler, svc.thread, address, *word);
    return base::ResultSuccess;
}

SvcReply WaitProcessWideKeyAtomic(SvcContext& svc, u64 mutex, u64 key, u32 tag, s64 timeout) {
    base::Result error;
    auto mutex_word = Word(svc, mutex, error);
    auto key_word = mutex_word ? Word(svc, key, error) : std::nullopt;
    if (!key_word) {
        return error;
    }
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    ReleaseMutex(scheduler, svc.thread, mutex, *mutex_word);
    key_word->store(1);  // the condition variable has waiters
    if (timeout == 0) {
        return results::TimedOut;  // the caller takes the mutex again itself
    }
    Enqueue(svc.thread, key);
    svc.thread.mutex_address = mutex;
    svc.thread.wait_tag = tag;
    scheduler.Block(svc.thread, WaitKind::ConditionVariable, svc.Deadline(timeout));
    return kNoAnswerNow;
}

base::Result SignalProcessWideKey(SvcContext& svc, u64 key, s32 count) {
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    const auto waiters = Waiters(scheduler, WaitKind::ConditionVariable, key);
    const std::size_t woken =
        count <= 0 ? waiters.size() : std::min<std::size_t>(waiters.size(), count);
    for (std::size_t i = 0; i < woken; ++i) {
        Reacquire(svc, *waiters[i]);
    }
    if (woken == waiters.size()) {
        base::Result error;
        if (auto key_word = Word(svc, key, error)) {
            key_word->store(0);
        }
    }
    return base::ResultSuccess;
}

SvcReply WaitForAddress(SvcContext& svc, u64 address, u32 arbitration_type, s32 value,
                        s64 timeout) {
    const auto type = static_cast<ArbitrationType>(arbitration_type);
    if (type != ArbitrationType::WaitIfLessThan &&
        type != ArbitrationType::DecrementAndWaitIfLessThan &&
        type != ArbitrationType::WaitIfEqual) {
        return results::InvalidEnumValue;
    }
    base::Result error;
    auto word = Word(svc, address, error);
    if (!word) {
        return error;
    }
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    if (type == ArbitrationType::WaitIfEqual) {
        if (static_cast<s32>(word->load()) != value) {
            return results::InvalidState;
        }
    } else {
        u32 current = word->load();
        for (;;) {
            if (!(static_cast<s32>(current) < value)) {
                return results::InvalidState;
            }
            if (type == ArbitrationType::WaitIfLessThan ||
                word->compare_exchange_weak(current, current - 1)) {
                break;
            }
        }
    }
    if (timeout == 0) {
        return results::TimedOut;
    }
    Enqueue(svc.thread, address);
    scheduler.Block(svc.thread, WaitKind::AddressArbiter, svc.Deadline(timeout));
    return kNoAnswerNow;
}

base::Result SignalToAddress(SvcContext& svc, u64 address, u32 signal_type, s32 value, s32 count) {
    const auto type = static_cast<SignalType>(signal_type);
    if (type != SignalType::Signal && type != SignalType::SignalAndIncrementIfEqual &&
        type != SignalType::SignalAndModifyByWaitingCountIfEqual) {
        return results::InvalidEnumValue;
    }
    base::Result error;
    auto word = Word(svc, address, error);
    if (!word) {
        return error;
    }
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    const auto waiters = Waiters(scheduler, WaitKind::AddressArbiter, address);
    if (type != SignalType::Signal) {
        s32 new_value = value + 1;
        if (type == SignalType::SignalAndModifyByWaitingCountIfEqual && !waiters.empty()) {
            // The value the console's kernel writes (as Atmosphere documents it): it counts the
            // waiters after the first, up to `count`.
            const auto others = static_cast<s64>(waiters.size()) - 1;
            if (count <= 0) {
                new_value = value - 2;
            } else if (others == 0) {
                new_value = value + 1;
            } else if (others <= count) {
                new_value = value - 1;
            } else {
                new_value = value;
            }
        }
        u32 expected = static_cast<u32>(value);
        if (!word->compare_exchange_strong(expected, static_cast<u32>(new_value))) {
            return results::InvalidState;
        }
    }
    const std::size_t woken =
        count <= 0 ? waiters.size() : std::min<std::size_t>(waiters.size(), count);
    for (std::size_t i = 0; i < woken; ++i) {
        scheduler.Wake(*waiters[i], base::ResultSuccess);
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
