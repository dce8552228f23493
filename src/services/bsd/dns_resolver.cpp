#include "services/bsd/dns_resolver.h"

#include <algorithm>
#include <string>

namespace services::bsd {
namespace {

constexpr u32 kHostNotFound = 1;  // netdb's HOST_NOT_FOUND
constexpr s32 kEaiNoName = 8;     // EAI_NONAME, in the BSD numbering the resolver uses

std::string Text(const std::vector<u8>& bytes) {
    std::string text(bytes.begin(), bytes.end());
    text.erase(std::find(text.begin(), text.end(), '\0'), text.end());
    return text;
}

}  // namespace

base::Result DnsResolver::GetHostByNameRequest(ipc::InBuffer<ipc::kMapAlias> name,
                                               ipc::OutBuffer<ipc::kMapAlias>,
                                               ipc::Out<HostReply> reply) {
    LOG_WARNING("bsd", "sfdnsres GetHostByName(\"{}\"): no network, host not found",
                Text(name.data));
    *reply = HostReply{kHostNotFound, 0, 0};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetHostByAddrRequest(ipc::InBuffer<ipc::kMapAlias>,
                                               ipc::OutBuffer<ipc::kMapAlias>,
                                               ipc::Out<HostReply> reply) {
    LOG_WARNING("bsd", "sfdnsres GetHostByAddr: no network, host not found");
    *reply = HostReply{kHostNotFound, 0, 0};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetAddrInfoRequest(ipc::InBuffer<ipc::kMapAlias> node,
                                             ipc::InBuffer<ipc::kMapAlias> service,
                                             ipc::InBuffer<ipc::kMapAlias>,
                                             ipc::OutBuffer<ipc::kMapAlias>,
                                             ipc::Out<AddrInfoReply> reply) {
    LOG_WARNING("bsd", "sfdnsres GetAddrInfo(\"{}\", \"{}\"): no network, no such name",
                Text(node.data), Text(service.data));
    *reply = AddrInfoReply{0, kEaiNoName, 0};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetNameInfoRequest(ipc::InBuffer<ipc::kMapAlias>,
                                             ipc::OutBuffer<ipc::kMapAlias>,
                                             ipc::OutBuffer<ipc::kMapAlias>,
                                             ipc::Out<NameInfoReply> reply) {
    LOG_WARNING("bsd", "sfdnsres GetNameInfo: no network, no such name");
    *reply = NameInfoReply{0, kEaiNoName};
    return base::ResultSuccess;
}

}  // namespace services::bsd
