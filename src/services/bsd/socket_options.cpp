#include "services/bsd/socket_options.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <array>

#include "services/bsd/bsd_constants.h"

namespace services::bsd {
namespace {

struct OptionRow {
    s32 guest_level;
    s32 guest_name;
    HostOption host;
};

constexpr auto kHost = OptionKind::Host;
constexpr auto kFlag = OptionKind::Flag;

constexpr std::array kOptions{
    OptionRow{guest::kSolSocket, guest::kSoDebug, {SOL_SOCKET, SO_DEBUG, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoAcceptconn, {SOL_SOCKET, SO_ACCEPTCONN, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoReuseaddr, {SOL_SOCKET, SO_REUSEADDR, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoKeepalive, {SOL_SOCKET, SO_KEEPALIVE, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoDontroute, {SOL_SOCKET, SO_DONTROUTE, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoBroadcast, {SOL_SOCKET, SO_BROADCAST, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoLinger, {SOL_SOCKET, SO_LINGER, kHost}},
    OptionRow{guest::kSolSocket, guest::kSoOobinline, {SOL_SOCKET, SO_OOBINLINE, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoReuseport, {SOL_SOCKET, SO_REUSEPORT, kFlag}},
    OptionRow{guest::kSolSocket, guest::kSoSndbuf, {SOL_SOCKET, SO_SNDBUF, kHost}},
    OptionRow{guest::kSolSocket, guest::kSoRcvbuf, {SOL_SOCKET, SO_RCVBUF, kHost}},
    OptionRow{guest::kSolSocket, guest::kSoSndlowat, {SOL_SOCKET, SO_SNDLOWAT, kHost}},
    OptionRow{guest::kSolSocket, guest::kSoRcvlowat, {SOL_SOCKET, SO_RCVLOWAT, kHost}},
    OptionRow{guest::kSolSocket, guest::kSoType, {SOL_SOCKET, SO_TYPE, kHost}},
    OptionRow{guest::kSolSocket,
              guest::kSoRcvtimeo,
              {SOL_SOCKET, SO_RCVTIMEO, OptionKind::ReceiveTimeout}},
    OptionRow{
        guest::kSolSocket, guest::kSoSndtimeo, {SOL_SOCKET, SO_SNDTIMEO, OptionKind::SendTimeout}},
    OptionRow{guest::kSolSocket, guest::kSoNosigpipe, {SOL_SOCKET, 0, OptionKind::NoSigpipe}},
    OptionRow{guest::kSolSocket, guest::kSoError, {SOL_SOCKET, SO_ERROR, OptionKind::Error}},
    OptionRow{guest::kIpprotoTcp, guest::kTcpNodelay, {IPPROTO_TCP, TCP_NODELAY, kHost}},
    OptionRow{guest::kIpprotoTcp, guest::kTcpMaxseg, {IPPROTO_TCP, TCP_MAXSEG, kHost}},
    OptionRow{guest::kIpprotoTcp, guest::kTcpKeepidle, {IPPROTO_TCP, TCP_KEEPIDLE, kHost}},
    OptionRow{guest::kIpprotoTcp, guest::kTcpKeepintvl, {IPPROTO_TCP, TCP_KEEPINTVL, kHost}},
    OptionRow{guest::kIpprotoTcp, guest::kTcpKeepcnt, {IPPROTO_TCP, TCP_KEEPCNT, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpTos, {IPPROTO_IP, IP_TOS, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpTtl, {IPPROTO_IP, IP_TTL, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpMulticastIf, {IPPROTO_IP, IP_MULTICAST_IF, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpMulticastTtl, {IPPROTO_IP, IP_MULTICAST_TTL, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpMulticastLoop, {IPPROTO_IP, IP_MULTICAST_LOOP, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpAddMembership, {IPPROTO_IP, IP_ADD_MEMBERSHIP, kHost}},
    OptionRow{guest::kIpprotoIp, guest::kIpDropMembership, {IPPROTO_IP, IP_DROP_MEMBERSHIP, kHost}},
    OptionRow{
        guest::kIpprotoIpv6, guest::kIpv6UnicastHops, {IPPROTO_IPV6, IPV6_UNICAST_HOPS, kHost}},
    OptionRow{
        guest::kIpprotoIpv6, guest::kIpv6MulticastIf, {IPPROTO_IPV6, IPV6_MULTICAST_IF, kHost}},
    OptionRow{
        guest::kIpprotoIpv6, guest::kIpv6MulticastHops, {IPPROTO_IPV6, IPV6_MULTICAST_HOPS, kHost}},
    OptionRow{
        guest::kIpprotoIpv6, guest::kIpv6MulticastLoop, {IPPROTO_IPV6, IPV6_MULTICAST_LOOP, kHost}},
    OptionRow{guest::kIpprotoIpv6, guest::kIpv6JoinGroup, {IPPROTO_IPV6, IPV6_JOIN_GROUP, kHost}},
    OptionRow{guest::kIpprotoIpv6, guest::kIpv6LeaveGroup, {IPPROTO_IPV6, IPV6_LEAVE_GROUP, kHost}},
    OptionRow{guest::kIpprotoIpv6, guest::kIpv6V6only, {IPPROTO_IPV6, IPV6_V6ONLY, kHost}},
};

}  // namespace

std::optional<HostOption> TranslateOption(s32 level, s32 name) {
    for (const OptionRow& row : kOptions) {
        if (row.guest_level == level && row.guest_name == name) {
            return row.host;
        }
    }
    return std::nullopt;
}

}  // namespace services::bsd
