#pragma once

#include <memory>
#include <string_view>

#include "ipc/service_object.h"
#include "kernel/memory_objects.h"
#include "services/bsd/bsd_errno.h"

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

// The name of a socket command, for the log ("Socket", "Connect", ...).
std::string_view CommandName(u32 command);
// Logs that a socket command is not provided yet (the networking issue's work).
void LogNotSupported(u32 command);

// bsd:u / bsd:s (nn::socket::sf::IClient): far enough for a program to start. RegisterClient
// takes the config, the pid placeholder, the transfer memory's size and the transfer memory
// itself (kept for the session's life, as the console's socket buffers live there); socket
// calls answer -1 with ENOSYS and a log line naming the call. Command ids from switchbrew
// "Sockets services" and libnx bsd.c.
class BsdClient final : public ipc::Interface<BsdClient> {
public:
    static constexpr auto kName = "bsd:u";

    explicit BsdClient(std::string_view name = kName) : name_(name) {}
    std::string_view Name() const override { return name_; }

    base::Result RegisterClient(LibraryConfig config, ipc::ClientProcessId pid,
                                u64 transfer_memory_size, ipc::InCopyHandle transfer_memory,
                                ipc::Out<u64> client_id);
    base::Result StartMonitoring(ipc::ClientProcessId pid);

    template <u32 Command>
    base::Result NotSupported(ipc::Out<ErrnoReply> reply) {
        LogNotSupported(Command);
        *reply = ErrnoReply{-1, kEnosys};
        return base::ResultSuccess;
    }
    template <u32 Command>
    base::Result NotSupportedWithLength(ipc::Out<ErrnoLengthReply> reply) {
        LogNotSupported(Command);
        *reply = ErrnoLengthReply{-1, kEnosys, 0};
        return base::ResultSuccess;
    }

    bool IsRegistered() const { return transfer_memory_ != nullptr; }
    const LibraryConfig& Config() const { return config_; }

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, BsdClient::RegisterClient),
        NX_COMMAND(1, BsdClient::StartMonitoring),
        NX_COMMAND(2, BsdClient::NotSupported<2>),              // Socket
        NX_COMMAND(3, BsdClient::NotSupported<3>),              // SocketExempt
        NX_COMMAND(4, BsdClient::NotSupported<4>),              // Open
        NX_COMMAND(5, BsdClient::NotSupported<5>),              // Select
        NX_COMMAND(6, BsdClient::NotSupported<6>),              // Poll
        NX_COMMAND(7, BsdClient::NotSupportedWithLength<7>),    // Sysctl
        NX_COMMAND(8, BsdClient::NotSupported<8>),              // Recv
        NX_COMMAND(9, BsdClient::NotSupportedWithLength<9>),    // RecvFrom
        NX_COMMAND(10, BsdClient::NotSupported<10>),            // Send
        NX_COMMAND(11, BsdClient::NotSupported<11>),            // SendTo
        NX_COMMAND(12, BsdClient::NotSupportedWithLength<12>),  // Accept
        NX_COMMAND(13, BsdClient::NotSupported<13>),            // Bind
        NX_COMMAND(14, BsdClient::NotSupported<14>),            // Connect
        NX_COMMAND(15, BsdClient::NotSupportedWithLength<15>),  // GetPeerName
        NX_COMMAND(16, BsdClient::NotSupportedWithLength<16>),  // GetSockName
        NX_COMMAND(17, BsdClient::NotSupportedWithLength<17>),  // GetSockOpt
        NX_COMMAND(18, BsdClient::NotSupported<18>),            // Listen
        NX_COMMAND(19, BsdClient::NotSupported<19>),            // Ioctl
        NX_COMMAND(20, BsdClient::NotSupported<20>),            // Fcntl
        NX_COMMAND(21, BsdClient::NotSupported<21>),            // SetSockOpt
        NX_COMMAND(22, BsdClient::NotSupported<22>),            // Shutdown
        NX_COMMAND(23, BsdClient::NotSupported<23>),            // ShutdownAllSockets
        NX_COMMAND(24, BsdClient::NotSupported<24>),            // Write
        NX_COMMAND(25, BsdClient::NotSupported<25>),            // Read
        NX_COMMAND(26, BsdClient::NotSupported<26>),            // Close
        NX_COMMAND(27, BsdClient::NotSupported<27>),            // DuplicateSocket
        NX_COMMAND(29, BsdClient::NotSupported<29>),            // RecvMMsg
        NX_COMMAND(30, BsdClient::NotSupported<30>),            // SendMMsg
        NX_COMMAND(31, BsdClient::NotSupported<31>),            // EventFd
    };

private:
    std::string_view name_;
    LibraryConfig config_{};
    std::shared_ptr<kernel::TransferMemory> transfer_memory_;
};

}  // namespace services::bsd
