#pragma once

// The structures IGeneralService answers with, laid out as nn::nifm's (sizes and fields from
// libnx nifm.h and yuzu's nifm.cpp), and how nxhost fills them from the host's network: a
// Wi-Fi profile named "nxhost" with automatic addressing, MTU 1500.

#include <array>
#include <cstddef>

#include "base/types.h"
#include "services/nifm/host_network.h"

namespace services::nifm {

struct IpAddressSetting {
    u8 is_automatic;
    Ipv4Address address;
    Ipv4Address subnet_mask;
    Ipv4Address gateway;
};
static_assert(sizeof(IpAddressSetting) == 0xD);

struct DnsSetting {
    u8 is_automatic;
    Ipv4Address primary;
    Ipv4Address secondary;
};
static_assert(sizeof(DnsSetting) == 0x9);

struct ProxySetting {
    u8 enabled;
    u8 padding;
    u16 port;
    std::array<char, 0x64> server;
    u8 authentication_enabled;
    std::array<char, 0x20> user;
    std::array<char, 0x20> password;
    u8 padding2;
};
static_assert(sizeof(ProxySetting) == 0xAA);

struct IpSettingData {
    IpAddressSetting ip_address;
    DnsSetting dns;
    ProxySetting proxy;
    u16 mtu;
};
static_assert(sizeof(IpSettingData) == 0xC2);

// nn::nifm::detail::sf::WirelessSettingData.
struct WirelessSettingData {
    u8 ssid_length;
    std::array<char, 0x20> ssid;
    std::array<u8, 3> security;  // unknown to libnx; zero
    std::array<u8, 0x41> passphrase;
};
static_assert(sizeof(WirelessSettingData) == 0x65);

// Network interface types (nn::nifm::NetworkInterfaceType), the byte at 0x113 of a profile
// and GetInternetConnectionStatus's first byte.
inline constexpr u8 kInterfaceWifi = 1;

// nn::nifm::detail::sf::NetworkProfileData, what GetCurrentNetworkProfile writes.
struct NetworkProfileData {
    IpSettingData ip_setting;
    std::array<u8, 16> uuid;
    std::array<char, 0x40> name;
    u8 profile_type;    // 0: a user's profile
    u8 interface_type;  // kInterfaceWifi
    u8 is_auto_connect;
    u8 is_large_capacity;
    WirelessSettingData wireless;
    u8 padding;
};
static_assert(sizeof(NetworkProfileData) == 0x17C);
static_assert(offsetof(NetworkProfileData, uuid) == 0xC2);
static_assert(offsetof(NetworkProfileData, profile_type) == 0x112);
static_assert(offsetof(NetworkProfileData, wireless) == 0x116);

// nn::nifm::detail::sf::InternetConnectionStatus (libnx's three bytes).
struct InternetConnectionStatus {
    u8 type;           // kInterfaceWifi
    u8 wifi_strength;  // bars, 0 to 3
    u8 state;          // 4: connected
};
static_assert(sizeof(InternetConnectionStatus) == 3);

IpAddressSetting MakeIpAddressSetting(const HostIpConfig& host);
DnsSetting MakeDnsSetting(const HostIpConfig& host);
NetworkProfileData MakeNetworkProfile(const HostIpConfig& host);
// Connected over Wi-Fi at full strength.
InternetConnectionStatus MakeConnectedStatus();

}  // namespace services::nifm
