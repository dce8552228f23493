#pragma once

#include "ipc/service_object.h"

namespace services::bsd {

// What GetHostByName / GetHostByAddr answer: h_errno, errno, and the size of the serialized
// hostent written to the out buffer.
struct HostReply {
    u32 h_errno_value;
    u32 errno_value;
    u32 serialized_size;
};
// What GetAddrInfo answers: errno, the getaddrinfo error, the serialized size.
struct AddrInfoReply {
    u32 errno_value;
    s32 gai_error;
    u32 serialized_size;
};
// What GetNameInfo answers.
struct NameInfoReply {
    u32 errno_value;
    s32 gai_error;
};

// sfdnsres (nn::socket::resolver::IResolver): no name resolves, as on a console without a
// network: HOST_NOT_FOUND and EAI_NONAME, with a log line naming the call and the name. The
// raw arguments (timeouts, the pid placeholder) do not change that answer and are not read.
// Command ids and reply layouts from libnx sfdnsres.c.
class DnsResolver final : public ipc::Interface<DnsResolver> {
public:
    static constexpr auto kName = "sfdnsres";

    base::Result GetHostByNameRequest(ipc::InBuffer<ipc::kMapAlias> name,
                                      ipc::OutBuffer<ipc::kMapAlias> hostent,
                                      ipc::Out<HostReply> reply);
    base::Result GetHostByAddrRequest(ipc::InBuffer<ipc::kMapAlias> address,
                                      ipc::OutBuffer<ipc::kMapAlias> hostent,
                                      ipc::Out<HostReply> reply);
    base::Result GetAddrInfoRequest(ipc::InBuffer<ipc::kMapAlias> node,
                                    ipc::InBuffer<ipc::kMapAlias> service,
                                    ipc::InBuffer<ipc::kMapAlias> hints,
                                    ipc::OutBuffer<ipc::kMapAlias> addrinfo,
                                    ipc::Out<AddrInfoReply> reply);
    base::Result GetNameInfoRequest(ipc::InBuffer<ipc::kMapAlias> address,
                                    ipc::OutBuffer<ipc::kMapAlias> host,
                                    ipc::OutBuffer<ipc::kMapAlias> service,
                                    ipc::Out<NameInfoReply> reply);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(2, DnsResolver::GetHostByNameRequest),
        NX_COMMAND(3, DnsResolver::GetHostByAddrRequest),
        NX_COMMAND(6, DnsResolver::GetAddrInfoRequest),
        NX_COMMAND(7, DnsResolver::GetNameInfoRequest),
    };
};

}  // namespace services::bsd
