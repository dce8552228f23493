// bsd:u / bsd:s: addresses and connections (Bind, Listen, Accept, Connect, GetPeerName,
// GetSockName), with --network's confinement of what the guest serves.

#include <sys/socket.h>

#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"

namespace services::bsd {
namespace {

std::string_view TransportName(const HostDescriptor& descriptor) {
    switch (descriptor.Type()) {
        case SOCK_STREAM:
            return "tcp";
        case SOCK_DGRAM:
            return "udp";
        default:
            return "raw";
    }
}

const sockaddr* AsSockaddr(const SocketAddress& address) {
    return reinterpret_cast<const sockaddr*>(&address.storage);
}

// getpeername / getsockname in the console's layout.
ErrnoLengthReply NameOf(int (*query)(int, sockaddr*, socklen_t*), const HostDescriptor& socket,
                        std::span<u8> guest) {
    SocketAddress address;
    address.length = sizeof(address.storage);
    if (query(socket.Fd(), reinterpret_cast<sockaddr*>(&address.storage), &address.length) != 0) {
        return ErrnoLengthReply{-1, GuestErrno(errno), 0};
    }
    return ErrnoLengthReply{0, 0, HostToGuestAddress(address, guest)};
}

}  // namespace

bool BsdClient::ListensOnLoopbackOnly() const {
    return network_.access == NetworkAccess::On || network_.access == NetworkAccess::Local;
}

bool BsdClient::MayReach(const SocketAddress& address) const {
    if (network_.access != NetworkAccess::Local ||
        (address.Family() != AF_INET && address.Family() != AF_INET6) || IsLoopback(address)) {
        return true;
    }
    LOG_INFO("bsd",
             "the guest tries to reach {}: refused (--network local reaches this machine only)",
             FormatAddress(address));
    return false;
}

void BsdClient::ConfineToLoopback(SocketAddress& address) const {
    if (!ListensOnLoopbackOnly() || (address.Family() != AF_INET && address.Family() != AF_INET6) ||
        IsLoopback(address)) {
        return;
    }
    const SocketAddress loopback = LoopbackWithPort(address);
    LOG_INFO("bsd", "the guest binds {}: bound to {} instead (--network lan binds as asked)",
             FormatAddress(address), FormatAddress(loopback));
    address = loopback;
}

void BsdClient::LogListening(const HostDescriptor& descriptor) const {
    LOG_INFO("bsd", "the guest listens on {} ({})", FormatAddress(LocalAddress(descriptor.Fd())),
             TransportName(descriptor));
}

base::Result BsdClient::Bind(s32 fd, AutoIn address, Reply reply) {
    const auto descriptor = table_.Find(fd);
    SocketAddress host;
    if (!descriptor) {
        *reply = Failed(kEbadf);
    } else if (const s32 error = GuestToHostAddress(address.data, host); error != 0) {
        *reply = Failed(error);
    } else if (host.Family() == AF_UNSPEC) {
        // Linux would bind it as AF_INET's any address, past --network on's confinement.
        *reply = Failed(kEafnosupport);
    } else {
        ConfineToLoopback(host);
        if (bind(descriptor->Fd(), AsSockaddr(host), host.length) != 0) {
            *reply = Failed(GuestErrno(errno));
        } else {
            if (descriptor->Type() == SOCK_DGRAM) {
                LogListening(*descriptor);  // a bound datagram socket takes what comes
            }
            *reply = Succeeded(0);
        }
    }
    return base::ResultSuccess;
}

// Listening on a socket never bound binds it first where the host would (any address, a free
// port), so --network on confines that too.
base::Result BsdClient::Listen(s32 fd, s32 backlog, Reply reply) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    if (ListensOnLoopbackOnly()) {
        const SocketAddress local = LocalAddress(descriptor->Fd());
        if (local.length != 0 && PortOf(local) == 0) {
            const SocketAddress loopback = LoopbackWithPort(local);
            bind(descriptor->Fd(), AsSockaddr(loopback), loopback.length);
        }
    }
    if (listen(descriptor->Fd(), backlog) != 0) {
        *reply = Failed(GuestErrno(errno));
        return base::ResultSuccess;
    }
    LogListening(*descriptor);
    *reply = Succeeded(0);
    return base::ResultSuccess;
}

// The accepted socket inherits the listener's non-blocking flag (FreeBSD's accept, unlike
// Linux's), its timeouts and SO_NOSIGPIPE (sonewconn copies them). FreeBSD's accept waits
// without a timeout. A full table answers EMFILE and leaves the connection queued.
base::Result BsdClient::Accept(s32 fd, AutoOut address, LengthReply reply,
                               Environment environment) {
    const auto listener = table_.Find(fd);
    if (!listener) {
        *reply = ErrnoLengthReply{-1, kEbadf, 0};
        return base::ResultSuccess;
    }
    if (!table_.HasRoom()) {
        *reply = ErrnoLengthReply{-1, kEmfile, 0};
        return base::ResultSuccess;
    }
    SocketAddress peer;
    const CallAnswer answer =
        CallWaiting(*environment, WaitingOn(fd, listener, POLLIN, listener->nonblocking, 0), [&] {
            peer.length = sizeof(peer.storage);
            return static_cast<ssize_t>(accept4(listener->Fd(),
                                                reinterpret_cast<sockaddr*>(&peer.storage),
                                                &peer.length, SOCK_NONBLOCK | SOCK_CLOEXEC));
        });
    if (answer.value < 0) {
        *reply = ErrnoLengthReply{-1, GuestErrno(answer.error), 0};
        return base::ResultSuccess;
    }
    auto accepted = std::make_shared<HostDescriptor>(static_cast<int>(answer.value),
                                                     DescriptorKind::Socket, listener->Type());
    accepted->nonblocking = listener->nonblocking.load();
    accepted->receive_timeout_us = listener->receive_timeout_us.load();
    accepted->send_timeout_us = listener->send_timeout_us.load();
    accepted->no_sigpipe = listener->no_sigpipe.load();
    const int accepted_fd = table_.Insert(std::move(accepted));
    if (accepted_fd < 0) {
        *reply = ErrnoLengthReply{-1, kEmfile, 0};
        return base::ResultSuccess;
    }
    *reply = ErrnoLengthReply{accepted_fd, 0, HostToGuestAddress(peer, address.data)};
    return base::ResultSuccess;
}

// A non-blocking socket answers EINPROGRESS; a blocking one waits for the connection (without a
// timeout, as FreeBSD's connect does) and answers how it went (SO_ERROR).
base::Result BsdClient::Connect(s32 fd, AutoIn address, Reply reply, Environment environment) {
    const auto descriptor = table_.Find(fd);
    SocketAddress host;
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    if (const s32 error = GuestToHostAddress(address.data, host); error != 0) {
        *reply = Failed(error);
        return base::ResultSuccess;
    }
    if (!MayReach(host)) {
        *reply = Failed(kEnetunreach);
        return base::ResultSuccess;
    }
    if (connect(descriptor->Fd(), AsSockaddr(host), host.length) == 0) {
        *reply = Succeeded(0);
        return base::ResultSuccess;
    }
    const int error = errno;
    if (error != EINPROGRESS || descriptor->nonblocking) {
        *reply = Failed(GuestErrno(error));
        return base::ResultSuccess;
    }
    pollfd connecting{descriptor->Fd(), POLLOUT, 0};
    const WaitResult waited =
        WaitInSlices(*environment, {&connecting, 1}, std::nullopt,
                     [this, fd, watched = descriptor.get()] { return table_.Holds(fd, watched); });
    switch (waited.end) {
        case WaitEnd::Ready:
        case WaitEnd::TimedOut: {  // (no deadline)
            int outcome = 0;
            socklen_t length = sizeof(outcome);
            getsockopt(descriptor->Fd(), SOL_SOCKET, SO_ERROR, &outcome, &length);
            *reply = outcome == 0 ? Succeeded(0) : Failed(GuestErrno(outcome));
            break;
        }
        case WaitEnd::Stopped:
            *reply = Failed(kEintr);
            break;
        case WaitEnd::Abandoned:
            *reply = Failed(kEbadf);
            break;
        case WaitEnd::Failed:
            *reply = Failed(GuestErrno(waited.error));
            break;
    }
    return base::ResultSuccess;
}

base::Result BsdClient::GetPeerName(s32 fd, AutoOut address, LengthReply reply) {
    const auto descriptor = table_.Find(fd);
    *reply = descriptor ? NameOf(getpeername, *descriptor, address.data)
                        : ErrnoLengthReply{-1, kEbadf, 0};
    return base::ResultSuccess;
}

base::Result BsdClient::GetSockName(s32 fd, AutoOut address, LengthReply reply) {
    const auto descriptor = table_.Find(fd);
    *reply = descriptor ? NameOf(getsockname, *descriptor, address.data)
                        : ErrnoLengthReply{-1, kEbadf, 0};
    return base::ResultSuccess;
}

}  // namespace services::bsd
