#pragma once

#include "base/result.h"
#include "base/types.h"
#include "kernel/ipc_session.h"

namespace services::pm {

// The processes pm knows of. nxhost runs one process, the application asking; the system
// programs (program ids 0100000000000000 to 01000000000007FF) run on a console and are
// treated as running, though nxhost has no process for them.
bool IsSystemProgram(u64 program_id);

// The pid of `program_id` when it is the caller's own program; else ResultProcessNotFound.
base::Result ProcessIdOf(const kernel::IpcEnvironment& caller, u64 program_id, u64& pid);
// The program id of `pid` when it is the caller; else ResultProcessNotFound.
base::Result ProgramIdOf(const kernel::IpcEnvironment& caller, u64 pid, u64& program_id);

}  // namespace services::pm
