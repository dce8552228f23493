#pragma once

// Socket addresses between the console's layout and the host's. The console's sockaddr is
// FreeBSD's: a length byte, a family byte, then the family's fields (libnx netinet/in.h):
//     sockaddr_in  {u8 len; u8 family; u16 port; u32 addr; u8 zero[8]}                16 bytes
//     sockaddr_in6 {u8 len; u8 family; u16 port; u32 flowinfo; u8 addr[16]; u32 scope} 28 bytes
// Ports and addresses are in network order on both sides, so they copy as bytes.

#include <sys/socket.h>

#include <span>
#include <string>

#include "base/types.h"

namespace services::bsd {

struct SocketAddress {
    sockaddr_storage storage{};
    socklen_t length = 0;

    int Family() const { return storage.ss_family; }
};

// The guest's address as a host one: 0, or the guest errno: EINVAL for fewer bytes than the
// family's address or more than a sockaddr_storage's 128, EAFNOSUPPORT for a family other than
// AF_INET, AF_INET6 and AF_UNSPEC (which Connect takes to dissolve a datagram socket's
// association).
s32 GuestToHostAddress(std::span<const u8> guest, SocketAddress& host);

// Writes `host` in the console's layout (its length byte set) into `guest`, cut to its size,
// and answers the length the call reports: the bytes written, as FreeBSD's accept /
// getsockname / recvfrom do; 0 for no address or a family the console lacks.
u32 HostToGuestAddress(const SocketAddress& host, std::span<u8> guest);

// "127.0.0.1:21", "[::1]:21", for the log.
std::string FormatAddress(const SocketAddress& address);
// Whether an AF_INET / AF_INET6 address is on the loopback interface (127/8, ::1).
bool IsLoopback(const SocketAddress& address);
// The port in host order; 0 for an unbound socket's address or another family.
u16 PortOf(const SocketAddress& address);
// The same family and port on the loopback interface: 127.0.0.1 or ::1.
SocketAddress LoopbackWithPort(const SocketAddress& address);
// The address a host socket is bound to (getsockname); length 0 when it cannot say.
SocketAddress LocalAddress(int host_fd);

}  // namespace services::bsd
