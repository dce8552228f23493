#pragma once

// The console's socket constants: its socket service is a FreeBSD build, so families, socket
// options and flags have FreeBSD's values (libnx nx/external/bsd/include: sys/socket.h,
// netinet/in.h, sys/poll.h, sys/filio.h), not the host's. Errno values are Linux's
// (bsd_errno.h), and so is the fcntl non-blocking flag (libnx devices/socket.c, O_NONBLOCK_NX).

#include "base/types.h"

namespace services::bsd::guest {

// Address families (sys/socket.h).
inline constexpr s32 kAfUnspec = 0;
inline constexpr s32 kAfInet = 2;
inline constexpr s32 kAfInet6 = 28;

// Socket types, and the flags Socket takes in the same word.
inline constexpr s32 kSockStream = 1;
inline constexpr s32 kSockDgram = 2;
inline constexpr s32 kSockRaw = 3;
inline constexpr s32 kSockSeqpacket = 5;
inline constexpr s32 kSockCloexec = 0x10000000;
inline constexpr s32 kSockNonblock = 0x20000000;

// Option levels.
inline constexpr s32 kSolSocket = 0xffff;
inline constexpr s32 kIpprotoIp = 0;
inline constexpr s32 kIpprotoTcp = 6;
inline constexpr s32 kIpprotoIpv6 = 41;

// SOL_SOCKET options.
inline constexpr s32 kSoDebug = 0x1;
inline constexpr s32 kSoAcceptconn = 0x2;
inline constexpr s32 kSoReuseaddr = 0x4;
inline constexpr s32 kSoKeepalive = 0x8;
inline constexpr s32 kSoDontroute = 0x10;
inline constexpr s32 kSoBroadcast = 0x20;
inline constexpr s32 kSoLinger = 0x80;
inline constexpr s32 kSoOobinline = 0x100;
inline constexpr s32 kSoReuseport = 0x200;
inline constexpr s32 kSoNosigpipe = 0x800;
inline constexpr s32 kSoSndbuf = 0x1001;
inline constexpr s32 kSoRcvbuf = 0x1002;
inline constexpr s32 kSoSndlowat = 0x1003;
inline constexpr s32 kSoRcvlowat = 0x1004;
inline constexpr s32 kSoSndtimeo = 0x1005;
inline constexpr s32 kSoRcvtimeo = 0x1006;
inline constexpr s32 kSoError = 0x1007;
inline constexpr s32 kSoType = 0x1008;

// IPPROTO_TCP options (netinet/tcp.h).
inline constexpr s32 kTcpNodelay = 1;
inline constexpr s32 kTcpMaxseg = 2;
inline constexpr s32 kTcpKeepidle = 0x100;
inline constexpr s32 kTcpKeepintvl = 0x200;
inline constexpr s32 kTcpKeepcnt = 0x400;

// IPPROTO_IP options (netinet/in.h).
inline constexpr s32 kIpTos = 3;
inline constexpr s32 kIpTtl = 4;
inline constexpr s32 kIpMulticastIf = 9;
inline constexpr s32 kIpMulticastTtl = 10;
inline constexpr s32 kIpMulticastLoop = 11;
inline constexpr s32 kIpAddMembership = 12;
inline constexpr s32 kIpDropMembership = 13;

// IPPROTO_IPV6 options (KAME's netinet6/in6.h numbering).
inline constexpr s32 kIpv6UnicastHops = 4;
inline constexpr s32 kIpv6MulticastIf = 9;
inline constexpr s32 kIpv6MulticastHops = 10;
inline constexpr s32 kIpv6MulticastLoop = 11;
inline constexpr s32 kIpv6JoinGroup = 12;
inline constexpr s32 kIpv6LeaveGroup = 13;
inline constexpr s32 kIpv6V6only = 27;

// Send and receive flags.
inline constexpr s32 kMsgOob = 0x1;
inline constexpr s32 kMsgPeek = 0x2;
inline constexpr s32 kMsgDontroute = 0x4;
inline constexpr s32 kMsgEor = 0x8;
inline constexpr s32 kMsgTrunc = 0x10;
inline constexpr s32 kMsgCtrunc = 0x20;
inline constexpr s32 kMsgWaitall = 0x40;
inline constexpr s32 kMsgDontwait = 0x80;
inline constexpr s32 kMsgNosignal = 0x20000;
inline constexpr s32 kMsgWaitforone = 0x80000;  // recvmmsg: wait for the first message only

// poll events (sys/poll.h; POLLWRNORM is POLLOUT).
inline constexpr s16 kPollIn = 0x1;
inline constexpr s16 kPollPri = 0x2;
inline constexpr s16 kPollOut = 0x4;
inline constexpr s16 kPollErr = 0x8;
inline constexpr s16 kPollHup = 0x10;
inline constexpr s16 kPollNval = 0x20;
inline constexpr s16 kPollRdnorm = 0x40;
inline constexpr s16 kPollRdband = 0x80;
inline constexpr s16 kPollWrband = 0x100;

// Fcntl: the only commands the service takes, and its non-blocking flag (Linux's 0x800, to
// which libnx's fcntl converts newlib's O_NONBLOCK).
inline constexpr s32 kFGetfl = 3;
inline constexpr s32 kFSetfl = 4;
inline constexpr s32 kONonblock = 0x800;

// Ioctl requests (sys/filio.h, sys/sockio.h: _IOR/_IOW of an int).
inline constexpr u32 kFionread = 0x4004667f;
inline constexpr u32 kFionbio = 0x8004667e;
inline constexpr u32 kSiocatmark = 0x40047307;

// EventFd flags (FreeBSD sys/eventfd.h: EFD_NONBLOCK is O_NONBLOCK's 4 there).
inline constexpr s32 kEfdSemaphore = 0x1;
inline constexpr s32 kEfdNonblock = 0x4;

// Shutdown's `how`.
inline constexpr s32 kShutRdwr = 2;

}  // namespace services::bsd::guest
