#pragma once

// nxhost's own hosts file (`nxhost run --hosts FILE`), which sfdnsres consults before the
// host's resolver, so that a test can point a name at 127.0.0.1 without touching /etc/hosts.
// The format is /etc/hosts's: "ADDRESS NAME [ALIASES...]" lines, '#' to the end of a line is a
// comment, addresses are IPv4 dotted quads or IPv6 text; names match case-insensitively.

#include <array>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace services::bsd {

// An IPv4 or IPv6 address in network byte order (the bytes of an in_addr / in6_addr).
struct HostAddress {
    bool ipv6 = false;
    std::array<u8, 16> bytes{};  // the first 4 for IPv4

    std::size_t Size() const { return ipv6 ? 16 : 4; }
    bool operator==(const HostAddress&) const = default;

    // "127.0.0.1", "::1"; false for anything else.
    static bool Parse(std::string_view text, HostAddress& address);
    std::string ToString() const;
};

struct HostsEntry {
    HostAddress address;
    std::string name;                  // the canonical name, the line's first
    std::vector<std::string> aliases;  // the line's other names
};

class HostsFile {
public:
    // The entries of `text`; each bad line is skipped and named in `errors` as
    // "SOURCE:LINE: what is wrong".
    static HostsFile Parse(std::string_view text, std::string_view source,
                           std::vector<std::string>& errors);
    // The same for a file; a file that cannot be read is one error.
    static HostsFile Load(const std::filesystem::path& path, std::vector<std::string>& errors);

    // The lines naming `name` (as their name or an alias), in file order.
    std::vector<const HostsEntry*> FindByName(std::string_view name) const;
    // The first line with `address`; null when none.
    const HostsEntry* FindByAddress(const HostAddress& address) const;

    const std::vector<HostsEntry>& Entries() const { return entries_; }

private:
    std::vector<HostsEntry> entries_;
};

}  // namespace services::bsd
