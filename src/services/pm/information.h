#pragma once

#include "ipc/service_object.h"

namespace services::pm {

// pm:info (nn::pm::detail::IInformationInterface; libnx pm.c).
class Information final : public ipc::Interface<Information> {
public:
    static constexpr auto kName = "pm:info";

    base::Result GetProgramId(u64 pid, ipc::Out<u64> program_id, ipc::RequestEnvironment caller);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, Information::GetProgramId),
    };
};

}  // namespace services::pm
