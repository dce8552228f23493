#include "services/pm/information.h"

#include "services/pm/process_lookup.h"

namespace services::pm {

base::Result Information::GetProgramId(u64 pid, ipc::Out<u64> program_id,
                                       ipc::RequestEnvironment caller) {
    return ProgramIdOf(*caller, pid, *program_id);
}

}  // namespace services::pm
