#include "services/bsd/dns_resolver.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "services/bsd/resolver_numbering.h"

namespace services::bsd {
namespace {

// The \0-terminated text at the start of `bytes`; nullopt when nothing terminates it (a
// hostile or broken buffer: no lookup is made for it).
std::optional<std::string> TerminatedText(const std::vector<u8>& bytes) {
    const auto end = std::find(bytes.begin(), bytes.end(), u8{0});
    if (end == bytes.end()) {
        return std::nullopt;
    }
    return std::string(bytes.begin(), end);
}

// A name as the log shows it: quoted, escaped, at most 256 characters of it.
std::string Shown(const std::optional<std::string>& text) {
    if (!text) {
        return "(unterminated)";
    }
    return fmt::format("{:?}", std::string_view(*text).substr(0, 256));
}

// `text` and its \0 into `out`, cut to fit (an empty buffer gets nothing).
void WriteText(std::string_view text, std::span<u8> out) {
    if (out.empty()) {
        return;
    }
    const std::size_t size = std::min(text.size(), out.size() - 1);
    std::memcpy(out.data(), text.data(), size);
    out[size] = 0;
}

// hstrerror's and gai_strerror's texts (FreeBSD's, as Ryujinx's IResolver answers them).
std::string_view HostErrorText(s32 error) {
    switch (error) {
        case 0:
            return "Resolver Error 0 (no error)";
        case console::kHostNotFound:
            return "Unknown host";
        case console::kTryAgain:
            return "Host name lookup failure";
        case console::kNoRecovery:
            return "Unknown server error";
        case console::kNoData:
            return "No address associated with name";
        default:
            return error < 0 ? "Resolver internal error" : "Unknown resolver error";
    }
}

std::string_view GaiErrorText(s32 error) {
    static constexpr std::string_view kTexts[] = {
        "Success",
        "Address family for hostname not supported",
        "Temporary failure in name resolution",
        "Invalid value for ai_flags",
        "Non-recoverable failure in name resolution",
        "ai_family not supported",
        "Memory allocation failure",
        "No address associated with hostname",
        "hostname nor servname provided, or not known",
        "servname not supported for ai_socktype",
        "ai_socktype not supported",
        "System error returned in errno",
        "Invalid value for hints",
        "Resolved protocol is unknown",
        "Argument buffer overflow",
    };
    return error >= 0 && static_cast<std::size_t>(error) < std::size(kTexts) ? kTexts[error]
                                                                             : "Unknown error";
}

// Commands 2, 3, 6, 7 and their WithOptions forms.
constexpr u32 kLookupCommands[] = {2, 3, 6, 7, 10, 11, 12, 13};

}  // namespace

ResolverShared::ResolverShared(const NetworkConfig& config)
    : lookup(config.access, [&config] {
          std::vector<std::string> errors;
          auto hosts = std::make_shared<HostsFile>();
          if (!config.hosts_file.empty()) {
              *hosts = HostsFile::Load(config.hosts_file, errors);
          }
          for (const std::string& error : errors) {
              LOG_ERROR("bsd", "hosts file {}", error);
          }
          return hosts;
      }()) {}

bool DnsResolver::MayWaitOnHost(u32 command) const {
    return std::find(std::begin(kLookupCommands), std::end(kLookupCommands), command) !=
           std::end(kLookupCommands);
}

template <typename Answer>
bool DnsResolver::Wait(std::function<Answer()> work, u32 cancel_handle,
                       kernel::IpcEnvironment& environment, Answer& answer, s32& errno_value) {
    const LookupEnd end = WaitForLookup<Answer>(
        std::move(work), [&environment] { return environment.StopRequested(); },
        shared_->cancellation, cancel_handle, answer);
    if (end == LookupEnd::Answered) {
        return true;
    }
    errno_value = end == LookupEnd::Stopped ? EINTR : ECANCELED;
    return false;
}

DnsResolver::HostAnswer DnsResolver::HostByName(const std::vector<u8>& name, std::span<u8> out,
                                                u32 cancel_handle,
                                                kernel::IpcEnvironment& environment) {
    const std::optional<std::string> text = TerminatedText(name);
    LOG_DEBUG("bsd", "sfdnsres GetHostByName({})", Shown(text));
    HostLookup lookup{console::kHostNotFound, 0, {}};
    if (text && !text->empty()) {
        const NameLookup lookups = shared_->lookup;
        s32 given_up = 0;
        if (!Wait<HostLookup>([lookups, name = *text] { return lookups.HostByName(name); },
                              cancel_handle, environment, lookup, given_up)) {
            lookup = {console::kNetdbInternal, given_up, {}};
        }
    }
    if (lookup.host_error != 0) {
        LOG_INFO("bsd", "sfdnsres GetHostByName({}): h_errno {} ({}), errno {}", Shown(text),
                 lookup.host_error, HostErrorText(lookup.host_error), lookup.errno_value);
        return {lookup.host_error, lookup.errno_value, 0};
    }
    const std::vector<u8> bytes = SerializeHostEntry(lookup.entry);
    if (bytes.size() > out.size()) {
        LOG_INFO("bsd", "sfdnsres GetHostByName({}): {} bytes of answer, a buffer of {}",
                 Shown(text), bytes.size(), out.size());
        return {console::kNetdbInternal, ENOSPC, 0};
    }
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return {0, 0, static_cast<u32>(bytes.size())};
}

DnsResolver::HostAnswer DnsResolver::HostByAddress(const std::vector<u8>& address, u32 address_size,
                                                   u32 type, std::span<u8> out, u32 cancel_handle,
                                                   kernel::IpcEnvironment& environment) {
    const std::size_t expected = type == console::kAfInet ? 4 : type == console::kAfInet6 ? 16 : 0;
    if (expected == 0 || address_size != expected || address.size() < expected) {
        LOG_INFO("bsd", "sfdnsres GetHostByAddr: type {} with {} bytes is no address", type,
                 address_size);
        return {console::kNetdbInternal, expected == 0 ? EAFNOSUPPORT : EINVAL, 0};
    }
    HostAddress host_address;
    host_address.ipv6 = expected == 16;
    std::copy_n(address.begin(), expected, host_address.bytes.begin());
    LOG_DEBUG("bsd", "sfdnsres GetHostByAddr({})", host_address.ToString());
    HostLookup lookup;
    const NameLookup lookups = shared_->lookup;
    s32 given_up = 0;
    if (!Wait<HostLookup>([lookups, host_address] { return lookups.HostByAddress(host_address); },
                          cancel_handle, environment, lookup, given_up)) {
        lookup = {console::kNetdbInternal, given_up, {}};
    }
    if (lookup.host_error != 0) {
        LOG_INFO("bsd", "sfdnsres GetHostByAddr({}): h_errno {} ({}), errno {}",
                 host_address.ToString(), lookup.host_error, HostErrorText(lookup.host_error),
                 lookup.errno_value);
        return {lookup.host_error, lookup.errno_value, 0};
    }
    const std::vector<u8> bytes = SerializeHostEntry(lookup.entry);
    if (bytes.size() > out.size()) {
        LOG_INFO("bsd", "sfdnsres GetHostByAddr({}): {} bytes of answer, a buffer of {}",
                 host_address.ToString(), bytes.size(), out.size());
        return {console::kNetdbInternal, ENOSPC, 0};
    }
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return {0, 0, static_cast<u32>(bytes.size())};
}

DnsResolver::AddrInfoAnswer DnsResolver::AddrInfo(const std::vector<u8>& node,
                                                  const std::vector<u8>& service,
                                                  const std::vector<u8>& hints, std::span<u8> out,
                                                  u32 cancel_handle,
                                                  kernel::IpcEnvironment& environment) {
    // An empty buffer is a null pointer of the program's.
    const std::optional<std::string> node_text = node.empty() ? std::nullopt : TerminatedText(node);
    const std::optional<std::string> service_text =
        service.empty() ? std::nullopt : TerminatedText(service);
    const std::string shown = fmt::format("{}, {}", node.empty() ? "null" : Shown(node_text),
                                          service.empty() ? "null" : Shown(service_text));
    LOG_DEBUG("bsd", "sfdnsres GetAddrInfo({})", shown);
    std::optional<AddrInfoHints> parsed_hints;
    if (!hints.empty()) {
        parsed_hints.emplace();
        if (!ParseAddrInfoHints(hints, *parsed_hints)) {
            LOG_INFO("bsd", "sfdnsres GetAddrInfo({}): the hints are no serialized addrinfo",
                     shown);
            return {console::kEaiBadHints, console::kNoRecovery, 0, 0};
        }
    }
    AddrInfoLookup lookup{console::kEaiNoName, 0, {}};
    if ((node.empty() || node_text) && (service.empty() || service_text)) {
        const NameLookup lookups = shared_->lookup;
        s32 given_up = 0;
        if (!Wait<AddrInfoLookup>(
                [lookups, node_text, service_text, parsed_hints] {
                    return lookups.AddrInfo(node_text, service_text, parsed_hints);
                },
                cancel_handle, environment, lookup, given_up)) {
            lookup = {console::kEaiSystem, given_up, {}};
        }
    }
    if (lookup.gai_error != 0) {
        LOG_INFO("bsd", "sfdnsres GetAddrInfo({}): EAI {} ({}), errno {}", shown, lookup.gai_error,
                 GaiErrorText(lookup.gai_error), lookup.errno_value);
        return {lookup.gai_error, console::HostErrorForGaiError(lookup.gai_error),
                lookup.errno_value, 0};
    }
    const std::vector<u8> bytes = SerializeAddrInfo(lookup.entries);
    if (bytes.size() > out.size()) {
        LOG_INFO("bsd", "sfdnsres GetAddrInfo({}): {} bytes of answer, a buffer of {}", shown,
                 bytes.size(), out.size());
        return {console::kEaiOverflow, console::kNetdbInternal, ENOSPC, 0};
    }
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return {0, 0, 0, static_cast<u32>(bytes.size())};
}

DnsResolver::NameInfoAnswer DnsResolver::NameInfo(const std::vector<u8>& address, u32 flags,
                                                  std::span<u8> host, std::span<u8> service,
                                                  u32 cancel_handle,
                                                  kernel::IpcEnvironment& environment) {
    SocketEndpoint endpoint;
    if (!ParseSocketAddress(address, endpoint)) {
        LOG_INFO("bsd", "sfdnsres GetNameInfo: {} bytes are no sockaddr_in or sockaddr_in6",
                 address.size());
        return {console::kEaiFamily, console::kNoRecovery, 0};
    }
    const std::string shown = fmt::format("{} port {}", endpoint.address.ToString(), endpoint.port);
    LOG_DEBUG("bsd", "sfdnsres GetNameInfo({}, flags {:#x})", shown, flags);
    NameInfoLookup lookup;
    const NameLookup lookups = shared_->lookup;
    const std::size_t host_size = host.size();
    const std::size_t service_size = service.size();
    s32 given_up = 0;
    if (!Wait<NameInfoLookup>(
            [lookups, endpoint, flags, host_size, service_size] {
                return lookups.NameInfo(endpoint, flags, host_size, service_size);
            },
            cancel_handle, environment, lookup, given_up)) {
        lookup = {console::kEaiSystem, given_up, {}, {}};
    }
    if (lookup.gai_error != 0) {
        LOG_INFO("bsd", "sfdnsres GetNameInfo({}): EAI {} ({}), errno {}", shown, lookup.gai_error,
                 GaiErrorText(lookup.gai_error), lookup.errno_value);
        return {lookup.gai_error, console::HostErrorForGaiError(lookup.gai_error),
                lookup.errno_value};
    }
    WriteText(lookup.host, host);
    WriteText(lookup.service, service);
    return {0, 0, 0};
}

base::Result DnsResolver::GetHostByNameRequest(u8, u32 cancel_handle, ipc::ClientProcessId,
                                               ipc::InBuffer<ipc::kMapAlias> name,
                                               ipc::OutBuffer<ipc::kMapAlias> hostent,
                                               ipc::Out<HostReply> reply,
                                               ipc::RequestEnvironment environment) {
    const HostAnswer answer = HostByName(name.data, hostent.data, cancel_handle, *environment);
    *reply = {static_cast<u32>(answer.host_error), static_cast<u32>(answer.errno_value),
              answer.size};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetHostByAddrRequest(u32 address_size, u32 type, u32 cancel_handle,
                                               ipc::ClientProcessId,
                                               ipc::InBuffer<ipc::kMapAlias> address,
                                               ipc::OutBuffer<ipc::kMapAlias> hostent,
                                               ipc::Out<HostReply> reply,
                                               ipc::RequestEnvironment environment) {
    const HostAnswer answer =
        HostByAddress(address.data, address_size, type, hostent.data, cancel_handle, *environment);
    *reply = {static_cast<u32>(answer.host_error), static_cast<u32>(answer.errno_value),
              answer.size};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetHostStringErrorRequest(s32 error,
                                                    ipc::OutBuffer<ipc::kMapAlias> text) {
    WriteText(HostErrorText(error), text.data);
    return base::ResultSuccess;
}

base::Result DnsResolver::GetGaiStringErrorRequest(s32 error, ipc::OutBuffer<ipc::kMapAlias> text) {
    WriteText(GaiErrorText(error), text.data);
    return base::ResultSuccess;
}

base::Result DnsResolver::GetAddrInfoRequest(u8, u32 cancel_handle, ipc::ClientProcessId,
                                             ipc::InBuffer<ipc::kMapAlias> node,
                                             ipc::InBuffer<ipc::kMapAlias> service,
                                             ipc::InBuffer<ipc::kMapAlias> hints,
                                             ipc::OutBuffer<ipc::kMapAlias> addrinfo,
                                             ipc::Out<AddrInfoReply> reply,
                                             ipc::RequestEnvironment environment) {
    const AddrInfoAnswer answer =
        AddrInfo(node.data, service.data, hints.data, addrinfo.data, cancel_handle, *environment);
    *reply = {static_cast<u32>(answer.errno_value), answer.gai_error, answer.size};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetNameInfoRequest(u32 flags, u32 cancel_handle, ipc::ClientProcessId,
                                             ipc::InBuffer<ipc::kMapAlias> address,
                                             ipc::OutBuffer<ipc::kMapAlias> host,
                                             ipc::OutBuffer<ipc::kMapAlias> service,
                                             ipc::Out<NameInfoReply> reply,
                                             ipc::RequestEnvironment environment) {
    const NameInfoAnswer answer =
        NameInfo(address.data, flags, host.data, service.data, cancel_handle, *environment);
    *reply = {static_cast<u32>(answer.errno_value), answer.gai_error};
    return base::ResultSuccess;
}

base::Result DnsResolver::RequestCancelHandleRequest(ipc::ClientProcessId, ipc::Out<u32> handle) {
    *handle = shared_->cancellation.NewHandle();
    return base::ResultSuccess;
}

base::Result DnsResolver::CancelRequest(u32 handle, ipc::ClientProcessId) {
    LOG_DEBUG("bsd", "sfdnsres CancelRequest({})", handle);
    shared_->cancellation.Cancel(handle);
    return base::ResultSuccess;
}

base::Result DnsResolver::GetHostByNameRequestWithOptions(ipc::ClientProcessId,
                                                          ipc::InBuffer<ipc::kAutoSelect> name,
                                                          ipc::OutBuffer<ipc::kAutoSelect> hostent,
                                                          u32, ipc::InBuffer<ipc::kAutoSelect>, u32,
                                                          ipc::Out<HostReplyWithOptions> reply,
                                                          ipc::RequestEnvironment environment) {
    const HostAnswer answer = HostByName(name.data, hostent.data, 0, *environment);
    *reply = {answer.size, answer.host_error, answer.errno_value};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetHostByAddrRequestWithOptions(u32 address_size, u32 type, u32, u32,
                                                          ipc::ClientProcessId,
                                                          ipc::InBuffer<ipc::kAutoSelect> address,
                                                          ipc::OutBuffer<ipc::kAutoSelect> hostent,
                                                          ipc::InBuffer<ipc::kAutoSelect>,
                                                          ipc::Out<HostReplyWithOptions> reply,
                                                          ipc::RequestEnvironment environment) {
    const HostAnswer answer =
        HostByAddress(address.data, address_size, type, hostent.data, 0, *environment);
    *reply = {answer.size, answer.host_error, answer.errno_value};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetAddrInfoRequestWithOptions(
    ipc::ClientProcessId, ipc::InBuffer<ipc::kMapAlias> node, ipc::InBuffer<ipc::kMapAlias> service,
    ipc::InBuffer<ipc::kMapAlias> hints, ipc::OutBuffer<ipc::kAutoSelect> addrinfo, u32,
    ipc::InBuffer<ipc::kAutoSelect>, u32, ipc::Out<AddrInfoReplyWithOptions> reply,
    ipc::RequestEnvironment environment) {
    const AddrInfoAnswer answer =
        AddrInfo(node.data, service.data, hints.data, addrinfo.data, 0, *environment);
    *reply = {answer.size, answer.gai_error, answer.host_error, answer.errno_value};
    return base::ResultSuccess;
}

base::Result DnsResolver::GetNameInfoRequestWithOptions(u32 flags, u32, u32, ipc::ClientProcessId,
                                                        ipc::InBuffer<ipc::kAutoSelect> address,
                                                        ipc::OutBuffer<ipc::kAutoSelect> host,
                                                        ipc::OutBuffer<ipc::kAutoSelect> service,
                                                        ipc::InBuffer<ipc::kAutoSelect>,
                                                        ipc::Out<NameInfoReplyWithOptions> reply,
                                                        ipc::RequestEnvironment environment) {
    const NameInfoAnswer answer =
        NameInfo(address.data, flags, host.data, service.data, 0, *environment);
    *reply = {answer.gai_error, answer.host_error, answer.errno_value};
    return base::ResultSuccess;
}

base::Result DnsResolver::ResolverSetOptionRequest(u64 option, ipc::ClientProcessId,
                                                   ipc::InBuffer<ipc::kMapAlias> value,
                                                   ipc::Out<OptionReply> reply) {
    LOG_DEBUG("bsd", "sfdnsres ResolverSetOption({:#x}, {} bytes): ignored", option,
              value.data.size());
    *reply = {0, 0};
    return base::ResultSuccess;
}

}  // namespace services::bsd
