// bsd:u / bsd:s: RecvMMsg and SendMMsg, several datagrams (or stream reads and writes) in one
// call, over the messages serialized in the command's buffer (serialized_messages.h).

#include <sys/socket.h>
#include <sys/uio.h>

#include <atomic>
#include <chrono>
#include <cstring>

#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"
#include "services/bsd/serialized_messages.h"
#include "services/bsd/socket_flags.h"

namespace services::bsd {
namespace {

std::vector<iovec> IovsOf(std::span<u8> buffer, const SerializedMessage& message) {
    std::vector<iovec> iovs;
    for (const BufferArea& area : message.iovs) {
        iovs.push_back({buffer.data() + area.offset, area.size});
    }
    return iovs;
}

std::span<u8> AreaOf(std::span<u8> buffer, const BufferArea& area) {
    return buffer.subspan(area.offset, area.size);
}

bool IsZero(const GuestTimespec& timeout) {
    return timeout.seconds == 0 && timeout.nanoseconds == 0;
}

// The messages of one call; nullopt answers `error`.
struct Parsed {
    std::optional<std::vector<SerializedMessage>> messages;
    s32 error = 0;
};
Parsed ParseCall(std::span<const u8> buffer, u32 count) {
    if (count > kMaxMessages) {
        return {std::nullopt, kEinval};
    }
    auto messages = ParseSerializedMessages(buffer, count);
    return {std::move(messages), kEfault};
}

}  // namespace

base::Result BsdClient::RecvMMsg(ReceiveMessagesArguments arguments, MessagesBuffer messages,
                                 Reply reply, Environment environment) {
    const auto descriptor = table_.Find(arguments.fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    if (arguments.count == 0) {
        *reply = Succeeded(0);
        return base::ResultSuccess;
    }
    const Parsed parsed = ParseCall(messages.data, arguments.count);
    if (!parsed.messages) {
        *reply = Failed(parsed.error);
        return base::ResultSuccess;
    }
    const GuestTimespec& timeout = arguments.timeout;
    if (timeout.seconds < 0 || timeout.nanoseconds < 0 || timeout.nanoseconds >= 1'000'000'000) {
        *reply = Failed(kEinval);
        return base::ResultSuccess;
    }
    const s32 fd = arguments.fd;
    const bool wait_for_one = (arguments.flags & guest::kMsgWaitforone) != 0;
    const s32 flags = arguments.flags & ~guest::kMsgWaitforone;
    const int host_flags = HostMessageFlags(flags) | MSG_DONTWAIT;
    const int host_fd = descriptor->Fd();
    if (!IsZero(timeout)) {
        // FreeBSD's recvmmsg polls with the timeout before the first message: none by then
        // answers 0 messages.
        pollfd readable{host_fd, POLLIN, 0};
        const auto until = Clock::now() + std::chrono::seconds(timeout.seconds) +
                           std::chrono::nanoseconds(timeout.nanoseconds);
        const WaitResult waited = WaitInSlices(
            *environment, std::span(&readable, 1), until,
            [this, fd, watched = descriptor.get()] { return table_.Holds(fd, watched); });
        if (const auto answer = ReplyUnlessReady(waited)) {
            *reply = *answer;
            return base::ResultSuccess;
        }
    }
    const std::span<u8> buffer = messages.data;
    s32 received = 0;
    for (const SerializedMessage& message : *parsed.messages) {
        const bool nonblocking = descriptor->nonblocking || (flags & guest::kMsgDontwait) != 0 ||
                                 (received > 0 && wait_for_one);
        std::vector<iovec> iovs = IovsOf(buffer, message);
        SocketAddress from;
        msghdr header{};
        header.msg_iov = iovs.data();
        header.msg_iovlen = iovs.size();
        if (message.name.size != 0) {
            header.msg_name = &from.storage;
            header.msg_namelen = sizeof(from.storage);
        }
        const CallAnswer answer = CallWaiting(
            *environment,
            WaitingOn(fd, descriptor, POLLIN, nonblocking, descriptor->receive_timeout_us),
            [&] { return recvmsg(host_fd, &header, host_flags); });
        if (answer.value < 0) {
            if (received == 0) {
                *reply = Failed(GuestErrno(answer.error));
                return base::ResultSuccess;
            }
            break;
        }
        from.length = header.msg_namelen;
        const std::span<u8> name = AreaOf(buffer, message.name);
        std::fill(name.begin(), name.end(), u8{0});
        if (message.name.size != 0) {
            HostToGuestAddress(from, name);
        }
        // No ancillary data is passed on (the host's would be in Linux's numbering).
        const std::span<u8> control = AreaOf(buffer, message.control);
        std::fill(control.begin(), control.end(), u8{0});
        StoreMessageField(buffer, message.flags_offset,
                          static_cast<u32>(GuestReceivedFlags(header.msg_flags)));
        StoreMessageField(buffer, message.length_offset, static_cast<u32>(answer.value));
        ++received;
    }
    buffer[0] = kSerializedMessagesHeader;
    *reply = Succeeded(received);
    return base::ResultSuccess;
}

base::Result BsdClient::SendMMsg(s32 fd, u32 count, s32 flags, MessagesBuffer messages, Reply reply,
                                 Environment environment) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    if (count == 0) {
        *reply = Succeeded(0);
        return base::ResultSuccess;
    }
    const Parsed parsed = ParseCall(messages.data, count);
    if (!parsed.messages) {
        *reply = Failed(parsed.error);
        return base::ResultSuccess;
    }
    const bool nonblocking = descriptor->nonblocking || (flags & guest::kMsgDontwait) != 0;
    // The console has no signals: a broken connection answers EPIPE, never SIGPIPE.
    const int host_flags = HostMessageFlags(flags) | MSG_NOSIGNAL | MSG_DONTWAIT;
    const int host_fd = descriptor->Fd();
    const std::span<u8> buffer = messages.data;
    s32 sent = 0;
    for (const SerializedMessage& message : *parsed.messages) {
        s32 error = 0;
        SocketAddress to;
        if (message.name.size != 0) {
            error = GuestToHostAddress(AreaOf(buffer, message.name), to);
            if (error == 0 && !MayReach(to)) {
                error = kEnetunreach;
            }
        }
        if (error == 0 && message.control.size != 0) {
            static std::atomic<bool> logged{false};
            base::Log(logged.exchange(true) ? base::LogLevel::Debug : base::LogLevel::Warning,
                      "bsd", "{} SendMMsg with {} bytes of ancillary data: not sent, EOPNOTSUPP",
                      name_, message.control.size);
            error = kEopnotsupp;
        }
        CallAnswer answer{-1, error};
        if (error == 0) {
            std::vector<iovec> iovs = IovsOf(buffer, message);
            msghdr header{};
            header.msg_iov = iovs.data();
            header.msg_iovlen = iovs.size();
            if (message.name.size != 0) {
                header.msg_name = &to.storage;
                header.msg_namelen = to.length;
            }
            answer = CallWaiting(
                *environment,
                WaitingOn(fd, descriptor, POLLOUT, nonblocking, descriptor->send_timeout_us),
                [&] { return sendmsg(host_fd, &header, host_flags); });
            if (answer.value < 0) {
                answer.error = GuestErrno(answer.error);
            }
        }
        if (answer.value < 0) {
            if (sent == 0) {
                *reply = Failed(answer.error);
                return base::ResultSuccess;
            }
            break;
        }
        StoreMessageField(buffer, message.length_offset, static_cast<u32>(answer.value));
        ++sent;
    }
    buffer[0] = kSerializedMessagesHeader;
    *reply = Succeeded(sent);
    return base::ResultSuccess;
}

}  // namespace services::bsd
