#include "services/bsd/socket_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

#include "services/bsd/bsd_constants.h"
#include "services/bsd/bsd_errno.h"

namespace services::bsd {
namespace {

struct GuestSockaddrIn {
    u8 length;
    u8 family;
    u16 port;
    u32 address;
    u8 zero[8];
};
static_assert(sizeof(GuestSockaddrIn) == 16);

struct GuestSockaddrIn6 {
    u8 length;
    u8 family;
    u16 port;
    u32 flowinfo;
    u8 address[16];
    u32 scope_id;
};
static_assert(sizeof(GuestSockaddrIn6) == 28);

template <typename T>
T ReadGuest(std::span<const u8> guest) {
    T value;
    std::memcpy(&value, guest.data(), sizeof(T));
    return value;
}

template <typename T>
u32 WriteGuest(const T& value, std::span<u8> guest) {
    const std::size_t size = std::min(sizeof(T), guest.size());
    if (size != 0) {
        std::memcpy(guest.data(), &value, size);
    }
    return static_cast<u32>(size);
}

sockaddr_in& AsIn(SocketAddress& address) {
    return *reinterpret_cast<sockaddr_in*>(&address.storage);
}
const sockaddr_in& AsIn(const SocketAddress& address) {
    return *reinterpret_cast<const sockaddr_in*>(&address.storage);
}
sockaddr_in6& AsIn6(SocketAddress& address) {
    return *reinterpret_cast<sockaddr_in6*>(&address.storage);
}
const sockaddr_in6& AsIn6(const SocketAddress& address) {
    return *reinterpret_cast<const sockaddr_in6*>(&address.storage);
}

}  // namespace

s32 GuestToHostAddress(std::span<const u8> guest, SocketAddress& host) {
    host = SocketAddress{};
    // FreeBSD takes only the family's own length; nxhost, as Linux, anything up to a
    // sockaddr_storage, which programs pass too.
    if (guest.size() < 2 || guest.size() > sizeof(sockaddr_storage)) {
        return kEinval;
    }
    switch (guest[1]) {
        case guest::kAfInet: {
            if (guest.size() < sizeof(GuestSockaddrIn)) {
                return kEinval;
            }
            const auto in = ReadGuest<GuestSockaddrIn>(guest);
            sockaddr_in& out = AsIn(host);
            out.sin_family = AF_INET;
            out.sin_port = in.port;
            out.sin_addr.s_addr = in.address;
            host.length = sizeof(sockaddr_in);
            return 0;
        }
        case guest::kAfInet6: {
            if (guest.size() < sizeof(GuestSockaddrIn6)) {
                return kEinval;
            }
            const auto in = ReadGuest<GuestSockaddrIn6>(guest);
            sockaddr_in6& out = AsIn6(host);
            out.sin6_family = AF_INET6;
            out.sin6_port = in.port;
            out.sin6_flowinfo = in.flowinfo;
            std::memcpy(out.sin6_addr.s6_addr, in.address, sizeof(in.address));
            out.sin6_scope_id = in.scope_id;
            host.length = sizeof(sockaddr_in6);
            return 0;
        }
        case guest::kAfUnspec:
            host.storage.ss_family = AF_UNSPEC;
            host.length = sizeof(sockaddr);
            return 0;
        default:
            return kEafnosupport;
    }
}

u32 HostToGuestAddress(const SocketAddress& host, std::span<u8> guest) {
    if (host.Family() == AF_INET && host.length >= sizeof(sockaddr_in)) {
        const sockaddr_in& in = AsIn(host);
        GuestSockaddrIn out{};
        out.length = sizeof(out);
        out.family = guest::kAfInet;
        out.port = in.sin_port;
        out.address = in.sin_addr.s_addr;
        return WriteGuest(out, guest);
    }
    if (host.Family() == AF_INET6 && host.length >= sizeof(sockaddr_in6)) {
        const sockaddr_in6& in = AsIn6(host);
        GuestSockaddrIn6 out{};
        out.length = sizeof(out);
        out.family = guest::kAfInet6;
        out.port = in.sin6_port;
        out.flowinfo = in.sin6_flowinfo;
        std::memcpy(out.address, in.sin6_addr.s6_addr, sizeof(out.address));
        out.scope_id = in.sin6_scope_id;
        return WriteGuest(out, guest);
    }
    return 0;
}

std::string FormatAddress(const SocketAddress& address) {
    std::array<char, INET6_ADDRSTRLEN> text{};
    if (address.Family() == AF_INET) {
        const sockaddr_in& in = AsIn(address);
        inet_ntop(AF_INET, &in.sin_addr, text.data(), text.size());
        return fmt::format("{}:{}", text.data(), ntohs(in.sin_port));
    }
    if (address.Family() == AF_INET6) {
        const sockaddr_in6& in = AsIn6(address);
        inet_ntop(AF_INET6, &in.sin6_addr, text.data(), text.size());
        return fmt::format("[{}]:{}", text.data(), ntohs(in.sin6_port));
    }
    return fmt::format("(family {})", address.Family());
}

bool IsLoopback(const SocketAddress& address) {
    if (address.Family() == AF_INET) {
        return (ntohl(AsIn(address).sin_addr.s_addr) >> 24) == 127;
    }
    if (address.Family() == AF_INET6) {
        return IN6_IS_ADDR_LOOPBACK(&AsIn6(address).sin6_addr);
    }
    return false;
}

u16 PortOf(const SocketAddress& address) {
    if (address.Family() == AF_INET) {
        return ntohs(AsIn(address).sin_port);
    }
    if (address.Family() == AF_INET6) {
        return ntohs(AsIn6(address).sin6_port);
    }
    return 0;
}

SocketAddress LoopbackWithPort(const SocketAddress& address) {
    SocketAddress loopback;
    if (address.Family() == AF_INET) {
        sockaddr_in& in = AsIn(loopback);
        in.sin_family = AF_INET;
        in.sin_port = AsIn(address).sin_port;
        in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        loopback.length = sizeof(sockaddr_in);
    } else if (address.Family() == AF_INET6) {
        sockaddr_in6& in = AsIn6(loopback);
        in.sin6_family = AF_INET6;
        in.sin6_port = AsIn6(address).sin6_port;
        in.sin6_addr = in6addr_loopback;
        loopback.length = sizeof(sockaddr_in6);
    }
    return loopback;
}

SocketAddress LocalAddress(int host_fd) {
    SocketAddress address;
    address.length = sizeof(address.storage);
    if (getsockname(host_fd, reinterpret_cast<sockaddr*>(&address.storage), &address.length) != 0) {
        address.length = 0;
    }
    return address;
}

}  // namespace services::bsd
