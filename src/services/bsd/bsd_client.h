#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <string_view>
#include <utility>

#include "ipc/service_object.h"
#include "kernel/memory_objects.h"
#include "services/bsd/blocking_wait.h"
#include "services/bsd/bsd_errno.h"
#include "services/bsd/network_config.h"
#include "services/bsd/socket_address.h"
#include "services/bsd/socket_options.h"
#include "services/bsd/socket_table.h"

namespace services::bsd {

// nn::socket::sf::LibraryConfigData (libnx BsdInitConfig, 0x20 bytes): the library version and
// the socket buffer sizes the transfer memory was sized for.
struct LibraryConfig {
    u32 version;
    u32 tcp_tx_buf_size;
    u32 tcp_rx_buf_size;
    u32 tcp_tx_buf_max_size;
    u32 tcp_rx_buf_max_size;
    u32 udp_tx_buf_size;
    u32 udp_rx_buf_size;
    u32 sb_efficiency;
};
static_assert(sizeof(LibraryConfig) == 0x20);

// Select's raw input (libnx bsd.c: int nfds, then BsdSelectTimeval {struct timeval; bool
// is_null} at offset 8).
struct SelectArguments {
    s32 nfds;
    u32 padding;
    GuestTimeval timeout;
    u8 timeout_is_null;  // a byte, not a bool: any value may arrive
    u8 padding_end[7];
};
static_assert(sizeof(SelectArguments) == 32);

// nn::timespec as libnx's bsdRecvMMsg sends it.
struct GuestTimespec {
    s64 seconds;
    s64 nanoseconds;
};
// RecvMMsg's raw input (libnx bsd.c: sockfd, vlen, flags, a padding word, the timeout).
struct ReceiveMessagesArguments {
    s32 fd;
    u32 count;
    s32 flags;
    u32 reserved;
    GuestTimespec timeout;
};
static_assert(sizeof(ReceiveMessagesArguments) == 32);

// The name of a socket command, for the log ("Socket", "Connect", ...).
std::string_view CommandName(u32 command);
// Logs that nxhost does not provide the command (a warning the first time, then debug).
void LogNotSupported(u32 command);

// bsd:u / bsd:s (nn::socket::sf::IClient): guest sockets on host sockets. Every command
// answers {ret, errno} (ret -1 on failure) and then its extra outputs; see README.md for what
// each does. Command ids from switchbrew "Sockets services" and libnx bsd.c.
class BsdClient final : public ipc::Interface<BsdClient> {
public:
    static constexpr auto kName = "bsd:u";
    using AutoIn = ipc::InBuffer<ipc::kAutoSelect>;
    using AutoOut = ipc::OutBuffer<ipc::kAutoSelect>;
    using Reply = ipc::Out<ErrnoReply>;
    using LengthReply = ipc::Out<ErrnoLengthReply>;
    using Environment = ipc::RequestEnvironment;
    using MessagesBuffer = ipc::InOutBuffer<ipc::kMapAlias>;

    explicit BsdClient(std::string_view name = kName, NetworkConfig network = {})
        : name_(name), network_(std::move(network)) {}
    std::string_view Name() const override { return name_; }
    bool MayWaitOnHost(u32 command) const override;

    base::Result RegisterClient(LibraryConfig config, ipc::ClientProcessId pid,
                                u64 transfer_memory_size, ipc::InCopyHandle transfer_memory,
                                ipc::Out<u64> client_id);
    base::Result StartMonitoring(ipc::ClientProcessId pid);
    base::Result Socket(s32 domain, s32 type, s32 protocol, Reply reply);
    base::Result SocketExempt(s32 domain, s32 type, s32 protocol, Reply reply);
    base::Result Open(AutoIn path, u32 flags, Reply reply);
    base::Result Select(SelectArguments arguments, AutoIn read_in, AutoIn write_in,
                        AutoIn except_in, AutoOut read_out, AutoOut write_out, AutoOut except_out,
                        Reply reply, Environment environment);
    base::Result Poll(s32 nfds, s32 timeout_ms, AutoIn fds_in, AutoOut fds_out, Reply reply,
                      Environment environment);
    base::Result Sysctl(AutoIn name, AutoIn new_value, AutoOut old_value, LengthReply reply);
    base::Result Recv(s32 fd, s32 flags, AutoOut data, Reply reply, Environment environment);
    base::Result RecvFrom(s32 fd, s32 flags, AutoOut data, AutoOut address, LengthReply reply,
                          Environment environment);
    base::Result Send(s32 fd, s32 flags, AutoIn data, Reply reply, Environment environment);
    base::Result SendTo(s32 fd, s32 flags, AutoIn data, AutoIn address, Reply reply,
                        Environment environment);
    base::Result Accept(s32 fd, AutoOut address, LengthReply reply, Environment environment);
    base::Result Bind(s32 fd, AutoIn address, Reply reply);
    base::Result Connect(s32 fd, AutoIn address, Reply reply, Environment environment);
    base::Result GetPeerName(s32 fd, AutoOut address, LengthReply reply);
    base::Result GetSockName(s32 fd, AutoOut address, LengthReply reply);
    base::Result GetSockOpt(s32 fd, s32 level, s32 name, AutoOut value, LengthReply reply);
    base::Result Listen(s32 fd, s32 backlog, Reply reply);
    base::Result Ioctl(s32 fd, u32 request, s32 buffer_count, AutoIn in0, AutoIn in1, AutoIn in2,
                       AutoIn in3, AutoOut out0, AutoOut out1, AutoOut out2, AutoOut out3,
                       Reply reply);
    base::Result Fcntl(s32 fd, s32 command, s32 flags, Reply reply);
    base::Result SetSockOpt(s32 fd, s32 level, s32 name, AutoIn value, Reply reply);
    base::Result Shutdown(s32 fd, s32 how, Reply reply);
    base::Result ShutdownAllSockets(s32 how, Reply reply);
    base::Result Write(s32 fd, AutoIn data, Reply reply, Environment environment);
    base::Result Read(s32 fd, AutoOut data, Reply reply, Environment environment);
    // RecvMMsg / SendMMsg: the messages serialized in one buffer (serialized_messages.h), as
    // FreeBSD's libc loops recvmsg / sendmsg over them: the timeout bounds the wait for the
    // first message only (0 0: no bound), MSG_WAITFORONE makes the later ones non-blocking, an
    // error after some messages answers those messages.
    base::Result RecvMMsg(ReceiveMessagesArguments arguments, MessagesBuffer messages, Reply reply,
                          Environment environment);
    base::Result SendMMsg(s32 fd, u32 count, s32 flags, MessagesBuffer messages, Reply reply,
                          Environment environment);
    base::Result Close(s32 fd, Reply reply);
    base::Result DuplicateSocket(s32 fd, u64 reserved, Reply reply);
    // EventFd(u32 flags, u64 initval): nn::sf lays the u32 first (Ryujinx reads it so).
    base::Result EventFd(u64 initial_value, s32 flags, Reply reply);

    template <u32 Command>
    base::Result NotSupported(Reply reply) {
        LogNotSupported(Command);
        *reply = Failed(kEnosys);
        return base::ResultSuccess;
    }

    bool IsRegistered() const { return transfer_memory_ != nullptr; }
    const LibraryConfig& Config() const { return config_; }

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, BsdClient::RegisterClient),
        NX_COMMAND(1, BsdClient::StartMonitoring),
        NX_COMMAND(2, BsdClient::Socket),
        NX_COMMAND(3, BsdClient::SocketExempt),
        NX_COMMAND(4, BsdClient::Open),
        NX_COMMAND(5, BsdClient::Select),
        NX_COMMAND(6, BsdClient::Poll),
        NX_COMMAND(7, BsdClient::Sysctl),
        NX_COMMAND(8, BsdClient::Recv),
        NX_COMMAND(9, BsdClient::RecvFrom),
        NX_COMMAND(10, BsdClient::Send),
        NX_COMMAND(11, BsdClient::SendTo),
        NX_COMMAND(12, BsdClient::Accept),
        NX_COMMAND(13, BsdClient::Bind),
        NX_COMMAND(14, BsdClient::Connect),
        NX_COMMAND(15, BsdClient::GetPeerName),
        NX_COMMAND(16, BsdClient::GetSockName),
        NX_COMMAND(17, BsdClient::GetSockOpt),
        NX_COMMAND(18, BsdClient::Listen),
        NX_COMMAND(19, BsdClient::Ioctl),
        NX_COMMAND(20, BsdClient::Fcntl),
        NX_COMMAND(21, BsdClient::SetSockOpt),
        NX_COMMAND(22, BsdClient::Shutdown),
        NX_COMMAND(23, BsdClient::ShutdownAllSockets),
        NX_COMMAND(24, BsdClient::Write),
        NX_COMMAND(25, BsdClient::Read),
        NX_COMMAND(26, BsdClient::Close),
        NX_COMMAND(27, BsdClient::DuplicateSocket),
        NX_COMMAND(28, BsdClient::NotSupported<28>),  // GetResourceStatistics
        NX_COMMAND(29, BsdClient::RecvMMsg),
        NX_COMMAND(30, BsdClient::SendMMsg),
        NX_COMMAND(31, BsdClient::EventFd),
    };

private:
    ErrnoReply CreateSocket(s32 domain, s32 type, s32 protocol);
    // How a call on `descriptor` (guest fd `fd`) waits: not at all when `nonblocking`, else
    // until `timeout_us` passes (0: for ever) or another thread closes `fd`.
    Waiting WaitingOn(s32 fd, const std::shared_ptr<HostDescriptor>& descriptor, short events,
                      bool nonblocking, s64 timeout_us) const;
    // Recv, RecvFrom and Read; `from` receives the sender's address when not null.
    ErrnoReply Receive(const kernel::IpcEnvironment& environment, s32 fd, s32 flags,
                       std::span<u8> data, SocketAddress* from);
    // Send, SendTo and Write; `to` is the destination when not null.
    ErrnoReply Transmit(const kernel::IpcEnvironment& environment, s32 fd, s32 flags,
                        std::span<const u8> data, const SocketAddress* to);
    // --network on: a bind to anything but loopback becomes one to loopback, logged.
    // --network on and local: what the guest binds or listens on is confined to loopback.
    bool ListensOnLoopbackOnly() const;
    void ConfineToLoopback(SocketAddress& address) const;
    // --network local: only loopback addresses are reached (the refusal is logged).
    bool MayReach(const SocketAddress& address) const;
    void LogListening(const HostDescriptor& descriptor) const;

    std::string_view name_;
    NetworkConfig network_;
    LibraryConfig config_{};
    std::shared_ptr<kernel::TransferMemory> transfer_memory_;
    SocketTable table_;
    std::atomic<bool> told_network_off_{false};
};

}  // namespace services::bsd
