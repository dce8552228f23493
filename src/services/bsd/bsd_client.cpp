#include "services/bsd/bsd_client.h"

#include <array>

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

}  // namespace

std::string_view CommandName(u32 command) {
    return command < kCommandNames.size() ? kCommandNames[command] : "(unknown)";
}

void LogNotSupported(u32 command) {
    LOG_WARNING("bsd", "{} ({}): sockets are not provided yet, answered -1 / ENOSYS",
                CommandName(command), command);
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

}  // namespace services::bsd
