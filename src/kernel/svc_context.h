#pragma once

// What every supervisor call handler works with: the process, the calling core and thread, and
// the registers in the console's calling convention.

#include <memory>

#include "base/result.h"
#include "kernel/process_state.h"
#include "kernel/svc_results.h"

namespace kernel {

class SvcContext {
public:
    SvcContext(Process::State& process, cpu::Core& core)
        : process(process), core(core), thread(process.CurrentThread(core)) {}

    u64 Arg(unsigned index) const { return core.GetX(index); }
    u32 Arg32(unsigned index) const { return static_cast<u32>(core.GetX(index)); }
    s32 ArgS32(unsigned index) const { return static_cast<s32>(core.GetX(index)); }
    void Out(unsigned index, u64 value) { core.SetX(index, value); }
    void Return(base::Result result) { core.SetX(0, result.Raw()); }
    // The two halves of a new pair (an event's, a session's) as handles in X1 and X2, or
    // neither when the table is full. The caller holds the scheduler lock.
    void ReturnHandlePair(std::shared_ptr<KernelObject> first,
                          std::shared_ptr<KernelObject> second) {
        const u32 first_handle = process.handles.Add(std::move(first));
        if (first_handle == 0) {
            return Return(results::OutOfHandles);
        }
        const u32 second_handle = process.handles.Add(std::move(second));
        if (second_handle == 0) {
            process.handles.Remove(first_handle);
            return Return(results::OutOfHandles);
        }
        Out(1, first_handle);
        Out(2, second_handle);
        Return(base::ResultSuccess);
    }

    std::shared_ptr<Thread> CurrentShared() const {
        return std::static_pointer_cast<Thread>(thread.shared_from_this());
    }
    template <typename T>
    std::shared_ptr<T> Get(u32 handle) const {
        return process.handles.GetAs<T>(handle, CurrentShared());
    }

    // Whether `handle` names this process: its pseudo-handle, or a real handle to it (from a
    // message that copied the pseudo-handle). With the scheduler's lock held.
    bool IsOwnProcess(u32 handle) const {
        return handle == kCurrentProcessPseudoHandle || Get<ProcessObject>(handle) != nullptr;
    }

    // A timeout in nanoseconds as a deadline on the guest clock; negative waits forever.
    std::optional<u64> Deadline(s64 timeout_ns) const {
        if (timeout_ns < 0) {
            return std::nullopt;
        }
        return process.clock.Now() + GuestClock::NanosecondsToTicks(static_cast<u64>(timeout_ns));
    }

    Process::State& process;
    cpu::Core& core;
    Thread& thread;
};

// One handler per supervisor call, grouped by area in svc_*.cpp.
namespace svc {
void SetHeapSize(SvcContext&);
void QueryMemory(SvcContext&);
void QueryProcessMemory(SvcContext&);
void SetMemoryPermission(SvcContext&);
void SetMemoryAttribute(SvcContext&);
void MapMemory(SvcContext&);
void UnmapMemory(SvcContext&);
void MapPhysicalMemory(SvcContext&);
void UnmapPhysicalMemory(SvcContext&);
void MapSharedMemory(SvcContext&);
void UnmapSharedMemory(SvcContext&);
void CreateTransferMemory(SvcContext&);
void MapTransferMemory(SvcContext&);
void UnmapTransferMemory(SvcContext&);
void CreateCodeMemory(SvcContext&);
void ControlCodeMemory(SvcContext&);
void ExitProcess(SvcContext&);
void CreateThread(SvcContext&);
void StartThread(SvcContext&);
void ExitThread(SvcContext&);
void SleepThread(SvcContext&);
void GetThreadPriority(SvcContext&);
void SetThreadPriority(SvcContext&);
void GetThreadCoreMask(SvcContext&);
void SetThreadCoreMask(SvcContext&);
void GetCurrentProcessorNumber(SvcContext&);
void SignalEvent(SvcContext&);
void ClearEvent(SvcContext&);
void CloseHandle(SvcContext&);
void ResetSignal(SvcContext&);
void WaitSynchronization(SvcContext&);
void CancelSynchronization(SvcContext&);
void ArbitrateLock(SvcContext&);
void ArbitrateUnlock(SvcContext&);
void WaitProcessWideKeyAtomic(SvcContext&);
void SignalProcessWideKey(SvcContext&);
void GetSystemTick(SvcContext&);
void GetProcessId(SvcContext&);
void GetThreadId(SvcContext&);
void Break(SvcContext&);
void OutputDebugString(SvcContext&);
void ReturnFromException(SvcContext&);
void GetInfo(SvcContext&);
void SetThreadActivity(SvcContext&);
void GetThreadContext3(SvcContext&);
void WaitForAddress(SvcContext&);
void SignalToAddress(SvcContext&);
void CreateEvent(SvcContext&);
void ConnectToNamedPort(SvcContext&);
void SendSyncRequest(SvcContext&);
void SendSyncRequestWithUserBuffer(SvcContext&);
void CreateSession(SvcContext&);
void AcceptSession(SvcContext&);
void ReplyAndReceive(SvcContext&);
void SetProcessMemoryPermission(SvcContext&);
void MapProcessMemory(SvcContext&);
void UnmapProcessMemory(SvcContext&);
void MapProcessCodeMemory(SvcContext&);
void UnmapProcessCodeMemory(SvcContext&);
}  // namespace svc

// The process id the application gets (the first after the system's own processes).
inline constexpr u64 kApplicationProcessId = 0x51;

}  // namespace kernel
