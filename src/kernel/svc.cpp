// The supervisor call table: every call nxhost provides, and a clear stop for the others.

#include <array>

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/svc_context.h"
#include "kernel/svc_marshal.h"
#include "kernel/svc_names.h"
#include "profile/code_patcher.h"

namespace kernel {
namespace {

using Handler = void (*)(SvcContext&);

constexpr auto kHandlers = [] {
    std::array<Handler, 0x80> table{};
    table[0x01] = kSvcEntry<svc::SetHeapSize>;
    table[0x02] = kSvcEntry<svc::SetMemoryPermission>;
    table[0x03] = kSvcEntry<svc::SetMemoryAttribute>;
    table[0x04] = kSvcEntry<svc::MapMemory>;
    table[0x05] = kSvcEntry<svc::UnmapMemory>;
    table[0x06] = kSvcEntry<svc::QueryMemory>;
    table[0x07] = kSvcEntry<svc::ExitProcess>;
    table[0x08] = kSvcEntry<svc::CreateThread>;
    table[0x09] = kSvcEntry<svc::StartThread>;
    table[0x0a] = kSvcEntry<svc::ExitThread>;
    table[0x0b] = kSvcEntry<svc::SleepThread>;
    table[0x0c] = kSvcEntry<svc::GetThreadPriority>;
    table[0x0d] = kSvcEntry<svc::SetThreadPriority>;
    table[0x0e] = kSvcEntry<svc::GetThreadCoreMask>;
    table[0x0f] = kSvcEntry<svc::SetThreadCoreMask>;
    table[0x10] = kSvcEntry<svc::GetCurrentProcessorNumber>;
    table[0x11] = kSvcEntry<svc::SignalEvent>;
    table[0x12] = kSvcEntry<svc::ClearEvent>;
    table[0x13] = kSvcEntry<svc::MapSharedMemory>;
    table[0x14] = kSvcEntry<svc::UnmapSharedMemory>;
    table[0x15] = kSvcEntry<svc::CreateTransferMemory>;
    table[0x16] = kSvcEntry<svc::CloseHandle>;
    table[0x17] = kSvcEntry<svc::ResetSignal>;
    table[0x18] = kSvcEntry<svc::WaitSynchronization>;
    table[0x19] = kSvcEntry<svc::CancelSynchronization>;
    table[0x1a] = kSvcEntry<svc::ArbitrateLock>;
    table[0x1b] = kSvcEntry<svc::ArbitrateUnlock>;
    table[0x1c] = kSvcEntry<svc::WaitProcessWideKeyAtomic>;
    table[0x1d] = kSvcEntry<svc::SignalProcessWideKey>;
    table[0x1e] = kSvcEntry<svc::GetSystemTick>;
    table[0x1f] = kSvcEntry<svc::ConnectToNamedPort>;
    table[0x21] = kSvcEntry<svc::SendSyncRequest>;
    table[0x22] = kSvcEntry<svc::SendSyncRequestWithUserBuffer>;
    table[0x24] = kSvcEntry<svc::GetProcessId>;
    table[0x25] = kSvcEntry<svc::GetThreadId>;
    table[0x26] = kSvcEntry<svc::Break>;
    table[0x27] = kSvcEntry<svc::OutputDebugString>;
    table[0x28] = kSvcEntry<svc::ReturnFromException>;
    table[0x29] = kSvcEntry<svc::GetInfo>;
    table[0x2c] = kSvcEntry<svc::MapPhysicalMemory>;
    table[0x2d] = kSvcEntry<svc::UnmapPhysicalMemory>;
    table[0x32] = kSvcEntry<svc::SetThreadActivity>;
    table[0x33] = kSvcEntry<svc::GetThreadContext3>;
    table[0x34] = kSvcEntry<svc::WaitForAddress>;
    table[0x35] = kSvcEntry<svc::SignalToAddress>;
    table[0x40] = kSvcEntry<svc::CreateSession>;
    table[0x41] = kSvcEntry<svc::AcceptSession>;
    table[0x43] = kSvcEntry<svc::ReplyAndReceive>;
    table[0x45] = kSvcEntry<svc::CreateEvent>;
    table[0x4b] = kSvcEntry<svc::CreateCodeMemory>;
    table[0x4c] = kSvcEntry<svc::ControlCodeMemory>;
    table[0x51] = kSvcEntry<svc::MapTransferMemory>;
    table[0x52] = kSvcEntry<svc::UnmapTransferMemory>;
    table[0x73] = kSvcEntry<svc::SetProcessMemoryPermission>;
    table[0x74] = kSvcEntry<svc::MapProcessMemory>;
    table[0x75] = kSvcEntry<svc::UnmapProcessMemory>;
    table[0x76] = kSvcEntry<svc::QueryProcessMemory>;
    table[0x77] = kSvcEntry<svc::MapProcessCodeMemory>;
    table[0x78] = kSvcEntry<svc::UnmapProcessCodeMemory>;
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
