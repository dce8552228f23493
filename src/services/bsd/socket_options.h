#pragma once

// The console's (FreeBSD) socket options as the host's.

#include <optional>

#include "base/types.h"

namespace services::bsd {

// How an option's value is kept.
enum class OptionKind {
    Host,            // on the host socket; the value's layout is the same on both sides
    Flag,            // a SOL_SOCKET boolean on the host socket, which FreeBSD's getsockopt
                     // answers as the option's own bit (sogetopt: so_options & name)
    ReceiveTimeout,  // SO_RCVTIMEO, kept by the service, which does the waiting itself
    SendTimeout,     // SO_SNDTIMEO, likewise
    NoSigpipe,       // SO_NOSIGPIPE, which Linux lacks: kept, sends never raise SIGPIPE here
    Error,           // SO_ERROR, an errno the guest reads in its own numbering
};

struct HostOption {
    int level;
    int name;
    OptionKind kind;
};

// The host's level and name for the console's `level` / `name`; nullopt for an option the
// host lacks (the guest gets ENOPROTOOPT).
std::optional<HostOption> TranslateOption(s32 level, s32 name);

// The console's struct timeval (SO_RCVTIMEO, SO_SNDTIMEO, Select): two 64-bit words.
struct GuestTimeval {
    s64 seconds;
    s64 microseconds;
};
static_assert(sizeof(GuestTimeval) == 16);

}  // namespace services::bsd
