#pragma once

// The console's (FreeBSD) socket families, message flags and poll events as the host's.

#include "base/types.h"

namespace services::bsd {

// AF_INET / AF_INET6 on the host for the console's family; -1 for one it lacks.
int HostSocketFamily(s32 guest_family);

// The host's send / receive flags for the console's, without MSG_DONTWAIT and MSG_WAITALL:
// every host socket is non-blocking and the service does the waiting itself
// (blocking_wait.h). Flags the host lacks are left out.
int HostMessageFlags(s32 guest_flags);

// A received message's flags (recvmsg's msg_flags) as the console numbers them: MSG_OOB,
// MSG_EOR, MSG_TRUNC and MSG_CTRUNC.
s32 GuestReceivedFlags(int host_flags);

// poll events: the two numberings differ from POLLRDNORM on (Linux has a POLLWRNORM bit of
// its own and POLLWRBAND one bit higher).
short HostPollEvents(s16 guest_events);
s16 GuestPollEvents(short host_events);

}  // namespace services::bsd
