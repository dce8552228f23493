#pragma once

#include <cerrno>

#include "base/types.h"

namespace services::bsd {

// The errno values bsd:u / bsd:s and sfdnsres answer with: Nintendo's socket build uses
// Linux's numbering (libnx devices/socket.c converts them to newlib's).
inline constexpr s32 kEnoent = 2;
inline constexpr s32 kEintr = 4;
inline constexpr s32 kEbadf = 9;
inline constexpr s32 kEagain = 11;
inline constexpr s32 kEfault = 14;
inline constexpr s32 kEinval = 22;
inline constexpr s32 kEmfile = 24;
inline constexpr s32 kEdom = 33;
inline constexpr s32 kEnosys = 38;
inline constexpr s32 kEprototype = 91;
inline constexpr s32 kEnoprotoopt = 92;
inline constexpr s32 kEopnotsupp = 95;
inline constexpr s32 kEafnosupport = 97;
inline constexpr s32 kEnetdown = 100;
inline constexpr s32 kEnetunreach = 101;
inline constexpr s32 kEinprogress = 115;

// A host errno as the guest reads it. nxhost runs on Linux, whose numbering the console
// shares, so the value passes unchanged; the asserts hold the assumption.
constexpr s32 GuestErrno(int host_errno) {
    static_assert(ENOENT == kEnoent && EINTR == kEintr && EBADF == kEbadf && EAGAIN == kEagain &&
                  EFAULT == kEfault && EWOULDBLOCK == kEagain && EINVAL == kEinval &&
                  EMFILE == kEmfile && EDOM == kEdom && ENOSYS == kEnosys &&
                  EPROTOTYPE == kEprototype && ENOPROTOOPT == kEnoprotoopt &&
                  EOPNOTSUPP == kEopnotsupp && EAFNOSUPPORT == kEafnosupport &&
                  ENETDOWN == kEnetdown && ENETUNREACH == kEnetunreach &&
                  EINPROGRESS == kEinprogress && ECONNREFUSED == 111 && ETIMEDOUT == 110 &&
                  ENOTCONN == 107 && EADDRINUSE == 98 && ENOTSOCK == 88 && EPIPE == 32);
    return static_cast<s32>(host_errno);
}

// The two words most socket commands answer: the call's return value (-1 on failure) and the
// errno it set.
struct ErrnoReply {
    s32 ret;
    s32 errno_value;
};
// The same, for the commands that also answer a length (an address, an option, sysctl data).
struct ErrnoLengthReply {
    s32 ret;
    s32 errno_value;
    u32 length;
};

constexpr ErrnoReply Succeeded(s32 ret) {
    return ErrnoReply{ret, 0};
}
constexpr ErrnoReply Failed(s32 errno_value) {
    return ErrnoReply{-1, errno_value};
}

}  // namespace services::bsd
