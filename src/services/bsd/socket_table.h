#pragma once

// A client's guest file descriptors: small integers the service hands out (lowest free one
// first, from 0, as yuzu's and Ryujinx's do), each naming a host descriptor. Several guest
// threads call at once through cloned sessions, so the table takes a lock; a host descriptor
// lives on while a call still uses it, even after the guest closed its fd.

#include <sys/socket.h>

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "base/types.h"

namespace services::bsd {

enum class DescriptorKind { Socket, EventFd };

// One host descriptor, always O_NONBLOCK there, and what the guest set on it that the host
// socket does not keep (the service waits itself). DuplicateSocket's fds share one, as dup's
// do. Closed with the last reference.
class HostDescriptor {
public:
    HostDescriptor(int fd, DescriptorKind kind, int type) : fd_(fd), kind_(kind), type_(type) {}
    ~HostDescriptor();
    HostDescriptor(const HostDescriptor&) = delete;
    HostDescriptor& operator=(const HostDescriptor&) = delete;

    int Fd() const { return fd_; }
    DescriptorKind Kind() const { return kind_; }
    // SOCK_STREAM, SOCK_DGRAM, ... (the same numbers on both sides); 0 for an eventfd.
    int Type() const { return type_; }
    bool IsStream() const { return kind_ == DescriptorKind::Socket && type_ == SOCK_STREAM; }

    std::atomic<bool> nonblocking{false};    // the guest's flag: SOCK_NONBLOCK, FIONBIO, ...
    std::atomic<s64> receive_timeout_us{0};  // SO_RCVTIMEO; 0 waits for ever
    std::atomic<s64> send_timeout_us{0};     // SO_SNDTIMEO; 0 waits for ever
    std::atomic<bool> no_sigpipe{false};     // SO_NOSIGPIPE as the guest set it

private:
    int fd_;
    DescriptorKind kind_;
    int type_;
};

class SocketTable {
public:
    // yuzu's MAX_FD for one client; past it Socket and Accept answer EMFILE.
    static constexpr int kCapacity = 128;

    // The lowest free guest fd, now naming `descriptor`; -1 when all are taken.
    int Insert(std::shared_ptr<HostDescriptor> descriptor);
    // Null for an fd that names nothing.
    std::shared_ptr<HostDescriptor> Find(s32 guest_fd) const;
    // Frees the fd; null when it named nothing.
    std::shared_ptr<HostDescriptor> Remove(s32 guest_fd);
    // Whether `guest_fd` still names `descriptor` (a waiter's check that no thread closed it).
    bool Holds(s32 guest_fd, const HostDescriptor* descriptor) const;
    bool HasRoom() const;
    // Every distinct host descriptor (ShutdownAllSockets).
    std::vector<std::shared_ptr<HostDescriptor>> All() const;

private:
    mutable std::mutex mutex_;
    std::array<std::shared_ptr<HostDescriptor>, kCapacity> slots_;
};

}  // namespace services::bsd
