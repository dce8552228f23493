// bsd:u / bsd:s: socket options (GetSockOpt, SetSockOpt), in the console's numbering
// (socket_options.h). A value shorter than the option's is cut, as FreeBSD's sooptcopyout
// does; the length answered is what was written.

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"

namespace services::bsd {
namespace {

// Seconds past this are for ever, and keep microseconds inside an s64.
constexpr s64 kLongestTimeoutSeconds = s64{1} << 32;

template <typename T>
ErrnoLengthReply CopyOut(const T& value, std::span<u8> guest) {
    const std::size_t size = std::min(sizeof(T), guest.size());
    if (size != 0) {
        std::memcpy(guest.data(), &value, size);
    }
    return ErrnoLengthReply{0, 0, static_cast<u32>(size)};
}

std::atomic<s64>& TimeoutOf(HostDescriptor& descriptor, OptionKind kind) {
    return kind == OptionKind::ReceiveTimeout ? descriptor.receive_timeout_us
                                              : descriptor.send_timeout_us;
}

// Why GetSockOpt / SetSockOpt refuse: no such descriptor (EBADF, checked first), no such option
// (ENOPROTOOPT); 0 when both exist.
s32 OptionRefusal(const HostDescriptor* descriptor, const std::optional<HostOption>& option) {
    if (descriptor == nullptr) {
        return kEbadf;
    }
    return option ? 0 : kEnoprotoopt;
}

}  // namespace

base::Result BsdClient::GetSockOpt(s32 fd, s32 level, s32 name, AutoOut value, LengthReply reply) {
    const auto descriptor = table_.Find(fd);
    const auto option = TranslateOption(level, name);
    if (const s32 error = OptionRefusal(descriptor.get(), option); error != 0) {
        *reply = ErrnoLengthReply{-1, error, 0};
        return base::ResultSuccess;
    }
    switch (option->kind) {
        case OptionKind::ReceiveTimeout:
        case OptionKind::SendTimeout: {
            const s64 us = TimeoutOf(*descriptor, option->kind);
            *reply = CopyOut(GuestTimeval{us / 1'000'000, us % 1'000'000}, value.data);
            break;
        }
        case OptionKind::NoSigpipe:
            *reply = CopyOut(descriptor->no_sigpipe ? name : 0, value.data);
            break;
        case OptionKind::Error:
        case OptionKind::Flag:
        case OptionKind::Host: {
            std::array<u8, 256> host{};
            socklen_t length = static_cast<socklen_t>(std::min(value.data.size(), host.size()));
            if (getsockopt(descriptor->Fd(), option->level, option->name, host.data(), &length) !=
                0) {
                *reply = ErrnoLengthReply{-1, GuestErrno(errno), 0};
                break;
            }
            int number = 0;
            std::memcpy(&number, host.data(), std::min<std::size_t>(length, sizeof(number)));
            if (option->kind == OptionKind::Error) {
                number = GuestErrno(number);
            } else if (option->kind == OptionKind::Flag) {
                number = number != 0 ? name : 0;
            }
            if (option->kind != OptionKind::Host) {
                std::memcpy(host.data(), &number, std::min<std::size_t>(length, sizeof(number)));
            }
            if (length != 0) {
                std::memcpy(value.data.data(), host.data(), length);
            }
            *reply = ErrnoLengthReply{0, 0, length};
            break;
        }
    }
    return base::ResultSuccess;
}

base::Result BsdClient::SetSockOpt(s32 fd, s32 level, s32 name, AutoIn value, Reply reply) {
    const auto descriptor = table_.Find(fd);
    const auto option = TranslateOption(level, name);
    if (const s32 error = OptionRefusal(descriptor.get(), option); error != 0) {
        *reply = Failed(error);
        return base::ResultSuccess;
    }
    switch (option->kind) {
        case OptionKind::ReceiveTimeout:
        case OptionKind::SendTimeout: {
            GuestTimeval timeout;
            if (value.data.size() < sizeof(timeout)) {
                *reply = Failed(kEinval);
                break;
            }
            std::memcpy(&timeout, value.data.data(), sizeof(timeout));
            // FreeBSD's answer to a timeval out of range.
            if (timeout.seconds < 0 || timeout.microseconds < 0 ||
                timeout.microseconds >= 1'000'000) {
                *reply = Failed(kEdom);
                break;
            }
            TimeoutOf(*descriptor, option->kind) =
                std::min(timeout.seconds, kLongestTimeoutSeconds) * 1'000'000 +
                timeout.microseconds;
            *reply = Succeeded(0);
            break;
        }
        case OptionKind::NoSigpipe: {
            int on = 0;
            if (value.data.size() < sizeof(on)) {
                *reply = Failed(kEinval);
                break;
            }
            std::memcpy(&on, value.data.data(), sizeof(on));
            descriptor->no_sigpipe = on != 0;
            *reply = Succeeded(0);
            break;
        }
        case OptionKind::Error:  // read-only, as on FreeBSD
            *reply = Failed(kEnoprotoopt);
            break;
        case OptionKind::Flag:
        case OptionKind::Host:
            if (setsockopt(descriptor->Fd(), option->level, option->name, value.data.data(),
                           static_cast<socklen_t>(value.data.size())) != 0) {
                *reply = Failed(GuestErrno(errno));
            } else {
                *reply = Succeeded(0);
            }
            break;
    }
    return base::ResultSuccess;
}

}  // namespace services::bsd
