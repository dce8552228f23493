#include "services/nifm/network_profile.h"

#include <algorithm>
#include <string_view>

namespace services::nifm {
namespace {

constexpr std::string_view kNetworkName = "nxhost";
// Any fixed id will do: the profile is the only one and never changes.
constexpr std::array<u8, 16> kProfileUuid = {0x6e, 0x78, 0x68, 0x6f, 0x73, 0x74, 0x40, 0x00,
                                             0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01};
constexpr u16 kMtu = 1500;
constexpr u8 kConnected = 4;  // libnx NifmInternetConnectionStatus_Connected

}  // namespace

IpAddressSetting MakeIpAddressSetting(const HostIpConfig& host) {
    return {1, host.address, host.subnet_mask, host.gateway};
}

DnsSetting MakeDnsSetting(const HostIpConfig& host) {
    return {1, host.primary_dns, host.secondary_dns};
}

NetworkProfileData MakeNetworkProfile(const HostIpConfig& host) {
    NetworkProfileData profile{};
    profile.ip_setting.ip_address = MakeIpAddressSetting(host);
    profile.ip_setting.dns = MakeDnsSetting(host);
    profile.ip_setting.mtu = kMtu;
    profile.uuid = kProfileUuid;
    std::copy(kNetworkName.begin(), kNetworkName.end(), profile.name.begin());
    profile.interface_type = kInterfaceWifi;
    profile.is_auto_connect = 1;
    profile.wireless.ssid_length = static_cast<u8>(kNetworkName.size());
    std::copy(kNetworkName.begin(), kNetworkName.end(), profile.wireless.ssid.begin());
    return profile;
}

InternetConnectionStatus MakeConnectedStatus() {
    return {kInterfaceWifi, 3, kConnected};
}

}  // namespace services::nifm
