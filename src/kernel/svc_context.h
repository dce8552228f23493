#pragma once

// What every supervisor call handler works with: the process, the calling core and thread, and
// the registers in the console's calling convention.

#include <memory>
#include <optional>

#include "base/result.h"
#include "kernel/process_state.h"
#include "kernel/svc_results.h"

namespace kernel {

// An output register: written only when the handler set it (most set theirs on success only).
template <typename T>
class SvcOut {
public:
    SvcOut& operator=(T value) {
        value_ = value;
        return *this;
    }
    const std::optional<T>& Value() const { return value_; }

private:
    std::optional<T> value_;
};

// The answer of a call that may not answer at once: nullopt (kNoAnswerNow) when the thread
// waits and its wake gives the result, or does not go on (the process stops).
using SvcReply = std::optional<base::Result>;
inline constexpr std::nullopt_t kNoAnswerNow = std::nullopt;

class SvcContext {
public:
    SvcContext(Process::State& process, cpu::Core& core)
        : process(process), core(core), thread(process.CurrentThread(core)) {}

    u64 Arg(unsigned index) const { return core.GetX(index); }
    void Out(unsigned index, u64 value) { core.SetX(index, value); }
    void Return(base::Result result) { core.SetX(0, result.Raw()); }
    // The two halves of a new pair (an event's, a session's) as handles, or neither when the
    // table is full. The caller holds the scheduler lock.
    base::Result AddHandlePair(std::shared_ptr<KernelObject> first,
                               std::shared_ptr<KernelObject> second, SvcOut<u32>& first_handle,
                               SvcOut<u32>& second_handle) {
        const u32 first_added = process.handles.Add(std::move(first));
        if (first_added == 0) {
            return results::OutOfHandles;
        }
        const u32 second_added = process.handles.Add(std::move(second));
        if (second_added == 0) {
            process.handles.Remove(first_added);
            return results::OutOfHandles;
        }
        first_handle = first_added;
        second_handle = second_added;
        return base::ResultSuccess;
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

// One handler per supervisor call, grouped by area in svc_*.cpp, with the signature svc_marshal.h
// reads the registers by.
namespace svc {
base::Result SetHeapSize(SvcContext& svc, SvcOut<u64>& heap_address, u64 size);
base::Result QueryMemory(SvcContext& svc, u64 info_address, SvcOut<u32>& page_info, u64 address);
base::Result QueryProcessMemory(SvcContext& svc, u64 info_address, SvcOut<u32>& page_info,
                                u32 process_handle, u64 address);
base::Result SetMemoryPermission(SvcContext& svc, u64 address, u64 size, u32 permission);
base::Result SetMemoryAttribute(SvcContext& svc, u64 address, u64 size, u32 mask, u32 value);
base::Result MapMemory(SvcContext& svc, u64 destination, u64 source, u64 size);
base::Result UnmapMemory(SvcContext& svc, u64 destination, u64 source, u64 size);
base::Result MapPhysicalMemory(SvcContext& svc, u64 address, u64 size);
base::Result UnmapPhysicalMemory(SvcContext& svc, u64 address, u64 size);
base::Result MapSharedMemory(SvcContext& svc, u32 handle, u64 address, u64 size, u32 permission);
base::Result UnmapSharedMemory(SvcContext& svc, u32 handle, u64 address, u64 size);
base::Result CreateTransferMemory(SvcContext& svc, SvcOut<u32>& transfer_handle, u64 address,
                                  u64 size, u32 permission);
base::Result MapTransferMemory(SvcContext& svc, u32 handle, u64 address, u64 size, u32 permission);
base::Result UnmapTransferMemory(SvcContext& svc, u32 handle, u64 address, u64 size);
base::Result CreateCodeMemory(SvcContext& svc, SvcOut<u32>& code_handle, u64 address, u64 size);
base::Result ControlCodeMemory(SvcContext& svc, u32 handle, u32 operation, u64 address, u64 size,
                               u32 permission);
void ExitProcess(SvcContext& svc);
base::Result CreateThread(SvcContext& svc, SvcOut<u32>& thread_handle, u64 entry, u64 argument,
                          u64 stack_top, s32 priority, s32 core);
base::Result StartThread(SvcContext& svc, u32 thread_handle);
void ExitThread(SvcContext& svc);
void SleepThread(SvcContext& svc, s64 nanoseconds);
base::Result GetThreadPriority(SvcContext& svc, SvcOut<s32>& priority, u32 thread_handle);
base::Result SetThreadPriority(SvcContext& svc, u32 thread_handle, s32 priority);
base::Result GetThreadCoreMask(SvcContext& svc, SvcOut<s32>& ideal_core, SvcOut<u64>& affinity_mask,
                               u32 thread_handle);
base::Result SetThreadCoreMask(SvcContext& svc, u32 thread_handle, s32 core, u64 mask);
u64 GetCurrentProcessorNumber(SvcContext& svc);
base::Result SignalEvent(SvcContext& svc, u32 event_handle);
base::Result ClearEvent(SvcContext& svc, u32 handle);
base::Result CloseHandle(SvcContext& svc, u32 handle);
base::Result ResetSignal(SvcContext& svc, u32 event_handle);
SvcReply WaitSynchronization(SvcContext& svc, SvcOut<s32>& index, u64 handles_address, u32 count,
                             s64 timeout);
base::Result CancelSynchronization(SvcContext& svc, u32 thread_handle);
SvcReply ArbitrateLock(SvcContext& svc, u32 owner_handle, u64 address, u32 tag);
base::Result ArbitrateUnlock(SvcContext& svc, u64 address);
SvcReply WaitProcessWideKeyAtomic(SvcContext& svc, u64 mutex, u64 key, u32 tag, s64 timeout);
base::Result SignalProcessWideKey(SvcContext& svc, u64 key, s32 count);
u64 GetSystemTick(SvcContext& svc);
base::Result GetProcessId(SvcContext& svc, SvcOut<u64>& process_id, u32 handle);
base::Result GetThreadId(SvcContext& svc, SvcOut<u64>& thread_id, u32 thread_handle);
SvcReply Break(SvcContext& svc, u64 reason, u64 argument, u64 size);
base::Result OutputDebugString(SvcContext& svc, u64 address, u64 length);
void ReturnFromException(SvcContext& svc, u32 result);
base::Result GetInfo(SvcContext& svc, SvcOut<u64>& info, u64 info_type, u32 handle, u64 sub_type);
base::Result SetThreadActivity(SvcContext& svc, u32 thread_handle, u32 activity);
base::Result GetThreadContext3(SvcContext& svc, u64 out, u32 thread_handle);
SvcReply WaitForAddress(SvcContext& svc, u64 address, u32 arbitration_type, s32 value, s64 timeout);
base::Result SignalToAddress(SvcContext& svc, u64 address, u32 signal_type, s32 value, s32 count);
base::Result CreateEvent(SvcContext& svc, SvcOut<u32>& writable_handle,
                         SvcOut<u32>& readable_handle);
base::Result ConnectToNamedPort(SvcContext& svc, SvcOut<u32>& session_handle, u64 name_address);
SvcReply SendSyncRequest(SvcContext& svc, u32 session_handle);
SvcReply SendSyncRequestWithUserBuffer(SvcContext& svc, u64 address, u64 size, u32 session_handle);
base::Result CreateSession(SvcContext& svc, SvcOut<u32>& server_handle, SvcOut<u32>& client_handle,
                           u32 is_light);
base::Result AcceptSession(SvcContext& svc, SvcOut<u32>& session_handle, u32 port_handle);
SvcReply ReplyAndReceive(SvcContext& svc, SvcOut<s64>& index, u64 handles_address, u32 count,
                         u32 reply_target, s64 timeout);
base::Result SetProcessMemoryPermission(SvcContext& svc, u32 process_handle, u64 address, u64 size,
                                        u32 permission);
base::Result MapProcessMemory(SvcContext& svc, u64 destination, u32 process_handle, u64 source,
                              u64 size);
base::Result UnmapProcessMemory(SvcContext& svc, u64 destination, u32 process_handle, u64 source,
                                u64 size);
base::Result MapProcessCodeMemory(SvcContext& svc, u32 process_handle, u64 destination, u64 source,
                                  u64 size);
base::Result UnmapProcessCodeMemory(SvcContext& svc, u32 process_handle, u64 destination,
                                    u64 source, u64 size);
}  // namespace svc

// The process id the application gets (the first after the system's own processes).
inline constexpr u64 kApplicationProcessId = 0x51;

}  // namespace kernel
