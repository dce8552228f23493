#include "services/bsd/network_config.h"

namespace services::bsd {

bool ParseNetworkAccess(std::string_view text, NetworkAccess& access) {
    for (const NetworkAccess candidate :
         {NetworkAccess::Off, NetworkAccess::On, NetworkAccess::Local, NetworkAccess::Lan}) {
        if (text == NetworkAccessName(candidate)) {
            access = candidate;
            return true;
        }
    }
    return false;
}

std::string_view NetworkAccessName(NetworkAccess access) {
    switch (access) {
        case NetworkAccess::Off:
            return "off";
        case NetworkAccess::On:
            return "on";
        case NetworkAccess::Local:
            return "local";
        case NetworkAccess::Lan:
            return "lan";
    }
    return "?";
}

}  // namespace services::bsd
