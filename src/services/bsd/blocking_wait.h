#pragma once

// Waiting on the host for a guest call that blocks. Host descriptors stay non-blocking and the
// service polls them in slices of at most 50 ms, so that a wait notices the run ending
// (IpcEnvironment::StopRequested), its deadline, and a guest fd another thread closed.

#include <poll.h>
#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>

#include "base/types.h"
#include "services/bsd/bsd_errno.h"

namespace kernel {
class IpcEnvironment;
}

namespace services::bsd {

using Clock = std::chrono::steady_clock;
// When a wait gives up; nullopt waits for ever.
using Deadline = std::optional<Clock::time_point>;

inline constexpr std::chrono::milliseconds kWaitSlice{50};

// `timeout_us` microseconds from now; 0 (SO_RCVTIMEO's "none") waits for ever.
Deadline DeadlineIn(s64 timeout_us);

enum class WaitEnd {
    Ready,      // poll saw an event
    TimedOut,   // the deadline passed
    Stopped,    // the run is ending
    Abandoned,  // `still_wanted` said no: a guest fd was closed meanwhile
    Failed,     // poll itself failed
};

struct WaitResult {
    WaitEnd end;
    int ready = 0;  // poll's count, for Ready
    int error = 0;  // the host errno, for Failed
};

// Polls `fds` until one has an event or the wait ends otherwise; with no fds it sleeps
// (Select's and Poll's timeout). Once the run is stopping it polls only once, without waiting.
WaitResult WaitInSlices(const kernel::IpcEnvironment& environment, std::span<pollfd> fds,
                        const Deadline& deadline, const std::function<bool()>& still_wanted);

// What Select and RecvMMsg answer when their wait ended without an event: 0 ready once the
// timeout passed, EINTR once the run stops, EBADF for a closed fd, poll's own error; nullopt
// when something is ready.
std::optional<ErrnoReply> ReplyUnlessReady(const WaitResult& waited);

// A host call's answer: a count, or -1 with the host errno.
struct CallAnswer {
    ssize_t value;
    int error;
};

// How a call on one host descriptor waits.
struct Waiting {
    int host_fd;
    short events;   // POLLIN to receive or accept, POLLOUT to send
    bool may_wait;  // false for a non-blocking call, which answers "would block"
    Deadline deadline;
    std::function<bool()> still_open;
};

// Runs `attempt` (a call on a non-blocking host descriptor) until it does more than "would
// block", waiting for `waiting.events` between tries. Answers EAGAIN when it may not wait or
// the deadline passed (a BSD socket timeout's answer), EINTR once the run stops, EBADF when
// another thread closed the guest fd.
CallAnswer CallWaiting(const kernel::IpcEnvironment& environment, const Waiting& waiting,
                       const std::function<ssize_t()>& attempt);

// The same for a transfer of `size` bytes; when `whole` (a blocking stream send, MSG_WAITALL)
// it repeats `attempt(done)` (which moves bytes from offset `done`) until all moved or the
// peer ended (0). An error after some bytes answers those bytes, as an interrupted BSD call
// does.
CallAnswer TransferWaiting(const kernel::IpcEnvironment& environment, const Waiting& waiting,
                           std::size_t size, bool whole,
                           const std::function<ssize_t(std::size_t done)>& attempt);

}  // namespace services::bsd
