#pragma once

// The lookups behind sfdnsres, in the console's numbering: nxhost's hosts file first, then
// (unless the network is off) the host's getaddrinfo / getnameinfo. gethostbyname-style
// answers are built from getaddrinfo, as the console's own resolver answers IPv4 only.
// Names that are not host names (control bytes, over 253 characters) are not found without
// asking the host. A NameLookup is cheap to copy and safe to use from several threads.

#include <memory>
#include <optional>
#include <string>

#include "services/bsd/hosts_file.h"
#include "services/bsd/network_config.h"
#include "services/bsd/resolver_serialization.h"

namespace services::bsd {

struct HostLookup {
    s32 host_error = 0;  // h_errno
    s32 errno_value = 0;
    HostEntry entry;  // when host_error is 0
};

struct AddrInfoLookup {
    s32 gai_error = 0;
    s32 errno_value = 0;
    std::vector<AddrInfoEntry> entries;
};

struct NameInfoLookup {
    s32 gai_error = 0;
    s32 errno_value = 0;
    std::string host;
    std::string service;
};

class NameLookup {
public:
    NameLookup(NetworkAccess access, std::shared_ptr<const HostsFile> hosts)
        : access_(access), hosts_(std::move(hosts)) {}

    HostLookup HostByName(const std::string& name) const;
    HostLookup HostByAddress(const HostAddress& address) const;
    // A node or service of nullopt is a null pointer of getaddrinfo's; no hints: none given.
    AddrInfoLookup AddrInfo(const std::optional<std::string>& node,
                            const std::optional<std::string>& service,
                            const std::optional<AddrInfoHints>& hints) const;
    // `host_size` / `service_size`: the program's buffers (0: not wanted).
    NameInfoLookup NameInfo(const SocketEndpoint& endpoint, u32 flags, std::size_t host_size,
                            std::size_t service_size) const;

private:
    // Whether the host's resolver is asked: not with --network off, nor with local, whose
    // names come from the hosts file only (a lookup would leave the machine).
    bool NetworkOn() const {
        return access_ != NetworkAccess::Off && access_ != NetworkAccess::Local;
    }

    NetworkAccess access_;
    std::shared_ptr<const HostsFile> hosts_;
};

}  // namespace services::bsd
