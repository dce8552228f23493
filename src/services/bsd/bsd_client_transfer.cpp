// bsd:u / bsd:s: moving data (Recv, RecvFrom, Read; Send, SendTo, Write), waiting as the
// guest's blocking flag and timeouts say (blocking_wait.h).

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <limits>

#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"
#include "services/bsd/socket_flags.h"

namespace services::bsd {
namespace {

// The count a call answers is an s32.
constexpr std::size_t kLargestTransfer = std::numeric_limits<s32>::max();

ErrnoReply Answer(const CallAnswer& answer) {
    if (answer.value < 0) {
        return Failed(GuestErrno(answer.error));
    }
    return Succeeded(static_cast<s32>(std::min<std::size_t>(answer.value, kLargestTransfer)));
}

}  // namespace

ErrnoReply BsdClient::Receive(const kernel::IpcEnvironment& environment, s32 fd, s32 flags,
                              std::span<u8> data, SocketAddress* from) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        return Failed(kEbadf);
    }
    const bool nonblocking = descriptor->nonblocking || (flags & guest::kMsgDontwait) != 0;
    // MSG_WAITALL on a stream waits for the whole buffer (a peek answers what is there).
    const bool whole = (flags & guest::kMsgWaitall) != 0 && (flags & guest::kMsgPeek) == 0 &&
                       descriptor->IsStream() && !nonblocking;
    const int host_flags = HostMessageFlags(flags) | MSG_DONTWAIT;
    const std::size_t size = std::min(data.size(), kLargestTransfer);
    const int host_fd = descriptor->Fd();
    const bool is_event = descriptor->Kind() == DescriptorKind::EventFd;
    const CallAnswer answer = TransferWaiting(
        environment, WaitingOn(fd, descriptor, POLLIN, nonblocking, descriptor->receive_timeout_us),
        size, whole, [&](std::size_t done) -> ssize_t {
            u8* at = data.data() + done;
            if (is_event) {
                return read(host_fd, at, size - done);
            }
            if (from != nullptr) {
                from->length = sizeof(from->storage);
                return recvfrom(host_fd, at, size - done, host_flags,
                                reinterpret_cast<sockaddr*>(&from->storage), &from->length);
            }
            return recv(host_fd, at, size - done, host_flags);
        });
    return Answer(answer);
}

ErrnoReply BsdClient::Transmit(const kernel::IpcEnvironment& environment, s32 fd, s32 flags,
                               std::span<const u8> data, const SocketAddress* to) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        return Failed(kEbadf);
    }
    const bool nonblocking = descriptor->nonblocking || (flags & guest::kMsgDontwait) != 0;
    // A blocking stream send queues all of its data, as BSD's does.
    const bool whole = descriptor->IsStream() && !nonblocking;
    // The console has no signals: a broken connection answers EPIPE, never SIGPIPE.
    const int host_flags = HostMessageFlags(flags) | MSG_NOSIGNAL | MSG_DONTWAIT;
    const std::size_t size = std::min(data.size(), kLargestTransfer);
    const int host_fd = descriptor->Fd();
    const bool is_event = descriptor->Kind() == DescriptorKind::EventFd;
    const CallAnswer answer = TransferWaiting(
        environment, WaitingOn(fd, descriptor, POLLOUT, nonblocking, descriptor->send_timeout_us),
        size, whole, [&](std::size_t done) -> ssize_t {
            const u8* at = data.data() + done;
            if (is_event) {
                return write(host_fd, at, size - done);
            }
            if (to != nullptr) {
                return sendto(host_fd, at, size - done, host_flags,
                              reinterpret_cast<const sockaddr*>(&to->storage), to->length);
            }
            return send(host_fd, at, size - done, host_flags);
        });
    return Answer(answer);
}

base::Result BsdClient::Recv(s32 fd, s32 flags, AutoOut data, Reply reply,
                             Environment environment) {
    *reply = Receive(*environment, fd, flags, data.data, nullptr);
    return base::ResultSuccess;
}

base::Result BsdClient::RecvFrom(s32 fd, s32 flags, AutoOut data, AutoOut address,
                                 LengthReply reply, Environment environment) {
    SocketAddress from;
    const ErrnoReply received = Receive(*environment, fd, flags, data.data, &from);
    const u32 length = received.ret >= 0 ? HostToGuestAddress(from, address.data) : 0;
    *reply = ErrnoLengthReply{received.ret, received.errno_value, length};
    return base::ResultSuccess;
}

base::Result BsdClient::Read(s32 fd, AutoOut data, Reply reply, Environment environment) {
    *reply = Receive(*environment, fd, 0, data.data, nullptr);
    return base::ResultSuccess;
}

base::Result BsdClient::Send(s32 fd, s32 flags, AutoIn data, Reply reply, Environment environment) {
    *reply = Transmit(*environment, fd, flags, data.data, nullptr);
    return base::ResultSuccess;
}

// An empty address sends as Send does (to the connected peer).
base::Result BsdClient::SendTo(s32 fd, s32 flags, AutoIn data, AutoIn address, Reply reply,
                               Environment environment) {
    if (address.data.empty()) {
        *reply = Transmit(*environment, fd, flags, data.data, nullptr);
        return base::ResultSuccess;
    }
    SocketAddress to;
    if (const s32 error = GuestToHostAddress(address.data, to); error != 0) {
        *reply = table_.Find(fd) ? Failed(error) : Failed(kEbadf);
        return base::ResultSuccess;
    }
    if (!MayReach(to)) {
        *reply = table_.Find(fd) ? Failed(kEnetunreach) : Failed(kEbadf);
        return base::ResultSuccess;
    }
    *reply = Transmit(*environment, fd, flags, data.data, &to);
    return base::ResultSuccess;
}

base::Result BsdClient::Write(s32 fd, AutoIn data, Reply reply, Environment environment) {
    *reply = Transmit(*environment, fd, 0, data.data, nullptr);
    return base::ResultSuccess;
}

}  // namespace services::bsd
