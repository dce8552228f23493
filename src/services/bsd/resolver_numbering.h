#pragma once

// The numbers sfdnsres speaks in, which are the BSD ones of the console's resolver (FreeBSD's
// netdb.h, as libnx's newlib headers and Atmosphère's ams::socket types have them), and their
// translation to and from the host's (glibc's). errno values need none: they are Linux's
// (bsd_errno.h).

#include "base/types.h"

namespace services::bsd::console {

// Address families and socket types.
inline constexpr s32 kAfUnspec = 0;
inline constexpr s32 kAfInet = 2;
inline constexpr s32 kAfInet6 = 28;

// getaddrinfo's errors.
inline constexpr s32 kEaiAddrFamily = 1;
inline constexpr s32 kEaiAgain = 2;
inline constexpr s32 kEaiBadFlags = 3;
inline constexpr s32 kEaiFail = 4;
inline constexpr s32 kEaiFamily = 5;
inline constexpr s32 kEaiMemory = 6;
inline constexpr s32 kEaiNoData = 7;
inline constexpr s32 kEaiNoName = 8;
inline constexpr s32 kEaiService = 9;
inline constexpr s32 kEaiSocktype = 10;
inline constexpr s32 kEaiSystem = 11;
inline constexpr s32 kEaiBadHints = 12;
inline constexpr s32 kEaiProtocol = 13;
inline constexpr s32 kEaiOverflow = 14;

// h_errno (the same numbers on both sides).
inline constexpr s32 kNetdbInternal = -1;
inline constexpr s32 kHostNotFound = 1;
inline constexpr s32 kTryAgain = 2;
inline constexpr s32 kNoRecovery = 3;
inline constexpr s32 kNoData = 4;

// getaddrinfo's flags.
inline constexpr u32 kAiPassive = 0x1;
inline constexpr u32 kAiCanonName = 0x2;
inline constexpr u32 kAiNumericHost = 0x4;
inline constexpr u32 kAiNumericServ = 0x8;
inline constexpr u32 kAiAll = 0x100;
inline constexpr u32 kAiV4MappedCfg = 0x200;
inline constexpr u32 kAiAddrConfig = 0x400;
inline constexpr u32 kAiV4Mapped = 0x800;

// getnameinfo's flags.
inline constexpr u32 kNiNoFqdn = 0x1;
inline constexpr u32 kNiNumericHost = 0x2;
inline constexpr u32 kNiNameReqd = 0x4;
inline constexpr u32 kNiNumericServ = 0x8;
inline constexpr u32 kNiDgram = 0x10;

// The host's family for a console one; -1 for one the host does not have.
int HostFamily(s32 family);
s32 ConsoleFamily(int host_family);

// Flags the host has no counterpart for make the translation fail (false).
bool HostAddrInfoFlags(u32 flags, int& host_flags);
u32 ConsoleAddrInfoFlags(int host_flags);
bool HostNameInfoFlags(u32 flags, int& host_flags);

// A getaddrinfo / getnameinfo error of the host's, as the console numbers it.
s32 ConsoleGaiError(int host_error);
// The h_errno gethostbyname reports for a lookup that failed with a (console) EAI error.
s32 HostErrorForGaiError(s32 gai_error);

}  // namespace services::bsd::console
