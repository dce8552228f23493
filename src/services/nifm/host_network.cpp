#include "services/nifm/host_network.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/route.h>
#include <netinet/in.h>

#include <charconv>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace services::nifm {
namespace {

std::string ReadText(const char* path) {
    std::ifstream stream(path);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

bool ParseNumber(const std::string& text, int base, u32& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    return error == std::errc{} && end == text.data() + text.size();
}

// /proc/net/route prints each address as the hex of the in_addr's 32 bits read natively.
bool ParseRouteAddress(const std::string& hex, Ipv4Address& address) {
    u32 value = 0;
    if (hex.size() != 8 || !ParseNumber(hex, 16, value)) {
        return false;
    }
    std::memcpy(address.data(), &value, 4);
    return true;
}

Ipv4Address AddressOf(const sockaddr* address) {
    Ipv4Address bytes{};
    std::memcpy(bytes.data(), &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, 4);
    return bytes;
}

}  // namespace

std::optional<DefaultRoute> ParseDefaultRoute(std::string_view proc_net_route) {
    std::istringstream lines{std::string(proc_net_route)};
    std::string line;
    std::getline(lines, line);  // the column names
    std::optional<DefaultRoute> best;
    u32 best_metric = std::numeric_limits<u32>::max();
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string name, destination, gateway, flags, references, use, metric, mask;
        if (!(fields >> name >> destination >> gateway >> flags >> references >> use >> metric >>
              mask)) {
            continue;
        }
        DefaultRoute route{name, {}};
        Ipv4Address destination_bytes, mask_bytes;
        u32 route_flags = 0, route_metric = 0;
        if (!ParseRouteAddress(destination, destination_bytes) ||
            !ParseRouteAddress(mask, mask_bytes) || !ParseRouteAddress(gateway, route.gateway) ||
            !ParseNumber(flags, 16, route_flags) || !ParseNumber(metric, 10, route_metric) ||
            destination_bytes != Ipv4Address{} || mask_bytes != Ipv4Address{}) {
            continue;
        }
        if ((route_flags & RTF_UP) != 0 && route_metric < best_metric) {
            best = route;
            best_metric = route_metric;
        }
    }
    return best;
}

std::vector<Ipv4Address> ParseNameServers(std::string_view resolv_conf) {
    std::vector<Ipv4Address> servers;
    std::istringstream lines{std::string(resolv_conf)};
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        std::string keyword, value;
        Ipv4Address address;
        if (fields >> keyword >> value && keyword == "nameserver" &&
            inet_pton(AF_INET, value.c_str(), address.data()) == 1) {
            servers.push_back(address);
        }
    }
    return servers;
}

HostIpConfig QueryHostNetwork() {
    HostIpConfig config;
    config.interface_name = "lo";
    config.address = {127, 0, 0, 1};
    config.subnet_mask = {255, 0, 0, 0};
    if (const auto route = ParseDefaultRoute(ReadText("/proc/net/route"))) {
        ifaddrs* interfaces = nullptr;
        if (getifaddrs(&interfaces) == 0) {
            for (const ifaddrs* entry = interfaces; entry != nullptr; entry = entry->ifa_next) {
                if (entry->ifa_addr != nullptr && entry->ifa_addr->sa_family == AF_INET &&
                    entry->ifa_netmask != nullptr && route->interface_name == entry->ifa_name) {
                    config.interface_name = route->interface_name;
                    config.address = AddressOf(entry->ifa_addr);
                    config.subnet_mask = AddressOf(entry->ifa_netmask);
                    config.gateway = route->gateway;
                    break;
                }
            }
            freeifaddrs(interfaces);
        }
    }
    const std::vector<Ipv4Address> servers = ParseNameServers(ReadText("/etc/resolv.conf"));
    if (!servers.empty()) {
        config.primary_dns = servers[0];
    }
    if (servers.size() > 1) {
        config.secondary_dns = servers[1];
    }
    return config;
}

}  // namespace services::nifm
