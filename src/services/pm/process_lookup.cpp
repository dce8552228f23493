#include "services/pm/process_lookup.h"

#include "base/log.h"
#include "services/pm/pm_results.h"

namespace services::pm {

bool IsSystemProgram(u64 program_id) {
    return program_id >= 0x0100000000000000 && program_id <= 0x01000000000007FF;
}

base::Result ProcessIdOf(const kernel::IpcEnvironment& caller, u64 program_id, u64& pid) {
    if (program_id != caller.ProgramId()) {
        LOG_DEBUG("pm", "program {:016x} is not running", program_id);
        return ResultProcessNotFound;
    }
    pid = caller.ProcessId();
    return base::ResultSuccess;
}

base::Result ProgramIdOf(const kernel::IpcEnvironment& caller, u64 pid, u64& program_id) {
    if (pid != caller.ProcessId()) {
        LOG_DEBUG("pm", "no process {}", pid);
        return ResultProcessNotFound;
    }
    program_id = caller.ProgramId();
    return base::ResultSuccess;
}

}  // namespace services::pm
