#pragma once

#include <memory>

#include "ipc/service_object.h"
#include "services/bsd/lookup_wait.h"
#include "services/bsd/name_lookup.h"
#include "services/bsd/network_config.h"

namespace services::bsd {

// What GetHostByName / GetHostByAddr answer: h_errno, errno, and the size of the serialized
// hostent written to the out buffer.
struct HostReply {
    u32 h_errno_value;
    u32 errno_value;
    u32 serialized_size;
};
// The same from the WithOptions commands, in their order (Atmosphère's sfdnsres shim).
struct HostReplyWithOptions {
    u32 serialized_size;
    s32 h_errno_value;
    s32 errno_value;
};
// What GetAddrInfo answers: errno, the getaddrinfo error, the serialized size.
struct AddrInfoReply {
    u32 errno_value;
    s32 gai_error;
    u32 serialized_size;
};
struct AddrInfoReplyWithOptions {
    u32 serialized_size;
    s32 gai_error;
    s32 h_errno_value;
    s32 errno_value;
};
// What GetNameInfo answers.
struct NameInfoReply {
    u32 errno_value;
    s32 gai_error;
};
struct NameInfoReplyWithOptions {
    s32 gai_error;
    s32 h_errno_value;
    s32 errno_value;
};
// ResolverSetOptionRequest's answer (Ryujinx's IResolver).
struct OptionReply {
    s32 ret;
    s32 errno_value;
};

// What every sfdnsres session shares: the lookups, with the hosts file loaded once (its bad
// lines logged as errors), and the cancel handles, which libnx asks for, looks up with and
// cancels on sessions of their own.
struct ResolverShared {
    explicit ResolverShared(const NetworkConfig& config);
    NameLookup lookup;
    LookupCancellation cancellation;
};

// sfdnsres (nn::socket::resolver::IResolver) through name_lookup.h, the answers serialized as
// resolver_serialization.h lays them out. A lookup may wait on the host (MayWaitOnHost); one
// given up on (the run ends, CancelRequest) answers errno EINTR / ECANCELED with EAI_SYSTEM or
// NETDB_INTERNAL, as a failed system call would. An answer larger than the program's buffer is
// the console serializer's failure: errno ENOSPC, nothing written.
//
// Command ids and raw layouts from libnx sfdnsres.c (0-9) and Atmosphère's dns.mitm interface
// (10, 12); 11 and 13 follow 3 and 7 the way 10 and 12 follow 2 and 6 (options_version and
// num_options after the plain arguments), as no public source has their layout. The options
// (cancel handle, NSD) and the use_nsd_resolve flag do not change the answers.
class DnsResolver final : public ipc::Interface<DnsResolver> {
public:
    static constexpr auto kName = "sfdnsres";

    explicit DnsResolver(std::shared_ptr<ResolverShared> shared) : shared_(std::move(shared)) {}

    bool MayWaitOnHost(u32 command) const override;

    // use_nsd_resolve is a bool on the wire, read as the byte it is (a hostile one may be 2).
    base::Result GetHostByNameRequest(u8 use_nsd_resolve, u32 cancel_handle,
                                      ipc::ClientProcessId pid, ipc::InBuffer<ipc::kMapAlias> name,
                                      ipc::OutBuffer<ipc::kMapAlias> hostent,
                                      ipc::Out<HostReply> reply,
                                      ipc::RequestEnvironment environment);
    base::Result GetHostByAddrRequest(u32 address_size, u32 type, u32 cancel_handle,
                                      ipc::ClientProcessId pid,
                                      ipc::InBuffer<ipc::kMapAlias> address,
                                      ipc::OutBuffer<ipc::kMapAlias> hostent,
                                      ipc::Out<HostReply> reply,
                                      ipc::RequestEnvironment environment);
    base::Result GetHostStringErrorRequest(s32 error, ipc::OutBuffer<ipc::kMapAlias> text);
    base::Result GetGaiStringErrorRequest(s32 error, ipc::OutBuffer<ipc::kMapAlias> text);
    base::Result GetAddrInfoRequest(u8 use_nsd_resolve, u32 cancel_handle, ipc::ClientProcessId pid,
                                    ipc::InBuffer<ipc::kMapAlias> node,
                                    ipc::InBuffer<ipc::kMapAlias> service,
                                    ipc::InBuffer<ipc::kMapAlias> hints,
                                    ipc::OutBuffer<ipc::kMapAlias> addrinfo,
                                    ipc::Out<AddrInfoReply> reply,
                                    ipc::RequestEnvironment environment);
    base::Result GetNameInfoRequest(u32 flags, u32 cancel_handle, ipc::ClientProcessId pid,
                                    ipc::InBuffer<ipc::kMapAlias> address,
                                    ipc::OutBuffer<ipc::kMapAlias> host,
                                    ipc::OutBuffer<ipc::kMapAlias> service,
                                    ipc::Out<NameInfoReply> reply,
                                    ipc::RequestEnvironment environment);
    base::Result RequestCancelHandleRequest(ipc::ClientProcessId pid, ipc::Out<u32> handle);
    base::Result CancelRequest(u32 handle, ipc::ClientProcessId pid);
    base::Result GetHostByNameRequestWithOptions(
        ipc::ClientProcessId pid, ipc::InBuffer<ipc::kAutoSelect> name,
        ipc::OutBuffer<ipc::kAutoSelect> hostent, u32 options_version,
        ipc::InBuffer<ipc::kAutoSelect> options, u32 option_count,
        ipc::Out<HostReplyWithOptions> reply, ipc::RequestEnvironment environment);
    base::Result GetHostByAddrRequestWithOptions(u32 address_size, u32 type, u32 options_version,
                                                 u32 option_count, ipc::ClientProcessId pid,
                                                 ipc::InBuffer<ipc::kAutoSelect> address,
                                                 ipc::OutBuffer<ipc::kAutoSelect> hostent,
                                                 ipc::InBuffer<ipc::kAutoSelect> options,
                                                 ipc::Out<HostReplyWithOptions> reply,
                                                 ipc::RequestEnvironment environment);
    base::Result GetAddrInfoRequestWithOptions(
        ipc::ClientProcessId pid, ipc::InBuffer<ipc::kMapAlias> node,
        ipc::InBuffer<ipc::kMapAlias> service, ipc::InBuffer<ipc::kMapAlias> hints,
        ipc::OutBuffer<ipc::kAutoSelect> addrinfo, u32 options_version,
        ipc::InBuffer<ipc::kAutoSelect> options, u32 option_count,
        ipc::Out<AddrInfoReplyWithOptions> reply, ipc::RequestEnvironment environment);
    base::Result GetNameInfoRequestWithOptions(
        u32 flags, u32 options_version, u32 option_count, ipc::ClientProcessId pid,
        ipc::InBuffer<ipc::kAutoSelect> address, ipc::OutBuffer<ipc::kAutoSelect> host,
        ipc::OutBuffer<ipc::kAutoSelect> service, ipc::InBuffer<ipc::kAutoSelect> options,
        ipc::Out<NameInfoReplyWithOptions> reply, ipc::RequestEnvironment environment);
    base::Result ResolverSetOptionRequest(u64 option, ipc::ClientProcessId pid,
                                          ipc::InBuffer<ipc::kMapAlias> value,
                                          ipc::Out<OptionReply> reply);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(2, DnsResolver::GetHostByNameRequest),
        NX_COMMAND(3, DnsResolver::GetHostByAddrRequest),
        NX_COMMAND(4, DnsResolver::GetHostStringErrorRequest),
        NX_COMMAND(5, DnsResolver::GetGaiStringErrorRequest),
        NX_COMMAND(6, DnsResolver::GetAddrInfoRequest),
        NX_COMMAND(7, DnsResolver::GetNameInfoRequest),
        NX_COMMAND(8, DnsResolver::RequestCancelHandleRequest),
        NX_COMMAND(9, DnsResolver::CancelRequest),
        NX_COMMAND(10, DnsResolver::GetHostByNameRequestWithOptions),
        NX_COMMAND(11, DnsResolver::GetHostByAddrRequestWithOptions),
        NX_COMMAND(12, DnsResolver::GetAddrInfoRequestWithOptions),
        NX_COMMAND(13, DnsResolver::GetNameInfoRequestWithOptions),
        NX_COMMAND(14, DnsResolver::ResolverSetOptionRequest),
    };

private:
    struct HostAnswer {
        s32 host_error;
        s32 errno_value;
        u32 size;
    };
    struct AddrInfoAnswer {
        s32 gai_error;
        s32 host_error;
        s32 errno_value;
        u32 size;
    };
    struct NameInfoAnswer {
        s32 gai_error;
        s32 host_error;
        s32 errno_value;
    };

    HostAnswer HostByName(const std::vector<u8>& name, std::span<u8> out, u32 cancel_handle,
                          kernel::IpcEnvironment& environment);
    HostAnswer HostByAddress(const std::vector<u8>& address, u32 address_size, u32 type,
                             std::span<u8> out, u32 cancel_handle,
                             kernel::IpcEnvironment& environment);
    AddrInfoAnswer AddrInfo(const std::vector<u8>& node, const std::vector<u8>& service,
                            const std::vector<u8>& hints, std::span<u8> out, u32 cancel_handle,
                            kernel::IpcEnvironment& environment);
    NameInfoAnswer NameInfo(const std::vector<u8>& address, u32 flags, std::span<u8> host,
                            std::span<u8> service, u32 cancel_handle,
                            kernel::IpcEnvironment& environment);
    // Runs the lookup as lookup_wait.h does; false when it was given up on (`errno_value`
    // then says why).
    template <typename Answer>
    bool Wait(std::function<Answer()> work, u32 cancel_handle, kernel::IpcEnvironment& environment,
              Answer& answer, s32& errno_value);

    std::shared_ptr<ResolverShared> shared_;
};

}  // namespace services::bsd
