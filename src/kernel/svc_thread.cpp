// Thread supervisor calls.

#include <cstring>

#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

constexpr s32 kIdealCoreDontCare = -1;
constexpr s32 kIdealCoreUseProcessValue = -2;
constexpr s32 kIdealCoreNoUpdate = -3;

bool PriorityAllowed(const Process::State& process, s32 priority) {
    return priority >= process.highest_priority && priority <= process.lowest_priority;
}

// svc::ThreadContext as GetThreadContext3 writes it (0x320 bytes).
struct GuestThreadContext {
    u64 x[29];
    u64 fp;
    u64 lr;
    u64 sp;
    u64 pc;
    u32 pstate;
    u32 padding;
    u64 v[32][2];
    u32 fpcr;
    u32 fpsr;
    u64 tpidr;
};
static_assert(sizeof(GuestThreadContext) == 0x320);

}  // namespace

base::Result CreateThread(SvcContext& svc, SvcOut<u32>& thread_handle, u64 entry, u64 argument,
                          u64 stack_top, s32 priority, s32 core) {
    auto& process = svc.process;
    if (core == kIdealCoreUseProcessValue) {
        core = process.main_thread_core;
    }
    if (core < 0 || core >= 64 || ((process.core_mask >> core) & 1) == 0) {
        return results::InvalidCoreId;
    }
    if (!PriorityAllowed(process, priority)) {
        return results::InvalidPriority;
    }
    std::lock_guard lock(process.scheduler.Lock());
    auto thread = process.CreateThread(entry, argument, stack_top, priority, core);
    if (!thread) {
        return results::OutOfResource;
    }
    const u32 handle = process.handles.Add(thread);
    if (handle == 0) {
        return results::OutOfHandles;
    }
    thread->context.x[1] = handle;
    thread_handle = handle;
    return base::ResultSuccess;
}

base::Result StartThread(SvcContext& svc, u32 thread_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    if (thread->state != ThreadState::Created) {
        return results::InvalidState;
    }
    svc.process.scheduler.MakeRunnable(*thread);
    return base::ResultSuccess;
}

void ExitThread(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    if (svc.process.exception_thread == &svc.thread) {
        // It ends inside its exception handler: the handler is free for the next fault
        // (Atmosphère's KThread::Exit releases the user exception).
        svc.process.exception_thread = nullptr;
        svc.process.exception_report.clear();
    }
    svc.process.free_tls_slots.push_back(svc.thread.tls_address);
    svc.process.scheduler.Terminate(svc.thread);
}

void SleepThread(SvcContext& svc, s64 nanoseconds) {
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    switch (nanoseconds) {
        case 0:
            return scheduler.Yield(svc.thread, YieldKind::WithoutCoreMigration);
        case -1:
            return scheduler.Yield(svc.thread, YieldKind::WithCoreMigration);
        case -2:
            return scheduler.Yield(svc.thread, YieldKind::ToAnyThread);
        default:
            if (nanoseconds > 0) {
                scheduler.Block(svc.thread, WaitKind::Sleep, svc.Deadline(nanoseconds));
            }
    }
}

base::Result GetThreadPriority(SvcContext& svc, SvcOut<s32>& priority, u32 thread_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    priority = thread->base_priority;
    return base::ResultSuccess;
}

base::Result SetThreadPriority(SvcContext& svc, u32 thread_handle, s32 priority) {
    if (!PriorityAllowed(svc.process, priority)) {
        return results::InvalidPriority;
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    thread->base_priority = priority;
    thread->priority = priority;
    for (const Thread* waiter : thread->mutex_waiters) {
        thread->priority = std::min(thread->priority, waiter->priority);
    }
    svc.process.scheduler.Reconsider(*thread);
    return base::ResultSuccess;
}

base::Result GetThreadCoreMask(SvcContext& svc, SvcOut<s32>& ideal_core, SvcOut<u64>& affinity_mask,
                               u32 thread_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    ideal_core = thread->ideal_core;
    affinity_mask = thread->affinity_mask;
    return base::ResultSuccess;
}

base::Result SetThreadCoreMask(SvcContext& svc, u32 thread_handle, s32 core, u64 mask) {
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    if (core == kIdealCoreUseProcessValue) {
        core = process.main_thread_core;
        mask = u64{1} << core;
    } else if (core == kIdealCoreNoUpdate) {
        core = thread->ideal_core;
    }
    if (mask == 0 || (mask & ~process.core_mask) != 0) {
        return results::InvalidCoreId;
    }
    if (core != kIdealCoreDontCare) {
        if (core < 0 || core >= 64 || ((process.core_mask >> core) & 1) == 0) {
            return results::InvalidCoreId;
        }
        if (((mask >> core) & 1) == 0) {
            return results::InvalidCombination;
        }
    }
    thread->ideal_core = core;
    thread->affinity_mask = mask;
    process.scheduler.Reconsider(*thread);
    return base::ResultSuccess;
}

u64 GetCurrentProcessorNumber(SvcContext& svc) {
    return svc.core.Index();
}

base::Result GetThreadId(SvcContext& svc, SvcOut<u64>& thread_id, u32 thread_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    thread_id = thread->id;
    return base::ResultSuccess;
}

base::Result SetThreadActivity(SvcContext& svc, u32 thread_handle, u32 activity) {
    if (activity > 1) {
        return results::InvalidEnumValue;
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    if (thread.get() == &svc.thread) {
        return results::Busy;
    }
    if (thread->state == ThreadState::Terminated || thread->paused == (activity == 1)) {
        return results::InvalidState;
    }
    thread->paused = activity == 1;
    svc.process.scheduler.Reconsider(*thread);
    return base::ResultSuccess;
}

base::Result GetThreadContext3(SvcContext& svc, u64 out, u32 thread_handle) {
    GuestThreadContext context{};
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        const auto thread = svc.Get<Thread>(thread_handle);
        if (!thread) {
            return results::InvalidHandle;
        }
        if (thread.get() == &svc.thread) {
            return results::Busy;
        }
        // Only a paused thread that has left its core holds still long enough to be read.
        if (!thread->paused || thread->running) {
            return results::InvalidState;
        }
        const cpu::ThreadContext& source = thread->context;
        std::memcpy(context.x, source.x.data(), sizeof(context.x));
        context.fp = source.x[29];
        context.lr = source.x[30];
        context.sp = source.sp;
        context.pc = source.pc;
        context.pstate = source.pstate & 0xff00'0000;  // the user-visible flags only
        for (unsigned i = 0; i < 32; ++i) {
            context.v[i][0] = source.v[i][0];
            context.v[i][1] = source.v[i][1];
        }
        context.fpcr = source.fpcr;
        context.fpsr = source.fpsr;
        context.tpidr = source.tpidr;
    }
    if (!svc.process.memory.Write(out, context)) {
        return results::InvalidPointer;
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
