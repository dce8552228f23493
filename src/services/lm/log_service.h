#pragma once

#include "ipc/service_object.h"

namespace services::lm {

// nn::lm::ILogger: the guest's log lines into nxhost's log.
class Logger final : public ipc::Interface<Logger> {
public:
    static constexpr auto kName = "nn::lm::ILogger";

    base::Result Log(ipc::InBuffer<ipc::kAutoSelect> packet);
    base::Result SetDestination(u32 destination);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, Logger::Log),
        NX_COMMAND(1, Logger::SetDestination),
    };
};

// lm (nn::lm::ILogService).
class LogService final : public ipc::Interface<LogService> {
public:
    static constexpr auto kName = "lm";

    base::Result OpenLogger(ipc::ClientProcessId pid, ipc::OutObject logger);

    static constexpr auto kCommands = std::array{NX_COMMAND(0, LogService::OpenLogger)};
};

}  // namespace services::lm
