// bsd:u / bsd:s: Poll and Select, which wait on all of their host descriptors at once, in
// slices (blocking_wait.h).

#include <poll.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"
#include "services/bsd/socket_flags.h"

namespace services::bsd {
namespace {

// struct pollfd as the guest sends it.
struct GuestPollFd {
    s32 fd;
    s16 events;
    s16 revents;
};
static_assert(sizeof(GuestPollFd) == 8);

// FreeBSD's poll refuses more entries than FD_SETSIZE (and than the files a process may open).
constexpr s32 kMostPollEntries = 1024;
// Select's seconds past this are for ever, and keep the deadline inside the clock's range.
constexpr s64 kLongestSelectSeconds = s64{1} << 32;

// Select's fd_set: a bit array as long as the guest sent, bit n of byte n / 8 for fd n.
bool IsSet(std::span<const u8> set, s32 fd) {
    const auto byte = static_cast<std::size_t>(fd) / 8;
    return byte < set.size() && ((set[byte] >> (fd % 8)) & 1) != 0;
}
void Set(std::span<u8> set, s32 fd) {
    const auto byte = static_cast<std::size_t>(fd) / 8;
    if (byte < set.size()) {
        set[byte] = static_cast<u8>(set[byte] | 1 << (fd % 8));
    }
}

// What readiness each of select's sets reports (Linux's POLLIN_SET / POLLOUT_SET / POLLEX_SET).
constexpr short kReadable = POLLIN | POLLRDNORM | POLLRDBAND | POLLHUP | POLLERR;
constexpr short kWritable = POLLOUT | POLLWRNORM | POLLWRBAND | POLLERR;
constexpr short kExceptional = POLLPRI;

// The guest fds a wait watches, and the descriptors they named when it began.
struct Watched {
    std::vector<s32> guest_fds;
    std::vector<const HostDescriptor*> descriptors;
    std::vector<std::shared_ptr<HostDescriptor>> keep_open;  // while poll() looks at them

    void Add(s32 guest_fd, std::shared_ptr<HostDescriptor> descriptor) {
        guest_fds.push_back(guest_fd);
        descriptors.push_back(descriptor.get());
        keep_open.push_back(std::move(descriptor));
    }
    bool Held(const SocketTable& table, std::size_t k) const {
        return table.Holds(guest_fds[k], descriptors[k]);
    }
    bool AllHeld(const SocketTable& table) const {
        for (std::size_t k = 0; k < guest_fds.size(); ++k) {
            if (!Held(table, k)) {
                return false;
            }
        }
        return true;
    }
};

}  // namespace

// No entries answer -1 with errno 0 (yuzu's PollImpl notes the console does so).
base::Result BsdClient::Poll(s32 nfds, s32 timeout_ms, AutoIn fds_in, AutoOut fds_out, Reply reply,
                             Environment environment) {
    if (nfds == 0) {
        *reply = ErrnoReply{-1, 0};
        return base::ResultSuccess;
    }
    const auto bytes = static_cast<std::size_t>(nfds) * sizeof(GuestPollFd);
    if (nfds < 0 || nfds > kMostPollEntries || fds_in.data.size() < bytes ||
        fds_out.data.size() < bytes || timeout_ms < -1) {
        *reply = Failed(kEinval);
        return base::ResultSuccess;
    }
    std::vector<GuestPollFd> entries(static_cast<std::size_t>(nfds));
    std::memcpy(entries.data(), fds_in.data.data(), bytes);
    std::vector<pollfd> host;
    std::vector<std::size_t> entry_of_host;
    Watched watched;
    bool any_invalid = false;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        GuestPollFd& entry = entries[i];
        entry.revents = 0;
        if (entry.fd < 0) {
            continue;  // POSIX: ignored
        }
        auto descriptor = table_.Find(entry.fd);
        if (!descriptor) {
            entry.revents = guest::kPollNval;
            any_invalid = true;
            continue;
        }
        host.push_back(pollfd{descriptor->Fd(), HostPollEvents(entry.events), 0});
        entry_of_host.push_back(i);
        watched.Add(entry.fd, std::move(descriptor));
    }
    const auto still_held = [&] { return watched.AllHeld(table_); };
    Deadline deadline;
    if (any_invalid || timeout_ms >= 0) {
        deadline = Clock::now() + std::chrono::milliseconds(any_invalid ? 0 : timeout_ms);
    }
    const WaitResult waited = WaitInSlices(*environment, host, deadline, still_held);
    if (waited.end == WaitEnd::Stopped) {
        *reply = Failed(kEintr);
        return base::ResultSuccess;
    }
    if (waited.end == WaitEnd::Failed) {
        *reply = Failed(GuestErrno(waited.error));
        return base::ResultSuccess;
    }
    if (waited.end == WaitEnd::Abandoned) {
        poll(host.data(), host.size(), 0);  // what the others have now
    }
    for (std::size_t k = 0; k < host.size(); ++k) {
        GuestPollFd& entry = entries[entry_of_host[k]];
        entry.revents = watched.Held(table_, k)
                            ? GuestPollEvents(host[k].revents)
                            : guest::kPollNval;  // closed by another thread meanwhile
    }
    const auto ready = std::count_if(entries.begin(), entries.end(),
                                     [](const GuestPollFd& entry) { return entry.revents != 0; });
    std::memcpy(fds_out.data.data(), entries.data(), bytes);
    *reply = Succeeded(static_cast<s32>(ready));
    return base::ResultSuccess;
}

// FreeBSD's select: nfds past the open files is cut to them, a set bit naming no fd is EBADF, a
// null timeout waits for ever. The answer counts the bits set in the three out sets.
base::Result BsdClient::Select(SelectArguments arguments, AutoIn read_in, AutoIn write_in,
                               AutoIn except_in, AutoOut read_out, AutoOut write_out,
                               AutoOut except_out, Reply reply, Environment environment) {
    const GuestTimeval& timeout = arguments.timeout;
    if (arguments.nfds < 0 ||
        (arguments.timeout_is_null == 0 &&
         (timeout.seconds < 0 || timeout.microseconds < 0 || timeout.microseconds >= 1'000'000))) {
        *reply = Failed(kEinval);
        return base::ResultSuccess;
    }
    Deadline deadline;
    if (arguments.timeout_is_null == 0) {
        deadline = Clock::now() +
                   std::chrono::seconds(std::min(timeout.seconds, kLongestSelectSeconds)) +
                   std::chrono::microseconds(timeout.microseconds);
    }
    const std::array<std::span<const u8>, 3> sets_in{read_in.data, write_in.data, except_in.data};
    const std::array<std::span<u8>, 3> sets_out{read_out.data, write_out.data, except_out.data};
    constexpr std::array<short, 3> kAsked{POLLIN, POLLOUT, POLLPRI};
    constexpr std::array<short, 3> kAnswered{kReadable, kWritable, kExceptional};
    std::vector<pollfd> host;
    Watched watched;
    for (s32 fd = 0; fd < std::min(arguments.nfds, SocketTable::kCapacity); ++fd) {
        short events = 0;
        for (std::size_t set = 0; set < sets_in.size(); ++set) {
            if (IsSet(sets_in[set], fd)) {
                events = static_cast<short>(events | kAsked[set]);
            }
        }
        if (events == 0) {
            continue;
        }
        auto descriptor = table_.Find(fd);
        if (!descriptor) {
            *reply = Failed(kEbadf);
            return base::ResultSuccess;
        }
        host.push_back(pollfd{descriptor->Fd(), events, 0});
        watched.Add(fd, std::move(descriptor));
    }
    const auto still_held = [&] { return watched.AllHeld(table_); };
    const WaitResult waited = WaitInSlices(*environment, host, deadline, still_held);
    if (const auto answer = ReplyUnlessReady(waited)) {
        *reply = *answer;
        return base::ResultSuccess;
    }
    s32 ready = 0;
    for (std::size_t k = 0; k < host.size(); ++k) {
        for (std::size_t set = 0; set < sets_out.size(); ++set) {
            if ((host[k].events & kAsked[set]) != 0 && (host[k].revents & kAnswered[set]) != 0) {
                Set(sets_out[set], watched.guest_fds[k]);
                ++ready;
            }
        }
    }
    *reply = Succeeded(ready);
    return base::ResultSuccess;
}

}  // namespace services::bsd
