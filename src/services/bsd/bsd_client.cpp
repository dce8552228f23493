// bsd:u / bsd:s: registration, making and ending descriptors, and their flags. The commands
// that move data, connect, wait and take options are in the other bsd_client_*.cpp files.

#include "services/bsd/bsd_client.h"

#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <array>
#include <bitset>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>

#include "services/bsd/bsd_constants.h"
#include "services/bsd/socket_flags.h"

namespace services::bsd {
namespace {

// The console's result when a request lacks a handle the command takes (sf::hipc, 2011-0420).
constexpr base::Result ResultInvalidCmifRequest{11, 420};

constexpr std::array<std::string_view, 34> kCommandNames{"RegisterClient",
                                                         "StartMonitoring",
                                                         "Socket",
                                                         "SocketExempt",
                                                         "Open",
                                                         "Select",
                                                         "Poll",
                                                         "Sysctl",
                                                         "Recv",
                                                         "RecvFrom",
                                                         "Send",
                                                         "SendTo",
                                                         "Accept",
                                                         "Bind",
                                                         "Connect",
                                                         "GetPeerName",
                                                         "GetSockName",
                                                         "GetSockOpt",
                                                         "Listen",
                                                         "Ioctl",
                                                         "Fcntl",
                                                         "SetSockOpt",
                                                         "Shutdown",
                                                         "ShutdownAllSockets",
                                                         "Write",
                                                         "Read",
                                                         "Close",
                                                         "DuplicateSocket",
                                                         "GetResourceStatistics",
                                                         "RecvMMsg",
                                                         "SendMMsg",
                                                         "EventFd",
                                                         "RegisterResourceStatisticsName",
                                                         "RegisterClientShared"};

// Warning the first time a command is logged, debug after that: a program that retries
// must not fill the log.
base::LogLevel LevelOnce(u32 command) {
    static std::mutex mutex;
    static std::bitset<kCommandNames.size()> logged;
    std::lock_guard lock(mutex);
    if (command >= logged.size() || logged.test(command)) {
        return base::LogLevel::Debug;
    }
    logged.set(command);
    return base::LogLevel::Warning;
}

// The socket types nxhost makes; Linux numbers them as FreeBSD does.
static_assert(SOCK_STREAM == guest::kSockStream && SOCK_DGRAM == guest::kSockDgram &&
              SOCK_RAW == guest::kSockRaw && SOCK_SEQPACKET == guest::kSockSeqpacket);
static_assert(SHUT_RD == 0 && SHUT_WR == 1 && SHUT_RDWR == guest::kShutRdwr);

bool IsKnownType(s32 type) {
    return type == guest::kSockStream || type == guest::kSockDgram || type == guest::kSockRaw ||
           type == guest::kSockSeqpacket;
}

// The text of a guest string for the log: up to its NUL, printable, at most 64 characters.
std::string Printable(std::span<const u8> bytes) {
    std::string text;
    for (const u8 byte : bytes) {
        if (byte == 0 || text.size() == 64) {
            break;
        }
        text.push_back(byte >= 0x20 && byte < 0x7f ? static_cast<char>(byte) : '?');
    }
    return text;
}

// An int an ioctl takes or answers, in a buffer of at least 4 bytes.
bool ReadInt(std::span<const u8> buffer, int& value) {
    if (buffer.size() < sizeof(value)) {
        return false;
    }
    std::memcpy(&value, buffer.data(), sizeof(value));
    return true;
}

}  // namespace

std::string_view CommandName(u32 command) {
    return command < kCommandNames.size() ? kCommandNames[command] : "(unknown)";
}

void LogNotSupported(u32 command) {
    base::Log(LevelOnce(command), "bsd", "{} ({}) is not provided: answered -1 / ENOSYS",
              CommandName(command), command);
}

bool BsdClient::MayWaitOnHost(u32 command) const {
    switch (command) {
        case 5:   // Select
        case 6:   // Poll
        case 8:   // Recv
        case 9:   // RecvFrom
        case 10:  // Send
        case 11:  // SendTo
        case 12:  // Accept
        case 14:  // Connect
        case 24:  // Write
        case 25:  // Read
        case 29:  // RecvMMsg
        case 30:  // SendMMsg
            return true;
        default:
            return false;
    }
}

base::Result BsdClient::RegisterClient(LibraryConfig config, ipc::ClientProcessId pid,
                                       u64 transfer_memory_size, ipc::InCopyHandle transfer_memory,
                                       ipc::Out<u64> client_id) {
    auto memory = kernel::As<kernel::TransferMemory>(transfer_memory.object);
    if (!memory) {
        LOG_WARNING("bsd", "{} RegisterClient without transfer memory", name_);
        return ResultInvalidCmifRequest;
    }
    if (memory->Size() < transfer_memory_size) {
        LOG_WARNING("bsd", "{} RegisterClient: transfer memory of {:#x} bytes, said to be {:#x}",
                    name_, memory->Size(), transfer_memory_size);
    }
    LOG_DEBUG("bsd",
              "{} RegisterClient: version {}, tcp {:#x}/{:#x} (max {:#x}/{:#x}), udp {:#x}/{:#x}, "
              "efficiency {}, transfer memory {:#x} bytes",
              name_, config.version, config.tcp_tx_buf_size, config.tcp_rx_buf_size,
              config.tcp_tx_buf_max_size, config.tcp_rx_buf_max_size, config.udp_tx_buf_size,
              config.udp_rx_buf_size, config.sb_efficiency, transfer_memory_size);
    config_ = config;
    transfer_memory_ = std::move(memory);
    *client_id = pid.pid;
    return base::ResultSuccess;
}

base::Result BsdClient::StartMonitoring(ipc::ClientProcessId pid) {
    LOG_DEBUG("bsd", "{} StartMonitoring(pid {})", name_, pid.pid);
    return base::ResultSuccess;
}

ErrnoReply BsdClient::CreateSocket(s32 domain, s32 type, s32 protocol) {
    if (network_.access == NetworkAccess::Off) {
        if (!told_network_off_.exchange(true)) {
            LOG_INFO("bsd", "--network off: the guest's sockets answer -1 / ENETDOWN");
        }
        return Failed(kEnetdown);
    }
    const int family = HostSocketFamily(domain);
    if (family < 0) {
        return Failed(kEafnosupport);
    }
    const s32 base_type = type & ~(guest::kSockNonblock | guest::kSockCloexec);
    if (!IsKnownType(base_type)) {
        return Failed(kEprototype);
    }
    // bsd:u makes raw sockets for ICMP only, answering ENOENT otherwise (Ryujinx's IClient);
    // nxhost holds bsd:s to that too, as a host running as root would make any raw socket.
    if (base_type == guest::kSockRaw && protocol != IPPROTO_ICMP && protocol != IPPROTO_ICMPV6) {
        return Failed(kEnoent);
    }
    if (!table_.HasRoom()) {
        return Failed(kEmfile);
    }
    const int host_fd = socket(family, base_type | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol);
    if (host_fd < 0) {
        return Failed(GuestErrno(errno));
    }
    if (family == AF_INET6) {
        // FreeBSD's IPv6 sockets take no IPv4 traffic unless asked (net.inet6.ip6.v6only).
        const int on = 1;
        setsockopt(host_fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof(on));
    }
    auto descriptor = std::make_shared<HostDescriptor>(host_fd, DescriptorKind::Socket, base_type);
    descriptor->nonblocking = (type & guest::kSockNonblock) != 0;
    const int fd = table_.Insert(std::move(descriptor));
    if (fd < 0) {
        return Failed(kEmfile);
    }
    LOG_DEBUG("bsd", "{} socket {}: family {}, type {}, protocol {}", name_, fd, domain, type,
              protocol);
    return Succeeded(fd);
}

base::Result BsdClient::Socket(s32 domain, s32 type, s32 protocol, Reply reply) {
    *reply = CreateSocket(domain, type, protocol);
    return base::ResultSuccess;
}

// The console exempts such a socket from the network going down; here it is any socket.
base::Result BsdClient::SocketExempt(s32 domain, s32 type, s32 protocol, Reply reply) {
    *reply = CreateSocket(domain, type, protocol);
    return base::ResultSuccess;
}

// Open reaches the console's devices (BPF); nxhost has none, and answers as FreeBSD does for a
// path that names nothing.
base::Result BsdClient::Open(AutoIn path, u32 flags, Reply reply) {
    base::Log(LevelOnce(4), "bsd", "Open(\"{}\", {:#x}): no such device here, answered -1 / ENOENT",
              Printable(path.data), flags);
    *reply = Failed(kEnoent);
    return base::ResultSuccess;
}

// FreeBSD answers ENOENT for a name it lacks; nxhost has no sysctl names.
base::Result BsdClient::Sysctl(AutoIn name, [[maybe_unused]] AutoIn new_value,
                               [[maybe_unused]] AutoOut old_value, LengthReply reply) {
    std::string oid;
    for (std::size_t at = 0; at + 4 <= name.data.size() && at < 4 * 8; at += 4) {
        s32 part;
        std::memcpy(&part, name.data.data() + at, sizeof(part));
        oid += fmt::format("{}{}", oid.empty() ? "" : ".", part);
    }
    base::Log(LevelOnce(7), "bsd", "Sysctl({}): no such name here, answered -1 / ENOENT", oid);
    *reply = ErrnoLengthReply{-1, kEnoent, 0};
    return base::ResultSuccess;
}

// The requests nxhost knows take an int in the first buffer or answer one there.
base::Result BsdClient::Ioctl(s32 fd, u32 request, [[maybe_unused]] s32 buffer_count, AutoIn in0,
                              [[maybe_unused]] AutoIn in1, [[maybe_unused]] AutoIn in2,
                              [[maybe_unused]] AutoIn in3, AutoOut out0,
                              [[maybe_unused]] AutoOut out1, [[maybe_unused]] AutoOut out2,
                              [[maybe_unused]] AutoOut out3, Reply reply) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    int value = 0;
    switch (request) {
        case guest::kFionbio:
            if (!ReadInt(in0.data, value)) {
                *reply = Failed(kEinval);
                break;
            }
            descriptor->nonblocking = value != 0;
            *reply = Succeeded(0);
            break;
        case guest::kFionread:
        case guest::kSiocatmark:
            if (out0.data.size() < sizeof(value)) {
                *reply = Failed(kEinval);
                break;
            }
            if (ioctl(descriptor->Fd(), request == guest::kFionread ? FIONREAD : SIOCATMARK,
                      &value) != 0) {
                *reply = Failed(GuestErrno(errno));
                break;
            }
            std::memcpy(out0.data.data(), &value, sizeof(value));
            *reply = Succeeded(0);
            break;
        default:
            base::Log(LevelOnce(19), "bsd",
                      "Ioctl({}, {:#x}) is not provided: answered -1 / EOPNOTSUPP", fd, request);
            *reply = Failed(kEopnotsupp);
            break;
    }
    return base::ResultSuccess;
}

// The service's Fcntl knows F_GETFL and F_SETFL with the non-blocking flag only (libnx
// devices/socket.c); the flag is the guest's, as the host descriptor stays non-blocking.
base::Result BsdClient::Fcntl(s32 fd, s32 command, s32 flags, Reply reply) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
    } else if (command == guest::kFGetfl) {
        *reply = Succeeded(descriptor->nonblocking ? guest::kONonblock : 0);
    } else if (command == guest::kFSetfl) {
        descriptor->nonblocking = (flags & guest::kONonblock) != 0;
        *reply = Succeeded(0);
    } else {
        *reply = Failed(kEopnotsupp);
    }
    return base::ResultSuccess;
}

base::Result BsdClient::Shutdown(s32 fd, s32 how, Reply reply) {
    const auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
    } else if (how < 0 || how > guest::kShutRdwr) {
        *reply = Failed(kEinval);
    } else if (shutdown(descriptor->Fd(), how) != 0) {
        *reply = Failed(GuestErrno(errno));
    } else {
        *reply = Succeeded(0);
    }
    return base::ResultSuccess;
}

// Nintendo's own call: every socket of the client, whatever state each is in.
base::Result BsdClient::ShutdownAllSockets(s32 how, Reply reply) {
    if (how < 0 || how > guest::kShutRdwr) {
        *reply = Failed(kEinval);
        return base::ResultSuccess;
    }
    for (const auto& descriptor : table_.All()) {
        if (descriptor->Kind() == DescriptorKind::Socket) {
            shutdown(descriptor->Fd(), how);
        }
    }
    *reply = Succeeded(0);
    return base::ResultSuccess;
}

// A call waiting on the descriptor keeps the host one open until it notices (within a slice).
base::Result BsdClient::Close(s32 fd, Reply reply) {
    *reply = table_.Remove(fd) ? Succeeded(0) : Failed(kEbadf);
    return base::ResultSuccess;
}

base::Result BsdClient::DuplicateSocket(s32 fd, [[maybe_unused]] u64 reserved, Reply reply) {
    auto descriptor = table_.Find(fd);
    if (!descriptor) {
        *reply = Failed(kEbadf);
        return base::ResultSuccess;
    }
    const int copy = table_.Insert(std::move(descriptor));
    *reply = copy < 0 ? Failed(kEmfile) : Succeeded(copy);
    return base::ResultSuccess;
}

// FreeBSD's eventfd: a u32 counter's initial value and EFD_SEMAPHORE / EFD_NONBLOCK /
// EFD_CLOEXEC; anything else is EINVAL.
base::Result BsdClient::EventFd(u64 initial_value, s32 flags, Reply reply) {
    constexpr s32 kCloexec = 0x100000;  // O_CLOEXEC, meaningless here
    if (initial_value > std::numeric_limits<u32>::max() ||
        (flags & ~(guest::kEfdSemaphore | guest::kEfdNonblock | kCloexec)) != 0) {
        *reply = Failed(kEinval);
        return base::ResultSuccess;
    }
    if (!table_.HasRoom()) {
        *reply = Failed(kEmfile);
        return base::ResultSuccess;
    }
    const int host_fd = eventfd(
        static_cast<unsigned int>(initial_value),
        EFD_NONBLOCK | EFD_CLOEXEC | ((flags & guest::kEfdSemaphore) != 0 ? EFD_SEMAPHORE : 0));
    if (host_fd < 0) {
        *reply = Failed(GuestErrno(errno));
        return base::ResultSuccess;
    }
    auto descriptor = std::make_shared<HostDescriptor>(host_fd, DescriptorKind::EventFd, 0);
    descriptor->nonblocking = (flags & guest::kEfdNonblock) != 0;
    const int fd = table_.Insert(std::move(descriptor));
    *reply = fd < 0 ? Failed(kEmfile) : Succeeded(fd);
    return base::ResultSuccess;
}

Waiting BsdClient::WaitingOn(s32 fd, const std::shared_ptr<HostDescriptor>& descriptor,
                             short events, bool nonblocking, s64 timeout_us) const {
    const HostDescriptor* watched = descriptor.get();
    return Waiting{descriptor->Fd(), events, !nonblocking, DeadlineIn(timeout_us),
                   [this, fd, watched] { return table_.Holds(fd, watched); }};
}

}  // namespace services::bsd
