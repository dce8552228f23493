#include "services/bsd/socket_flags.h"

#include <poll.h>
#include <sys/socket.h>

#include <array>
#include <utility>

#include "services/bsd/bsd_constants.h"

namespace services::bsd {
namespace {

constexpr std::array<std::pair<s32, int>, 6> kMessageFlags{{
    {guest::kMsgOob, MSG_OOB},
    {guest::kMsgPeek, MSG_PEEK},
    {guest::kMsgDontroute, MSG_DONTROUTE},
    {guest::kMsgEor, MSG_EOR},
    {guest::kMsgTrunc, MSG_TRUNC},
    {guest::kMsgNosignal, MSG_NOSIGNAL},
}};

// (console, host); POLLOUT and POLLWRNORM are one bit on the console.
constexpr std::array<std::pair<s16, short>, 9> kPollEvents{{
    {guest::kPollIn, POLLIN},
    {guest::kPollPri, POLLPRI},
    {guest::kPollOut, POLLOUT},
    {guest::kPollErr, POLLERR},
    {guest::kPollHup, POLLHUP},
    {guest::kPollNval, POLLNVAL},
    {guest::kPollRdnorm, POLLRDNORM},
    {guest::kPollRdband, POLLRDBAND},
    {guest::kPollWrband, POLLWRBAND},
}};

}  // namespace

int HostSocketFamily(s32 guest_family) {
    switch (guest_family) {
        case guest::kAfInet:
            return AF_INET;
        case guest::kAfInet6:
            return AF_INET6;
        default:
            return -1;
    }
}

int HostMessageFlags(s32 guest_flags) {
    int host = 0;
    for (const auto& [guest_flag, host_flag] : kMessageFlags) {
        if ((guest_flags & guest_flag) != 0) {
            host |= host_flag;
        }
    }
    return host;
}

s32 GuestReceivedFlags(int host_flags) {
    constexpr std::array<std::pair<s32, int>, 4> kReceived{{
        {guest::kMsgOob, MSG_OOB},
        {guest::kMsgEor, MSG_EOR},
        {guest::kMsgTrunc, MSG_TRUNC},
        {guest::kMsgCtrunc, MSG_CTRUNC},
    }};
    s32 guest = 0;
    for (const auto& [guest_flag, host_flag] : kReceived) {
        if ((host_flags & host_flag) != 0) {
            guest |= guest_flag;
        }
    }
    return guest;
}

short HostPollEvents(s16 guest_events) {
    short host = 0;
    for (const auto& [guest_event, host_event] : kPollEvents) {
        if ((guest_events & guest_event) != 0) {
            host = static_cast<short>(host | host_event);
        }
    }
    return host;
}

s16 GuestPollEvents(short host_events) {
    s16 guest = (host_events & POLLWRNORM) != 0 ? guest::kPollOut : 0;
    for (const auto& [guest_event, host_event] : kPollEvents) {
        if ((host_events & host_event) != 0) {
            guest = static_cast<s16>(guest | guest_event);
        }
    }
    return guest;
}

}  // namespace services::bsd
