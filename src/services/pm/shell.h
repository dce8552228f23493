#pragma once

#include "ipc/service_object.h"

namespace services::pm {

// nn::pm::ProcessEventInfo: the last process event (none here).
struct ProcessEventInfo {
    u32 event;
    u32 padding;
    u64 pid;
};

// pm:shell (nn::pm::detail::IShellInterface, [5.0.0+] command ids; libnx pm.c). Launching is
// not possible here and is left out (answered as an unknown command).
class Shell final : public ipc::Interface<Shell> {
public:
    static constexpr auto kName = "pm:shell";

    base::Result TerminateProcess(u64 pid, ipc::RequestEnvironment caller);
    base::Result TerminateProgram(u64 program_id, ipc::RequestEnvironment caller);
    base::Result GetProcessEventHandle(ipc::OutCopyHandle event);
    base::Result GetProcessEventInfo(ipc::Out<ProcessEventInfo> info);
    base::Result NotifyBootFinished();
    base::Result GetApplicationProcessIdForShell(ipc::Out<u64> pid, ipc::RequestEnvironment caller);
    base::Result BoostSystemMemoryResourceLimit(u64 boost_size);
    base::Result BoostApplicationThreadResourceLimit();
    base::Result BoostSystemThreadResourceLimit();
    base::Result GetProcessId(u64 program_id, ipc::Out<u64> pid, ipc::RequestEnvironment caller);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, Shell::TerminateProcess),
        NX_COMMAND(2, Shell::TerminateProgram),
        NX_COMMAND(3, Shell::GetProcessEventHandle),
        NX_COMMAND(4, Shell::GetProcessEventInfo),
        NX_COMMAND(5, Shell::NotifyBootFinished),
        NX_COMMAND(6, Shell::GetApplicationProcessIdForShell),
        NX_COMMAND(7, Shell::BoostSystemMemoryResourceLimit),
        NX_COMMAND(8, Shell::BoostApplicationThreadResourceLimit),
        NX_COMMAND(10, Shell::BoostSystemThreadResourceLimit),
        NX_COMMAND(12, Shell::GetProcessId),
    };
};

}  // namespace services::pm
