#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "formats/service_access.h"
#include "ipc/service_object.h"
#include "services/service_directory.h"
#include "services/sm/registered_services.h"

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

    // `service_access` is the program's NPDM's (its ACI0): the names it may host; none for a
    // program without an NPDM (an NRO), which may host nothing.
    ServiceManager(std::shared_ptr<const ServiceDirectory> directory,
                   std::shared_ptr<RegisteredServices> registered = nullptr,
                   std::optional<std::vector<formats::ServiceAccess>> service_access = {})
        : directory_(std::move(directory)),
          registered_services_(registered ? std::move(registered)
                                          : std::make_shared<RegisteredServices>()),
          service_access_(std::move(service_access)) {}

    base::Result RegisterClient(ipc::ClientProcessId pid);
    base::Result GetServiceHandle(ServiceName name, ipc::OutMoveHandle session,
                                  ipc::RequestEnvironment environment);
    base::Result RegisterService(ServiceName name, u8 is_light, u32 max_sessions,
                                 ipc::OutMoveHandle port);
    base::Result UnregisterService(ServiceName name);
    base::Result DetachClient(ipc::ClientProcessId pid);
    // Atmosphère's sm extension (homebrew asks whether a sysmodule's service runs before it
    // opens it, libnx smAtmosphereHasService): whether GetServiceHandle would find the name.
    base::Result AtmosphereHasService(ipc::Out<bool> has, ServiceName name);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ServiceManager::RegisterClient),
        NX_COMMAND(1, ServiceManager::GetServiceHandle),
        NX_COMMAND(2, ServiceManager::RegisterService),
        NX_COMMAND(3, ServiceManager::UnregisterService),
        NX_COMMAND(4, ServiceManager::DetachClient),
        NX_COMMAND(65100, ServiceManager::AtmosphereHasService),
    };

private:
    bool MayHost(const std::string& name) const;

    std::shared_ptr<const ServiceDirectory> directory_;
    std::shared_ptr<RegisteredServices> registered_services_;
    std::optional<std::vector<formats::ServiceAccess>> service_access_;
    bool registered_ = false;
};

}  // namespace services::sm
