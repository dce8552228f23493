#include "services/bsd/blocking_wait.h"

#include <algorithm>
#include <cerrno>

#include "kernel/ipc_session.h"

namespace services::bsd {

Deadline DeadlineIn(s64 timeout_us) {
    if (timeout_us <= 0) {
        return std::nullopt;
    }
    // A century is for ever, and keeps the sum inside the clock's range.
    constexpr s64 kLongest = s64{100} * 365 * 24 * 3600 * 1'000'000;
    return Clock::now() + std::chrono::microseconds(std::min(timeout_us, kLongest));
}

WaitResult WaitInSlices(const kernel::IpcEnvironment& environment, std::span<pollfd> fds,
                        const Deadline& deadline, const std::function<bool()>& still_wanted) {
    for (;;) {
        const bool stopping = environment.StopRequested();
        std::chrono::milliseconds slice{0};
        if (!stopping) {
            slice = kWaitSlice;
            if (deadline) {
                const auto left =
                    std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now());
                slice = std::clamp(left, std::chrono::milliseconds{0}, kWaitSlice);
            }
        }
        const int ready = poll(fds.data(), fds.size(), static_cast<int>(slice.count()));
        if (ready > 0) {
            return {WaitEnd::Ready, ready};
        }
        if (ready < 0 && errno != EINTR) {
            return {WaitEnd::Failed, 0, errno};
        }
        if (stopping) {
            return {WaitEnd::Stopped};
        }
        if (deadline && Clock::now() >= *deadline) {
            return {WaitEnd::TimedOut};
        }
        if (still_wanted && !still_wanted()) {
            return {WaitEnd::Abandoned};
        }
    }
}

CallAnswer CallWaiting(const kernel::IpcEnvironment& environment, const Waiting& waiting,
                       const std::function<ssize_t()>& attempt) {
    const bool receives = (waiting.events & POLLIN) != 0;
    bool receiving_shut = false;
    for (;;) {
        const ssize_t value = attempt();
        if (value >= 0) {
            return {value, 0};
        }
        const int error = errno;
        if (error == EINTR) {
            continue;  // a host signal, not the guest's business
        }
        if (error != EAGAIN && error != EWOULDBLOCK) {
            return {-1, error};
        }
        if (receiving_shut) {
            // Linux polls a datagram socket whose receiving side was shut down as readable,
            // yet its non-blocking receive answers EAGAIN: waiting again would spin for ever.
            // FreeBSD's receive on such a socket answers 0 (no more data), as the guest expects.
            return {0, 0};
        }
        if (!waiting.may_wait) {
            return {-1, EAGAIN};
        }
        pollfd fd{waiting.host_fd, static_cast<short>(waiting.events | (receives ? POLLRDHUP : 0)),
                  0};
        const WaitResult result =
            WaitInSlices(environment, {&fd, 1}, waiting.deadline, waiting.still_open);
        switch (result.end) {
            case WaitEnd::Ready:
                receiving_shut = receives && (fd.revents & POLLRDHUP) != 0;
                break;
            case WaitEnd::TimedOut:
                return {-1, EAGAIN};
            case WaitEnd::Stopped:
                return {-1, EINTR};
            case WaitEnd::Abandoned:
                return {-1, EBADF};
            case WaitEnd::Failed:
                return {-1, result.error};
        }
    }
}

std::optional<ErrnoReply> ReplyUnlessReady(const WaitResult& waited) {
    switch (waited.end) {
        case WaitEnd::Ready:
            return std::nullopt;
        case WaitEnd::TimedOut:
            return Succeeded(0);
        case WaitEnd::Stopped:
            return Failed(kEintr);
        case WaitEnd::Abandoned:
            return Failed(kEbadf);
        case WaitEnd::Failed:
            break;
    }
    return Failed(GuestErrno(waited.error));
}

CallAnswer TransferWaiting(const kernel::IpcEnvironment& environment, const Waiting& waiting,
                           std::size_t size, bool whole,
                           const std::function<ssize_t(std::size_t done)>& attempt) {
    std::size_t done = 0;
    for (;;) {
        const CallAnswer answer = CallWaiting(environment, waiting, [&] { return attempt(done); });
        if (answer.value < 0) {
            return done > 0 ? CallAnswer{static_cast<ssize_t>(done), 0} : answer;
        }
        done += static_cast<std::size_t>(answer.value);
        if (!whole || answer.value == 0 || done >= size) {
            return {static_cast<ssize_t>(done), 0};
        }
    }
}

}  // namespace services::bsd
