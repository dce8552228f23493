// The supervisor call table: every call nxhost provides, and a clear stop for the others.

#include <array>

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/svc_context.h"
#include "kernel/svc_names.h"
#include "profile/code_patcher.h"

namespace kernel {
namespace {

using Handler = void (*)(SvcContext&);

constexpr auto kHandlers = [] {
    std::array<Handler, 0x80> table{};
    table[0x01] = svc::SetHeapSize;
    table[0x02] = svc::SetMemoryPermission;
    table[0x03] = svc::SetMemoryAttribute;
    table[0x04] = svc::MapMemory;
    table[0x05] = svc::UnmapMemory;
    table[0x06] = svc::QueryMemory;
    table[0x07] = svc::ExitProcess;
    table[0x08] = svc::CreateThread;
    table[0x09] = svc::StartThread;
    table[0x0a] = svc::ExitThread;
    table[0x0b] = svc::SleepThread;
    table[0x0c] = svc::GetThreadPriority;
    table[0x0d] = svc::SetThreadPriority;
    table[0x0e] = svc::GetThreadCoreMask;
    table[0x0f] = svc::SetThreadCoreMask;
    table[0x10] = svc::GetCurrentProcessorNumber;
    table[0x11] = svc::SignalEvent;
    table[0x12] = svc::ClearEvent;
    table[0x13] = svc::MapSharedMemory;
    table[0x14] = svc::UnmapSharedMemory;
    table[0x15] = svc::CreateTransferMemory;
    table[0x16] = svc::CloseHandle;
    table[0x17] = svc::ResetSignal;
    table[0x18] = svc::WaitSynchronization;
    table[0x19] = svc::CancelSynchronization;
    table[0x1a] = svc::ArbitrateLock;
    table[0x1b] = svc::ArbitrateUnlock;
    table[0x1c] = svc::WaitProcessWideKeyAtomic;
    table[0x1d] = svc::SignalProcessWideKey;
    table[0x1e] = svc::GetSystemTick;
    table[0x1f] = svc::ConnectToNamedPort;
    table[0x21] = svc::SendSyncRequest;
    table[0x22] = svc::SendSyncRequestWithUserBuffer;
    table[0x24] = svc::GetProcessId;
    table[0x25] = svc::GetThreadId;
    table[0x26] = svc::Break;
    table[0x27] = svc::OutputDebugString;
    table[0x28] = svc::ReturnFromException;
    table[0x29] = svc::GetInfo;
    table[0x2c] = svc::MapPhysicalMemory;
    table[0x2d] = svc::UnmapPhysicalMemory;
    table[0x32] = svc::SetThreadActivity;
    table[0x33] = svc::GetThreadContext3;
    table[0x34] = svc::WaitForAddress;
    table[0x35] = svc::SignalToAddress;
    table[0x40] = svc::CreateSession;
    table[0x41] = svc::AcceptSession;
    table[0x43] = svc::ReplyAndReceive;
    table[0x45] = svc::CreateEvent;
    table[0x4b] = svc::CreateCodeMemory;
    table[0x4c] = svc::ControlCodeMemory;
    table[0x51] = svc::MapTransferMemory;
    table[0x52] = svc::UnmapTransferMemory;
    table[0x73] = svc::SetProcessMemoryPermission;
    table[0x74] = svc::MapProcessMemory;
    table[0x75] = svc::UnmapProcessMemory;
    table[0x76] = svc::QueryProcessMemory;
    table[0x77] = svc::MapProcessCodeMemory;
    table[0x78] = svc::UnmapProcessCodeMemory;
    return table;
}();

}  // namespace

void Process::State::CallSvc(cpu::Core& core, u32 number) {
    SvcContext context(*this, core);
    if (number < kHandlers.size() && kHandlers[number] != nullptr) {
        // NXHOST_LOG=trace: every SVC with its first arguments, to find where a program waits
        // or what it is refused (a blocking SVC answers later, so its result is not here).
        LOG_TRACE("svc", "{} ({:#x}, {:#x}, {:#x}, {:#x}) at {:#x}, return address {:#x}",
                  SvcName(number), core.GetX(0), core.GetX(1), core.GetX(2), core.GetX(3),
                  core.GetPC() - 4, core.GetX(30));
        kHandlers[number](context);
        return;
    }
    if (number == profile::kHostCallSvc) {
        // The core's PC is past the SVC; a patch placed none elsewhere, so any other is the
        // guest's own, answered as an unknown SVC.
        if (const auto call = host_calls.find(core.GetPC() - 4); call != host_calls.end()) {
            call->second(core);
            return;
        }
    }
    const std::string name(SvcName(number));
    const std::string where = DescribeAddress(core.GetPC());
    LOG_ERROR("kernel", "unimplemented SVC {:#04x} ({}) called at {}", number, name, where);
    Stop(RunEnding::UnimplementedSvc, number,
         FaultReport(core,
                     fmt::format("unimplemented SVC {:#04x} ({}) at {}", number, name, where)));
}

}  // namespace kernel
