#include "services/pcv/clock_rates.h"

#include <array>

namespace services::pcv {
namespace {

constexpr u32 MHz(double mhz) {
    return static_cast<u32>(mhz * 1e6 + 0.5);
}

constexpr std::array kCpuRates{MHz(204),  MHz(306),  MHz(408),  MHz(510),  MHz(612),  MHz(714),
                               MHz(816),  MHz(918),  MHz(1020), MHz(1122), MHz(1224), MHz(1326),
                               MHz(1428), MHz(1581), MHz(1683), MHz(1785)};
constexpr std::array kGpuRates{MHz(76.8),  MHz(153.6), MHz(230.4), MHz(307.2),
                               MHz(384),   MHz(460.8), MHz(537.6), MHz(614.4),
                               MHz(691.2), MHz(768),   MHz(844.8), MHz(921.6)};
constexpr std::array kMemoryRates{MHz(665.6), MHz(800), MHz(1065.6), MHz(1331.2), MHz(1600)};

}  // namespace

u32 DefaultRate(ClockDomain domain) {
    switch (domain) {
        case ClockDomain::Cpu:
            return MHz(1020);
        case ClockDomain::Gpu:
            return MHz(384);
        case ClockDomain::Memory:
            return MHz(1600);
        case ClockDomain::Other:
            break;
    }
    return 0;
}

std::span<const u32> PossibleRates(ClockDomain domain) {
    switch (domain) {
        case ClockDomain::Cpu:
            return kCpuRates;
        case ClockDomain::Gpu:
            return kGpuRates;
        case ClockDomain::Memory:
            return kMemoryRates;
        case ClockDomain::Other:
            break;
    }
    return {};
}

u32 ClockRates::Get(ClockDomain domain) const {
    std::lock_guard lock(mutex_);
    const auto found = set_.find(domain);
    return found == set_.end() ? DefaultRate(domain) : found->second;
}

void ClockRates::Set(ClockDomain domain, u32 hz) {
    if (domain == ClockDomain::Other) {
        return;
    }
    std::lock_guard lock(mutex_);
    set_[domain] = hz;
}

ClockDomain DomainOfModuleId(u32 module_id) {
    switch (module_id) {
        case 0x40000001:
            return ClockDomain::Cpu;
        case 0x40000002:
            return ClockDomain::Gpu;
        case 0x40000039:
            return ClockDomain::Memory;
        default:
            return ClockDomain::Other;
    }
}

ClockDomain DomainOfPcvModule(u32 module) {
    switch (module) {
        case 0:
            return ClockDomain::Cpu;
        case 1:
            return ClockDomain::Gpu;
        case 56:
            return ClockDomain::Memory;
        default:
            return ClockDomain::Other;
    }
}

ClockDomain DomainOfMultimediaModule(u32 module) {
    switch (module) {
        case 0:
            return ClockDomain::Cpu;
        case 1:
            return ClockDomain::Gpu;
        case 2:
            return ClockDomain::Memory;
        default:
            return ClockDomain::Other;
    }
}

}  // namespace services::pcv
