#pragma once

#include "ipc/service_object.h"
#include "services/bsd/network_config.h"
#include "services/nifm/network_profile.h"

namespace services::nifm {

// nn::nifm::detail::IGeneralService. With the network on (--network on or lan) it reports a
// console connected over Wi-Fi at full strength, with the host's address, mask, gateway and
// name servers (host_network.h), and accepts every request. With it off it answers as a
// console without a network does: radios on, no connection (2110-0300), no request
// accepted. Command ids from the public homebrew documentation (switchbrew "Network
// Interface services", libnx nifm.c).
class GeneralService final : public ipc::Interface<GeneralService> {
public:
    static constexpr auto kName = "nn::nifm::detail::IGeneralService";

    explicit GeneralService(const bsd::NetworkConfig& config)
        : connected_(config.access != bsd::NetworkAccess::Off) {}

    base::Result GetClientId(ipc::OutBuffer<ipc::kPointer> client_id);
    // The u32 the client sends (a requirement preset) is not read: every request is the same.
    base::Result CreateRequest(ipc::OutObject request);
    base::Result GetCurrentNetworkProfile(ipc::OutBuffer<ipc::kPointer> profile);
    base::Result GetCurrentIpAddress(ipc::Out<Ipv4Address> address);
    base::Result GetCurrentIpConfigInfo(ipc::Out<IpAddressSetting> address,
                                        ipc::Out<DnsSetting> dns);
    base::Result IsWirelessCommunicationEnabled(ipc::Out<bool> enabled);
    base::Result GetInternetConnectionStatus(ipc::Out<InternetConnectionStatus> status);
    base::Result IsEthernetCommunicationEnabled(ipc::Out<bool> enabled);
    base::Result IsAnyInternetRequestAccepted(ipc::InBuffer<ipc::kPointer> client_id,
                                              ipc::Out<bool> accepted);
    base::Result IsAnyForegroundRequestAccepted(ipc::Out<bool> accepted);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, GeneralService::GetClientId),
        NX_COMMAND(4, GeneralService::CreateRequest),
        NX_COMMAND(5, GeneralService::GetCurrentNetworkProfile),
        NX_COMMAND(12, GeneralService::GetCurrentIpAddress),
        NX_COMMAND(15, GeneralService::GetCurrentIpConfigInfo),
        NX_COMMAND(17, GeneralService::IsWirelessCommunicationEnabled),
        NX_COMMAND(18, GeneralService::GetInternetConnectionStatus),
        NX_COMMAND(20, GeneralService::IsEthernetCommunicationEnabled),
        NX_COMMAND(21, GeneralService::IsAnyInternetRequestAccepted),
        NX_COMMAND(22, GeneralService::IsAnyForegroundRequestAccepted),
    };

private:
    bool connected_;
    u32 client_id_ = 1;
};

// nifm:u (nn::nifm::detail::IStaticService).
class StaticService final : public ipc::Interface<StaticService> {
public:
    static constexpr auto kName = "nifm:u";

    explicit StaticService(const bsd::NetworkConfig& config) : config_(config) {}

    base::Result CreateGeneralServiceOld(ipc::OutObject service);
    // The client sends its process id and a u64 placeholder for it (switchbrew).
    base::Result CreateGeneralService(ipc::ClientProcessId pid, ipc::OutObject service);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(4, StaticService::CreateGeneralServiceOld),
        NX_COMMAND(5, StaticService::CreateGeneralService),
    };

private:
    bsd::NetworkConfig config_;
};

}  // namespace services::nifm
