#pragma once

#include "base/types.h"

namespace services::bsd {

// The errno values bsd:u / bsd:s and sfdnsres answer with: Nintendo's socket build uses
// Linux's numbering (libnx devices/socket.c converts them to newlib's).
inline constexpr s32 kEnosys = 38;

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

}  // namespace services::bsd
