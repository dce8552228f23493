#include "services/pm/shell.h"

#include "kernel/event.h"
#include "services/pm/pm_results.h"
#include "services/pm/process_lookup.h"

namespace services::pm {

base::Result Shell::TerminateProcess(u64 pid, ipc::RequestEnvironment caller) {
    LOG_WARNING("pm", "TerminateProcess({}){}: not done", pid,
                pid == caller->ProcessId() ? " of the caller itself" : ", no such process");
    return ResultProcessNotFound;
}

// Terminating a system program (ns, account, ...) is what tools do before they mount its
// save data; nxhost has no process for it, so there is nothing to end and it says done.
base::Result Shell::TerminateProgram(u64 program_id, ipc::RequestEnvironment caller) {
    if (IsSystemProgram(program_id)) {
        LOG_INFO("pm", "TerminateProgram({:016x}): a system program, answered as terminated",
                 program_id);
        return base::ResultSuccess;
    }
    if (program_id == caller->ProgramId()) {
        LOG_WARNING("pm", "TerminateProgram of the caller itself: not done");
    }
    return ResultProcessNotFound;
}

base::Result Shell::GetProcessEventHandle(ipc::OutCopyHandle event) {
    *event.object = std::make_shared<kernel::ReadableEvent>();  // never signalled
    return base::ResultSuccess;
}

base::Result Shell::GetProcessEventInfo(ipc::Out<ProcessEventInfo> info) {
    *info = ProcessEventInfo{};
    return base::ResultSuccess;
}

base::Result Shell::NotifyBootFinished() {
    return base::ResultSuccess;
}

base::Result Shell::GetApplicationProcessIdForShell(ipc::Out<u64> pid,
                                                    ipc::RequestEnvironment caller) {
    *pid = caller->ProcessId();
    return base::ResultSuccess;
}

base::Result Shell::BoostSystemMemoryResourceLimit(u64 boost_size) {
    LOG_DEBUG("pm", "BoostSystemMemoryResourceLimit({:#x})", boost_size);
    return base::ResultSuccess;
}

base::Result Shell::BoostApplicationThreadResourceLimit() {
    return base::ResultSuccess;
}

base::Result Shell::BoostSystemThreadResourceLimit() {
    return base::ResultSuccess;
}

base::Result Shell::GetProcessId(u64 program_id, ipc::Out<u64> pid,
                                 ipc::RequestEnvironment caller) {
    return ProcessIdOf(*caller, program_id, *pid);
}

}  // namespace services::pm
