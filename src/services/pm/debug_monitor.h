#pragma once

#include "ipc/service_object.h"

namespace services::pm {

// pm:dmnt (nn::pm::detail::IDebugMonitorInterface, [5.0.0+] command ids; libnx pm.c).
class DebugMonitor final : public ipc::Interface<DebugMonitor> {
public:
    static constexpr auto kName = "pm:dmnt";

    base::Result GetJitDebugProcessIdList(ipc::OutBuffer<ipc::kMapAlias> pids, ipc::Out<s32> count);
    base::Result GetProcessId(u64 program_id, ipc::Out<u64> pid, ipc::RequestEnvironment caller);
    base::Result GetApplicationProcessId(ipc::Out<u64> pid, ipc::RequestEnvironment caller);
    base::Result GetProgramId(u64 pid, ipc::Out<u64> program_id, ipc::RequestEnvironment caller);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, DebugMonitor::GetJitDebugProcessIdList),
        NX_COMMAND(2, DebugMonitor::GetProcessId),
        NX_COMMAND(4, DebugMonitor::GetApplicationProcessId),
        NX_COMMAND(7, DebugMonitor::GetProgramId),
    };
};

}  // namespace services::pm
