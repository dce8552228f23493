#pragma once

// The host's IPv4 configuration, which nifm reports as the console's when the network is on:
// the interface holding the default route (/proc/net/route), its address and mask
// (getifaddrs), the gateway, and the name servers of /etc/resolv.conf. Addresses are in
// network byte order (the bytes of an in_addr), as nifm's IpV4Address holds them.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace services::nifm {

using Ipv4Address = std::array<u8, 4>;

struct HostIpConfig {
    std::string interface_name;
    Ipv4Address address{};
    Ipv4Address subnet_mask{};
    Ipv4Address gateway{};
    Ipv4Address primary_dns{};
    Ipv4Address secondary_dns{};
};

struct DefaultRoute {
    std::string interface_name;
    Ipv4Address gateway{};
};

// The default route of /proc/net/route's text (the one of lowest metric among those up);
// nullopt when there is none.
std::optional<DefaultRoute> ParseDefaultRoute(std::string_view proc_net_route);
// The IPv4 "nameserver" lines of /etc/resolv.conf's text, in order.
std::vector<Ipv4Address> ParseNameServers(std::string_view resolv_conf);

// Reads the host's now. Without a default route, or when its interface has no IPv4 address,
// the console is 127.0.0.1/8 on "lo" with no gateway.
HostIpConfig QueryHostNetwork();

}  // namespace services::nifm
