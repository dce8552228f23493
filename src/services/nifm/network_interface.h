#pragma once

#include "ipc/service_object.h"

namespace services::nifm {

// nn::nifm::detail::IGeneralService, answering as a console without a network does: radios
// on, no connection, no request accepted. Command ids from the public homebrew documentation
// (switchbrew "Network Interface services").
class GeneralService final : public ipc::Interface<GeneralService> {
public:
    static constexpr auto kName = "nn::nifm::detail::IGeneralService";

    base::Result GetClientId(ipc::OutBuffer<ipc::kPointer> client_id);
    base::Result GetCurrentIpAddress(ipc::Out<u32> address);
    base::Result IsWirelessCommunicationEnabled(ipc::Out<bool> enabled);
    base::Result GetInternetConnectionStatus(ipc::Out<std::array<u8, 3>> status);
    base::Result IsEthernetCommunicationEnabled(ipc::Out<bool> enabled);
    base::Result IsAnyInternetRequestAccepted(ipc::InBuffer<ipc::kPointer> client_id,
                                              ipc::Out<bool> accepted);
    base::Result IsAnyForegroundRequestAccepted(ipc::Out<bool> accepted);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, GeneralService::GetClientId),
        NX_COMMAND(12, GeneralService::GetCurrentIpAddress),
        NX_COMMAND(17, GeneralService::IsWirelessCommunicationEnabled),
        NX_COMMAND(18, GeneralService::GetInternetConnectionStatus),
        NX_COMMAND(20, GeneralService::IsEthernetCommunicationEnabled),
        NX_COMMAND(21, GeneralService::IsAnyInternetRequestAccepted),
        NX_COMMAND(22, GeneralService::IsAnyForegroundRequestAccepted),
    };

private:
    u32 client_id_ = 1;
};

// nifm:u (nn::nifm::detail::IStaticService).
class StaticService final : public ipc::Interface<StaticService> {
public:
    static constexpr auto kName = "nifm:u";

    base::Result CreateGeneralServiceOld(ipc::OutObject service);
    // The client sends its process id and a u64 placeholder for it (switchbrew).
    base::Result CreateGeneralService(ipc::ClientProcessId pid, ipc::OutObject service);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(4, StaticService::CreateGeneralServiceOld),
        NX_COMMAND(5, StaticService::CreateGeneralService),
    };
};

}  // namespace services::nifm
