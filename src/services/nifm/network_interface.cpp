#include "services/nifm/network_interface.h"

#include <cstring>

namespace services::nifm {
namespace {

// nifm's result (module 110) for a query that needs a connection when there is none
// ("NoInternetConnection", description 300, as the emulators that match the console name it).
constexpr base::Result ResultNoInternetConnection{110, 300};

}  // namespace

base::Result GeneralService::GetClientId(ipc::OutBuffer<ipc::kPointer> client_id) {
    std::memcpy(client_id.data.data(), &client_id_,
                std::min(client_id.data.size(), sizeof(client_id_)));
    return base::ResultSuccess;
}

base::Result GeneralService::GetCurrentIpAddress(ipc::Out<u32>) {
    return ResultNoInternetConnection;
}

base::Result GeneralService::IsWirelessCommunicationEnabled(ipc::Out<bool> enabled) {
    *enabled = true;
    return base::ResultSuccess;
}

// On success it would give the connection type, the Wi-Fi strength and the connection state
// (libnx's NifmInternetConnectionType / Status); without a network it fails.
base::Result GeneralService::GetInternetConnectionStatus(ipc::Out<std::array<u8, 3>>) {
    return ResultNoInternetConnection;
}

base::Result GeneralService::IsEthernetCommunicationEnabled(ipc::Out<bool> enabled) {
    *enabled = true;
    return base::ResultSuccess;
}

base::Result GeneralService::IsAnyInternetRequestAccepted(ipc::InBuffer<ipc::kPointer>,
                                                          ipc::Out<bool> accepted) {
    *accepted = false;
    return base::ResultSuccess;
}

base::Result GeneralService::IsAnyForegroundRequestAccepted(ipc::Out<bool> accepted) {
    *accepted = false;
    return base::ResultSuccess;
}

base::Result StaticService::CreateGeneralServiceOld(ipc::OutObject service) {
    *service.object = std::make_shared<GeneralService>();
    return base::ResultSuccess;
}

base::Result StaticService::CreateGeneralService(ipc::ClientProcessId, ipc::OutObject service) {
    *service.object = std::make_shared<GeneralService>();
    return base::ResultSuccess;
}

}  // namespace services::nifm
