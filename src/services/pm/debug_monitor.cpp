#include "services/pm/debug_monitor.h"

#include "services/pm/process_lookup.h"

namespace services::pm {

base::Result DebugMonitor::GetJitDebugProcessIdList(ipc::OutBuffer<ipc::kMapAlias>,
                                                    ipc::Out<s32> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result DebugMonitor::GetProcessId(u64 program_id, ipc::Out<u64> pid,
                                        ipc::RequestEnvironment caller) {
    return ProcessIdOf(*caller, program_id, *pid);
}

// The caller is the application (nxhost runs programs as the application, appletOE).
base::Result DebugMonitor::GetApplicationProcessId(ipc::Out<u64> pid,
                                                   ipc::RequestEnvironment caller) {
    *pid = caller->ProcessId();
    return base::ResultSuccess;
}

base::Result DebugMonitor::GetProgramId(u64 pid, ipc::Out<u64> program_id,
                                        ipc::RequestEnvironment caller) {
    return ProgramIdOf(*caller, pid, *program_id);
}

}  // namespace services::pm
