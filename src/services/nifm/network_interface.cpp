#include "services/nifm/network_interface.h"

#include <algorithm>
#include <cstring>

#include "services/nifm/network_request.h"
#include "services/nifm/nifm_results.h"

namespace services::nifm {

base::Result GeneralService::GetClientId(ipc::OutBuffer<ipc::kPointer> client_id) {
    std::memcpy(client_id.data.data(), &client_id_,
                std::min(client_id.data.size(), sizeof(client_id_)));
    return base::ResultSuccess;
}

base::Result GeneralService::CreateRequest(ipc::OutObject request) {
    *request.object = std::make_shared<NetworkRequest>(connected_);
    return base::ResultSuccess;
}

base::Result GeneralService::GetCurrentNetworkProfile(ipc::OutBuffer<ipc::kPointer> profile) {
    if (!connected_) {
        return ResultNoInternetConnection;
    }
    const NetworkProfileData data = MakeNetworkProfile(QueryHostNetwork());
    std::memcpy(profile.data.data(), &data, std::min(profile.data.size(), sizeof(data)));
    return base::ResultSuccess;
}

base::Result GeneralService::GetCurrentIpAddress(ipc::Out<Ipv4Address> address) {
    if (!connected_) {
        return ResultNoInternetConnection;
    }
    const HostIpConfig host = QueryHostNetwork();
    LOG_DEBUG("nifm", "current IP address {}.{}.{}.{} ({})", host.address[0], host.address[1],
              host.address[2], host.address[3], host.interface_name);
    *address = host.address;
    return base::ResultSuccess;
}

base::Result GeneralService::GetCurrentIpConfigInfo(ipc::Out<IpAddressSetting> address,
                                                    ipc::Out<DnsSetting> dns) {
    if (!connected_) {
        return ResultNoInternetConnection;
    }
    const HostIpConfig host = QueryHostNetwork();
    *address = MakeIpAddressSetting(host);
    *dns = MakeDnsSetting(host);
    return base::ResultSuccess;
}

base::Result GeneralService::IsWirelessCommunicationEnabled(ipc::Out<bool> enabled) {
    *enabled = true;
    return base::ResultSuccess;
}

base::Result GeneralService::GetInternetConnectionStatus(
    ipc::Out<InternetConnectionStatus> status) {
    if (!connected_) {
        return ResultNoInternetConnection;
    }
    *status = MakeConnectedStatus();
    return base::ResultSuccess;
}

base::Result GeneralService::IsEthernetCommunicationEnabled(ipc::Out<bool> enabled) {
    *enabled = true;
    return base::ResultSuccess;
}

base::Result GeneralService::IsAnyInternetRequestAccepted(ipc::InBuffer<ipc::kPointer>,
                                                          ipc::Out<bool> accepted) {
    *accepted = connected_;
    return base::ResultSuccess;
}

base::Result GeneralService::IsAnyForegroundRequestAccepted(ipc::Out<bool> accepted) {
    *accepted = connected_;
    return base::ResultSuccess;
}

base::Result StaticService::CreateGeneralServiceOld(ipc::OutObject service) {
    *service.object = std::make_shared<GeneralService>(config_);
    return base::ResultSuccess;
}

base::Result StaticService::CreateGeneralService(ipc::ClientProcessId, ipc::OutObject service) {
    *service.object = std::make_shared<GeneralService>(config_);
    return base::ResultSuccess;
}

}  // namespace services::nifm
