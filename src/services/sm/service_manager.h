#pragma once

#include <memory>

#include "ipc/service_object.h"
#include "services/service_directory.h"

namespace services::sm {

// sm: (nn::sm::detail::IUserInterface), over CMIF and TIPC; command ids from the public
// homebrew documentation.
// nn::sm::ServiceName: eight characters, zero-padded (alignment 1 in the raw data).
struct ServiceName {
    std::array<char, 8> characters;
};

class ServiceManager final : public ipc::Interface<ServiceManager> {
public:
    static constexpr auto kName = "sm:";

    explicit ServiceManager(std::shared_ptr<const ServiceDirectory> directory)
        : directory_(std::move(directory)) {}

    base::Result RegisterClient(ipc::ClientProcessId pid);
    base::Result GetServiceHandle(ServiceName name, ipc::OutMoveHandle session);
    base::Result RegisterService(ServiceName name, u8 is_light, u32 max_sessions,
                                 ipc::OutMoveHandle port);
    base::Result UnregisterService(ServiceName name);
    base::Result DetachClient(ipc::ClientProcessId pid);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ServiceManager::RegisterClient),
        NX_COMMAND(1, ServiceManager::GetServiceHandle),
        NX_COMMAND(2, ServiceManager::RegisterService),
        NX_COMMAND(3, ServiceManager::UnregisterService),
        NX_COMMAND(4, ServiceManager::DetachClient),
    };

private:
    std::shared_ptr<const ServiceDirectory> directory_;
    bool registered_ = false;
};

}  // namespace services::sm
