#include "kernel/svc_names.h"

#include <array>

namespace kernel {
namespace {

// From the public list of Horizon supervisor calls (switchbrew "SVC").
constexpr auto kNames = [] {
    std::array<std::string_view, 0x92> names{};
    names[0x01] = "SetHeapSize";
    names[0x02] = "SetMemoryPermission";
    names[0x03] = "SetMemoryAttribute";
    names[0x04] = "MapMemory";
    names[0x05] = "UnmapMemory";
    names[0x06] = "QueryMemory";
    names[0x07] = "ExitProcess";
    names[0x08] = "CreateThread";
    names[0x09] = "StartThread";
    names[0x0a] = "ExitThread";
    names[0x0b] = "SleepThread";
    names[0x0c] = "GetThreadPriority";
    names[0x0d] = "SetThreadPriority";
    names[0x0e] = "GetThreadCoreMask";
    names[0x0f] = "SetThreadCoreMask";
    names[0x10] = "GetCurrentProcessorNumber";
    names[0x11] = "SignalEvent";
    names[0x12] = "ClearEvent";
    names[0x13] = "MapSharedMemory";
    names[0x14] = "UnmapSharedMemory";
    names[0x15] = "CreateTransferMemory";
    names[0x16] = "CloseHandle";
    names[0x17] = "ResetSignal";
    names[0x18] = "WaitSynchronization";
    names[0x19] = "CancelSynchronization";
    names[0x1a] = "ArbitrateLock";
    names[0x1b] = "ArbitrateUnlock";
    names[0x1c] = "WaitProcessWideKeyAtomic";
    names[0x1d] = "SignalProcessWideKey";
    names[0x1e] = "GetSystemTick";
    names[0x1f] = "ConnectToNamedPort";
    names[0x20] = "SendSyncRequestLight";
    names[0x21] = "SendSyncRequest";
    names[0x22] = "SendSyncRequestWithUserBuffer";
    names[0x23] = "SendAsyncRequestWithUserBuffer";
    names[0x24] = "GetProcessId";
    names[0x25] = "GetThreadId";
    names[0x26] = "Break";
    names[0x27] = "OutputDebugString";
    names[0x28] = "ReturnFromException";
    names[0x29] = "GetInfo";
    names[0x2a] = "FlushEntireDataCache";
    names[0x2b] = "FlushDataCache";
    names[0x2c] = "MapPhysicalMemory";
    names[0x2d] = "UnmapPhysicalMemory";
    names[0x2e] = "GetDebugFutureThreadInfo";
    names[0x2f] = "GetLastThreadInfo";
    names[0x30] = "GetResourceLimitLimitValue";
    names[0x31] = "GetResourceLimitCurrentValue";
    names[0x32] = "SetThreadActivity";
    names[0x33] = "GetThreadContext3";
    names[0x34] = "WaitForAddress";
    names[0x35] = "SignalToAddress";
    names[0x36] = "SynchronizePreemptionState";
    names[0x37] = "GetResourceLimitPeakValue";
    names[0x39] = "CreateIoPool";
    names[0x3a] = "CreateIoRegion";
    names[0x3c] = "KernelDebug";
    names[0x3d] = "ChangeKernelTraceState";
    names[0x40] = "CreateSession";
    names[0x41] = "AcceptSession";
    names[0x42] = "ReplyAndReceiveLight";
    names[0x43] = "ReplyAndReceive";
    names[0x44] = "ReplyAndReceiveWithUserBuffer";
    names[0x45] = "CreateEvent";
    names[0x46] = "MapIoRegion";
    names[0x47] = "UnmapIoRegion";
    names[0x48] = "MapPhysicalMemoryUnsafe";
    names[0x49] = "UnmapPhysicalMemoryUnsafe";
    names[0x4a] = "SetUnsafeLimit";
    names[0x4b] = "CreateCodeMemory";
    names[0x4c] = "ControlCodeMemory";
    names[0x4d] = "SleepSystem";
    names[0x4e] = "ReadWriteRegister";
    names[0x4f] = "SetProcessActivity";
    names[0x50] = "CreateSharedMemory";
    names[0x51] = "MapTransferMemory";
    names[0x52] = "UnmapTransferMemory";
    names[0x53] = "CreateInterruptEvent";
    names[0x54] = "QueryPhysicalAddress";
    names[0x55] = "QueryIoMapping";
    names[0x56] = "CreateDeviceAddressSpace";
    names[0x57] = "AttachDeviceAddressSpace";
    names[0x58] = "DetachDeviceAddressSpace";
    names[0x59] = "MapDeviceAddressSpaceByForce";
    names[0x5a] = "MapDeviceAddressSpaceAligned";
    names[0x5b] = "MapDeviceAddressSpace";
    names[0x5c] = "UnmapDeviceAddressSpace";
    names[0x5d] = "InvalidateProcessDataCache";
    names[0x5e] = "StoreProcessDataCache";
    names[0x5f] = "FlushProcessDataCache";
    names[0x60] = "DebugActiveProcess";
    names[0x61] = "BreakDebugProcess";
    names[0x62] = "TerminateDebugProcess";
    names[0x63] = "GetDebugEvent";
    names[0x64] = "ContinueDebugEvent";
    names[0x65] = "GetProcessList";
    names[0x66] = "GetThreadList";
    names[0x67] = "GetDebugThreadContext";
    names[0x68] = "SetDebugThreadContext";
    names[0x69] = "QueryDebugProcessMemory";
    names[0x6a] = "ReadDebugProcessMemory";
    names[0x6b] = "WriteDebugProcessMemory";
    names[0x6c] = "SetHardwareBreakPoint";
    names[0x6d] = "GetDebugThreadParam";
    names[0x6f] = "GetSystemInfo";
    names[0x70] = "CreatePort";
    names[0x71] = "ManageNamedPort";
    names[0x72] = "ConnectToPort";
    names[0x73] = "SetProcessMemoryPermission";
    names[0x74] = "MapProcessMemory";
    names[0x75] = "UnmapProcessMemory";
    names[0x76] = "QueryProcessMemory";
    names[0x77] = "MapProcessCodeMemory";
    names[0x78] = "UnmapProcessCodeMemory";
    names[0x79] = "CreateProcess";
    names[0x7a] = "StartProcess";
    names[0x7b] = "TerminateProcess";
    names[0x7c] = "GetProcessInfo";
    names[0x7d] = "CreateResourceLimit";
    names[0x7e] = "SetResourceLimitLimitValue";
    names[0x7f] = "CallSecureMonitor";
    names[0x90] = "MapInsecurePhysicalMemory";
    names[0x91] = "UnmapInsecurePhysicalMemory";
    return names;
}();

}  // namespace

std::string_view SvcName(u32 number) {
    if (number < kNames.size() && !kNames[number].empty()) {
        return kNames[number];
    }
    return "Unknown";
}

}  // namespace kernel
