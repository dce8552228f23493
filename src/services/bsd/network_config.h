#pragma once

#include <filesystem>
#include <string_view>

namespace services::bsd {

// What a guest may reach through the socket services (--network).
enum class NetworkAccess {
    Off,    // a console without a network: nifm reports no connection, sockets fail
    On,     // the default: connects out wherever the host can, listens on loopback only
    Local,  // this machine only: connects to and listens on loopback, names from --hosts only
    Lan,    // also listens on the host's own interfaces (a server the LAN can reach)
};

// "off", "on" or "lan"; false for anything else.
bool ParseNetworkAccess(std::string_view text, NetworkAccess& access);
std::string_view NetworkAccessName(NetworkAccess access);

struct NetworkConfig {
    NetworkAccess access = NetworkAccess::On;
    // nxhost's own hosts file (--hosts): "ADDRESS NAME..." lines the resolver answers before
    // asking the host's; empty for none.
    std::filesystem::path hosts_file;
};

}  // namespace services::bsd
