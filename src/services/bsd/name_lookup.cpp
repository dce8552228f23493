#include "services/bsd/name_lookup.h"

#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "services/bsd/resolver_numbering.h"

namespace services::bsd {
namespace {

using AddrInfoList = std::unique_ptr<addrinfo, decltype(&freeaddrinfo)>;

// What the host may be asked about: a DNS name or a numeric address. Anything else (control
// bytes, spaces, a made-up buffer) is not found without a query going out for it.
bool IsLookupName(std::string_view name) {
    return !name.empty() && name.size() <= 253 && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' ||
               c == ':' || c == '%';
    });
}

std::array<u8, 4> Ipv4(const HostAddress& address) {
    return {address.bytes[0], address.bytes[1], address.bytes[2], address.bytes[3]};
}

socklen_t ToHostSocketAddress(const SocketEndpoint& endpoint, sockaddr_storage& storage) {
    storage = {};
    if (!endpoint.address.ipv6) {
        auto& in = reinterpret_cast<sockaddr_in&>(storage);
        in.sin_family = AF_INET;
        in.sin_port = htons(endpoint.port);
        std::memcpy(&in.sin_addr, endpoint.address.bytes.data(), 4);
        return sizeof(in);
    }
    auto& in6 = reinterpret_cast<sockaddr_in6&>(storage);
    in6.sin6_family = AF_INET6;
    in6.sin6_port = htons(endpoint.port);
    in6.sin6_flowinfo = htonl(endpoint.flow_info);
    std::memcpy(&in6.sin6_addr, endpoint.address.bytes.data(), 16);
    in6.sin6_scope_id = endpoint.scope_id;
    return sizeof(in6);
}

std::optional<SocketEndpoint> FromHostSocketAddress(const sockaddr* address, socklen_t length) {
    SocketEndpoint endpoint;
    if (address == nullptr) {
        return std::nullopt;
    }
    if (address->sa_family == AF_INET && length >= sizeof(sockaddr_in)) {
        const auto& in = *reinterpret_cast<const sockaddr_in*>(address);
        endpoint.port = ntohs(in.sin_port);
        std::memcpy(endpoint.address.bytes.data(), &in.sin_addr, 4);
        return endpoint;
    }
    if (address->sa_family == AF_INET6 && length >= sizeof(sockaddr_in6)) {
        const auto& in6 = *reinterpret_cast<const sockaddr_in6*>(address);
        endpoint.address.ipv6 = true;
        endpoint.port = ntohs(in6.sin6_port);
        endpoint.flow_info = ntohl(in6.sin6_flowinfo);
        std::memcpy(endpoint.address.bytes.data(), &in6.sin6_addr, 16);
        endpoint.scope_id = in6.sin6_scope_id;
        return endpoint;
    }
    return std::nullopt;
}

// The host's getaddrinfo, answered in the console's numbering.
AddrInfoLookup HostAddrInfo(const char* node, const char* service, const addrinfo& hints) {
    addrinfo* found = nullptr;
    const int error = getaddrinfo(node, service, &hints, &found);
    AddrInfoList list(found, &freeaddrinfo);
    if (error != 0) {
        return {console::ConsoleGaiError(error), error == EAI_SYSTEM ? errno : 0, {}};
    }
    AddrInfoLookup lookup;
    for (const addrinfo* info = list.get(); info != nullptr; info = info->ai_next) {
        const auto endpoint = FromHostSocketAddress(info->ai_addr, info->ai_addrlen);
        if (!endpoint) {
            continue;  // a family the console's sockets do not have
        }
        AddrInfoEntry entry;
        entry.flags = console::ConsoleAddrInfoFlags(info->ai_flags);
        entry.family = console::ConsoleFamily(info->ai_family);
        entry.socktype = info->ai_socktype;
        entry.protocol = info->ai_protocol;
        entry.endpoint = endpoint;
        if (info->ai_canonname != nullptr) {
            entry.canonical_name = info->ai_canonname;
        }
        lookup.entries.push_back(std::move(entry));
    }
    if (lookup.entries.empty()) {
        lookup.gai_error = console::kEaiNoData;
    }
    return lookup;
}

HostLookup HostError(int gai_error) {
    const s32 error = console::ConsoleGaiError(gai_error);
    return {console::HostErrorForGaiError(error), gai_error == EAI_SYSTEM ? errno : 0, {}};
}

}  // namespace

HostLookup NameLookup::HostByName(const std::string& name) const {
    HostLookup lookup;
    for (const HostsEntry* line : hosts_->FindByName(name)) {
        if (line->address.ipv6) {
            continue;
        }
        if (lookup.entry.addresses.empty()) {
            lookup.entry.name = line->name;
            lookup.entry.aliases = line->aliases;
        }
        lookup.entry.addresses.push_back(Ipv4(line->address));
    }
    if (!lookup.entry.addresses.empty()) {
        return lookup;
    }
    if (!NetworkOn() || !IsLookupName(name)) {
        return {console::kHostNotFound, 0, {}};
    }
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;  // one answer per address
    hints.ai_flags = AI_CANONNAME;
    addrinfo* found = nullptr;
    const int error = getaddrinfo(name.c_str(), nullptr, &hints, &found);
    AddrInfoList list(found, &freeaddrinfo);
    if (error != 0) {
        return HostError(error);
    }
    lookup.entry.name = list->ai_canonname != nullptr ? list->ai_canonname : name;
    for (const addrinfo* info = list.get(); info != nullptr; info = info->ai_next) {
        const auto endpoint = FromHostSocketAddress(info->ai_addr, info->ai_addrlen);
        if (!endpoint || endpoint->address.ipv6) {
            continue;
        }
        const std::array<u8, 4> address = Ipv4(endpoint->address);
        if (std::find(lookup.entry.addresses.begin(), lookup.entry.addresses.end(), address) ==
            lookup.entry.addresses.end()) {
            lookup.entry.addresses.push_back(address);
        }
    }
    if (lookup.entry.addresses.empty()) {
        return {console::kNoData, 0, {}};
    }
    return lookup;
}

HostLookup NameLookup::HostByAddress(const HostAddress& address) const {
    if (address.ipv6) {
        return {console::kNoData, EAFNOSUPPORT, {}};  // a hostent holds IPv4 addresses only
    }
    if (const HostsEntry* line = hosts_->FindByAddress(address)) {
        return {0, 0, HostEntry{line->name, line->aliases, {Ipv4(address)}}};
    }
    if (!NetworkOn()) {
        return {console::kHostNotFound, 0, {}};
    }
    sockaddr_storage storage;
    const socklen_t length = ToHostSocketAddress(SocketEndpoint{address}, storage);
    char name[NI_MAXHOST] = {};
    const int error = getnameinfo(reinterpret_cast<const sockaddr*>(&storage), length, name,
                                  sizeof(name), nullptr, 0, NI_NAMEREQD);
    if (error != 0) {
        return HostError(error);
    }
    return {0, 0, HostEntry{name, {}, {Ipv4(address)}}};
}

AddrInfoLookup NameLookup::AddrInfo(const std::optional<std::string>& node,
                                    const std::optional<std::string>& service,
                                    const std::optional<AddrInfoHints>& hints) const {
    addrinfo host_hints{};
    if (hints) {
        if (!console::HostAddrInfoFlags(hints->flags, host_hints.ai_flags)) {
            return {console::kEaiBadFlags, 0, {}};
        }
        host_hints.ai_family = console::HostFamily(hints->family);
        if (host_hints.ai_family < 0) {
            return {console::kEaiFamily, 0, {}};
        }
        host_hints.ai_socktype = hints->socktype;
        host_hints.ai_protocol = hints->protocol;
    }
    // The console's resolver answers IPv4 unless asked for IPv6 (libnx resolver.c: "only
    // IPv4, anyways"); programs connect to the first answer.
    if (host_hints.ai_family == AF_UNSPEC) {
        host_hints.ai_family = AF_INET;
    }
    if (!node && !service) {
        return {console::kEaiNoName, 0, {}};
    }
    const char* service_text = service ? service->c_str() : nullptr;
    if (node) {
        std::vector<const HostsEntry*> lines = hosts_->FindByName(*node);
        std::erase_if(lines, [&](const HostsEntry* line) {
            return line->address.ipv6 != (host_hints.ai_family == AF_INET6);
        });
        if (!lines.empty()) {
            addrinfo numeric = host_hints;
            numeric.ai_flags = (numeric.ai_flags | AI_NUMERICHOST) & ~AI_CANONNAME;
            AddrInfoLookup all;
            for (const HostsEntry* line : lines) {
                AddrInfoLookup one =
                    HostAddrInfo(line->address.ToString().c_str(), service_text, numeric);
                if (one.gai_error != 0) {
                    return one;
                }
                all.entries.insert(all.entries.end(), one.entries.begin(), one.entries.end());
            }
            for (AddrInfoEntry& entry : all.entries) {
                entry.flags = console::ConsoleAddrInfoFlags(host_hints.ai_flags);
            }
            if ((host_hints.ai_flags & AI_CANONNAME) != 0) {
                all.entries.front().canonical_name = lines.front()->name;
            }
            return all;
        }
    }
    if (!NetworkOn() || (node && !IsLookupName(*node))) {
        return {console::kEaiNoName, 0, {}};
    }
    return HostAddrInfo(node ? node->c_str() : nullptr, service_text, host_hints);
}

NameInfoLookup NameLookup::NameInfo(const SocketEndpoint& endpoint, u32 flags,
                                    std::size_t host_size, std::size_t service_size) const {
    int host_flags = 0;
    if (!console::HostNameInfoFlags(flags, host_flags)) {
        return {console::kEaiBadFlags, 0, {}, {}};
    }
    if (host_size == 0 && service_size == 0) {
        return {console::kEaiNoName, 0, {}, {}};
    }
    const HostsEntry* line = host_size != 0 && (host_flags & NI_NUMERICHOST) == 0
                                 ? hosts_->FindByAddress(endpoint.address)
                                 : nullptr;
    if (line == nullptr && !NetworkOn()) {
        return {console::kEaiNoName, 0, {}, {}};
    }
    NameInfoLookup lookup;
    // The host's buffers are the program's, up to the longest answers getnameinfo gives.
    std::vector<char> host(line != nullptr ? 0 : std::min<std::size_t>(host_size, NI_MAXHOST));
    std::vector<char> service(std::min<std::size_t>(service_size, NI_MAXSERV));
    if (!host.empty() || !service.empty()) {
        sockaddr_storage storage;
        const socklen_t length = ToHostSocketAddress(endpoint, storage);
        const int error =
            getnameinfo(reinterpret_cast<const sockaddr*>(&storage), length,
                        host.empty() ? nullptr : host.data(), host.size(),
                        service.empty() ? nullptr : service.data(), service.size(), host_flags);
        if (error != 0) {
            return {console::ConsoleGaiError(error), error == EAI_SYSTEM ? errno : 0, {}, {}};
        }
        lookup.host = host.empty() ? "" : host.data();
        lookup.service = service.empty() ? "" : service.data();
    }
    if (line != nullptr) {
        lookup.host =
            (host_flags & NI_NOFQDN) != 0 ? line->name.substr(0, line->name.find('.')) : line->name;
        if (lookup.host.size() + 1 > host_size) {
            return {console::kEaiOverflow, 0, {}, {}};
        }
    }
    return lookup;
}

}  // namespace services::bsd
