#include "services/bsd/resolver_numbering.h"

#include <netdb.h>
#include <sys/socket.h>

#include <utility>

namespace services::bsd::console {
namespace {

template <std::size_t N>
bool Translate(u32 flags, const std::pair<u32, int> (&table)[N], int& translated) {
    translated = 0;
    for (const auto& [from, to] : table) {
        if ((flags & from) != 0) {
            translated |= to;
            flags &= ~from;
        }
    }
    return flags == 0;
}

constexpr std::pair<u32, int> kAddrInfoFlags[] = {
    {kAiPassive, AI_PASSIVE},
    {kAiCanonName, AI_CANONNAME},
    {kAiNumericHost, AI_NUMERICHOST},
    {kAiNumericServ, AI_NUMERICSERV},
    {kAiAll, AI_ALL},
    {kAiAddrConfig, AI_ADDRCONFIG},
    {kAiV4Mapped, AI_V4MAPPED},
    {kAiV4MappedCfg, AI_V4MAPPED},
};

constexpr std::pair<u32, int> kNameInfoFlags[] = {
    {kNiNoFqdn, NI_NOFQDN},     {kNiNumericHost, NI_NUMERICHOST},
    {kNiNameReqd, NI_NAMEREQD}, {kNiNumericServ, NI_NUMERICSERV},
    {kNiDgram, NI_DGRAM},
};

}  // namespace

int HostFamily(s32 family) {
    switch (family) {
        case kAfUnspec:
            return AF_UNSPEC;
        case kAfInet:
            return AF_INET;
        case kAfInet6:
            return AF_INET6;
        default:
            return -1;
    }
}

s32 ConsoleFamily(int host_family) {
    switch (host_family) {
        case AF_INET:
            return kAfInet;
        case AF_INET6:
            return kAfInet6;
        default:
            return kAfUnspec;
    }
}

bool HostAddrInfoFlags(u32 flags, int& host_flags) {
    return Translate(flags, kAddrInfoFlags, host_flags);
}

u32 ConsoleAddrInfoFlags(int host_flags) {
    u32 flags = 0;
    for (const auto& [console_flag, host_flag] : kAddrInfoFlags) {
        if ((host_flags & host_flag) != 0 && console_flag != kAiV4MappedCfg) {
            flags |= console_flag;
        }
    }
    return flags;
}

bool HostNameInfoFlags(u32 flags, int& host_flags) {
    return Translate(flags, kNameInfoFlags, host_flags);
}

s32 ConsoleGaiError(int host_error) {
    switch (host_error) {
        case 0:
            return 0;
        case EAI_ADDRFAMILY:
            return kEaiAddrFamily;
        case EAI_AGAIN:
            return kEaiAgain;
        case EAI_BADFLAGS:
            return kEaiBadFlags;
        case EAI_FAIL:
            return kEaiFail;
        case EAI_FAMILY:
            return kEaiFamily;
        case EAI_MEMORY:
            return kEaiMemory;
        case EAI_NODATA:
            return kEaiNoData;
        case EAI_NONAME:
            return kEaiNoName;
        case EAI_SERVICE:
            return kEaiService;
        case EAI_SOCKTYPE:
            return kEaiSocktype;
        case EAI_SYSTEM:
            return kEaiSystem;
        case EAI_OVERFLOW:
            return kEaiOverflow;
        default:
            return kEaiFail;
    }
}

s32 HostErrorForGaiError(s32 gai_error) {
    switch (gai_error) {
        case 0:
            return 0;
        case kEaiNoName:
        case kEaiNoData:
        case kEaiAddrFamily:
            return kHostNotFound;
        case kEaiAgain:
            return kTryAgain;
        case kEaiSystem:
            return kNetdbInternal;
        default:
            return kNoRecovery;
    }
}

}  // namespace services::bsd::console
