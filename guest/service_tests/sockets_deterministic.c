// sockets.c for --deterministic: one core, and a guest clock that follows guest instructions,
// on which a wait on the host (Poll's and Select's timeouts, SO_RCVTIMEO) takes no time. Every
// check but those durations.

#define SOCKETS_GUEST_CLOCK_IS_INSTRUCTIONS 1
#include "sockets.c"
