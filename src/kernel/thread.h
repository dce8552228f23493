#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "base/types.h"
#include "cpu/core.h"
#include "kernel/kernel_object.h"

namespace kernel {

inline constexpr int kLowestPriority = 63;
inline constexpr int kHighestPriority = 0;

// A fault that waits to be delivered while another thread's exception handler runs
// (user_exception.h): the thread as it faulted, and the report for a run that ends on it.
struct PendingUserException {
    cpu::GuestFault fault;
    cpu::ThreadContext context;
    std::string report;
};

enum class ThreadState { Created, Runnable, Waiting, Terminated };

// What a waiting thread waits for; decides how it is woken and what it finds in X0 / X1.
enum class WaitKind {
    None,
    Synchronization,
    Sleep,
    AddressArbiter,
    ConditionVariable,
    Mutex,
    ReplyAndReceive,  // Synchronization that also receives from a signaled server session
    IpcReply,         // a client waiting for a guest server's reply
    HostRequest,      // a client whose request a host thread answers (kernel/host_requests.h)
};

class Thread final : public SyncObject {
public:
    static constexpr Type kType = Type::Thread;
    Type GetType() const override { return kType; }
    bool IsSignaled() const override { return state == ThreadState::Terminated; }

    u64 id = 0;
    std::string name;
    cpu::ThreadContext context;
    u64 tls_address = 0;

    // Scheduling. Lower numbers are higher priorities, 0..63.
    int base_priority = 44;
    int priority = 44;  // base priority raised by the waiters on mutexes it holds
    int ideal_core = 0;
    u64 affinity_mask = 1;
    int active_core = 0;     // the core it runs on, or last ran on
    bool running = false;    // on a core now (its context lives in that core)
    u64 runnable_since = 0;  // FIFO order among equal priorities
    ThreadState state = ThreadState::Created;
    bool paused = false;  // SetThreadActivity

    // Waiting.
    WaitKind wait_kind = WaitKind::None;
    std::vector<std::shared_ptr<SyncObject>> wait_objects;
    std::optional<u64> wait_deadline;  // guest counter ticks
    u64 wait_address = 0;              // arbiter address, condition variable key or mutex word
    u32 wait_tag = 0;                  // this thread's handle as a mutex waiter
    u64 mutex_address = 0;             // the mutex a condition variable waiter reacquires
    bool cancel_pending = false;
    u64 wait_sequence = 0;  // FIFO order among waiters of equal priority

    // Results handed over when the thread next runs.
    std::optional<base::Result> pending_result;
    std::optional<s32> pending_index;

    // CPU time on each emulated core, in guest counter ticks (GetInfo ThreadTickCount).
    std::array<u64, 4> core_ticks{};
    u64 slice_start = 0;  // when it last started running

    std::optional<PendingUserException> pending_exception;
    // Mutex ownership for priority inheritance.
    Thread* lock_owner = nullptr;
    std::vector<Thread*> mutex_waiters;
};

}  // namespace kernel
