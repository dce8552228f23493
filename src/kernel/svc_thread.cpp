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

void CreateThread(SvcContext& svc) {
    auto& process = svc.process;
    const u64 entry = svc.Arg(1);
    const u64 argument = svc.Arg(2);
    const u64 stack_top = svc.Arg(3);
    const s32 priority = svc.ArgS32(4);
    s32 core = svc.ArgS32(5);
    if (core == kIdealCoreUseProcessValue) {
        core = process.main_thread_core;
    }
    if (core < 0 || core >= 64 || ((process.core_mask >> core) & 1) == 0) {
        return svc.Return(results::InvalidCoreId);
    }
    if (!PriorityAllowed(process, priority)) {
        return svc.Return(results::InvalidPriority);
    }
    std::lock_guard lock(process.scheduler.Lock());
    auto thread = process.CreateThread(entry, argument, stack_top, priority, core);
    if (!thread) {
        return svc.Return(results::OutOfResource);
    }
    const u32 handle = process.handles.Add(thread);
    if (handle == 0) {
        return svc.Return(results::OutOfHandles);
    }
    thread->context.x[1] = handle;
    svc.Out(1, handle);
    svc.Return(base::ResultSuccess);
}

void StartThread(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(0));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    if (thread->state != ThreadState::Created) {
        return svc.Return(results::InvalidState);
    }
    svc.process.scheduler.MakeRunnable(*thread);
    svc.Return(base::ResultSuccess);
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

void SleepThread(SvcContext& svc) {
    const auto nanoseconds = static_cast<s64>(svc.Arg(0));
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

void GetThreadPriority(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(1));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    svc.Out(1, static_cast<u64>(thread->base_priority));
    svc.Return(base::ResultSuccess);
}

void SetThreadPriority(SvcContext& svc) {
    const s32 priority = svc.ArgS32(1);
    if (!PriorityAllowed(svc.process, priority)) {
        return svc.Return(results::InvalidPriority);
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(0));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    thread->base_priority = priority;
    thread->priority = priority;
    for (const Thread* waiter : thread->mutex_waiters) {
        thread->priority = std::min(thread->priority, waiter->priority);
    }
    svc.process.scheduler.Reconsider(*thread);
    svc.Return(base::ResultSuccess);
}

void GetThreadCoreMask(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(2));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    svc.Out(1, static_cast<u64>(static_cast<s64>(thread->ideal_core)));
    svc.Out(2, thread->affinity_mask);
    svc.Return(base::ResultSuccess);
}

void SetThreadCoreMask(SvcContext& svc) {
    auto& process = svc.process;
    s32 core = svc.ArgS32(1);
    u64 mask = svc.Arg(2);
    std::lock_guard lock(process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(0));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    if (core == kIdealCoreUseProcessValue) {
        core = process.main_thread_core;
        mask = u64{1} << core;
    } else if (core == kIdealCoreNoUpdate) {
        core = thread->ideal_core;
    }
    if (mask == 0 || (mask & ~process.core_mask) != 0) {
        return svc.Return(results::InvalidCoreId);
    }
    if (core != kIdealCoreDontCare) {
        if (core < 0 || core >= 64 || ((process.core_mask >> core) & 1) == 0) {
            return svc.Return(results::InvalidCoreId);
        }
        if (((mask >> core) & 1) == 0) {
            return svc.Return(results::InvalidCombination);
        }
    }
    thread->ideal_core = core;
    thread->affinity_mask = mask;
    process.scheduler.Reconsider(*thread);
    svc.Return(base::ResultSuccess);
}

void GetCurrentProcessorNumber(SvcContext& svc) {
    svc.Out(0, svc.core.Index());
}

void GetThreadId(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(1));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    svc.Out(1, thread->id);
    svc.Return(base::ResultSuccess);
}

void SetThreadActivity(SvcContext& svc) {
    const u32 activity = svc.Arg32(1);
    if (activity > 1) {
        return svc.Return(results::InvalidEnumValue);
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(0));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    if (thread.get() == &svc.thread) {
        return svc.Return(results::Busy);
    }
    if (thread->state == ThreadState::Terminated || thread->paused == (activity == 1)) {
        return svc.Return(results::InvalidState);
    }
    thread->paused = activity == 1;
    svc.process.scheduler.Reconsider(*thread);
    svc.Return(base::ResultSuccess);
}

void GetThreadContext3(SvcContext& svc) {
    const u64 out = svc.Arg(0);
    GuestThreadContext context{};
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        const auto thread = svc.Get<Thread>(svc.Arg32(1));
        if (!thread) {
            return svc.Return(results::InvalidHandle);
        }
        if (thread.get() == &svc.thread) {
            return svc.Return(results::Busy);
        }
        // Only a paused thread that has left its core holds still long enough to be read.
        if (!thread->paused || thread->running) {
            return svc.Return(results::InvalidState);
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
        return svc.Return(results::InvalidPointer);
    }
    svc.Return(base::ResultSuccess);
}

}  // namespace kernel::svc
