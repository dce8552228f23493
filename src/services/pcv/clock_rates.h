#pragma once

#include <map>
#include <mutex>
#include <span>

#include "base/types.h"

namespace services::pcv {

// The clock domains nxhost knows the rates of.
enum class ClockDomain { Cpu, Gpu, Memory, Other };

// The clock rate of each domain, shared by clkrst, pcv and mm:u so that a rate one sets is the
// rate the others read. The defaults are apm's default performance configuration (0x00010000):
// CPU 1020 MHz, GPU 384 MHz, memory 1600 MHz. Domains nxhost does not model read 0.
class ClockRates {
public:
    u32 Get(ClockDomain domain) const;
    void Set(ClockDomain domain, u32 hz);

private:
    mutable std::mutex mutex_;
    std::map<ClockDomain, u32> set_;
};

u32 DefaultRate(ClockDomain domain);
// The rates the console's table lists for a domain (Erista), slowest first; empty for Other.
std::span<const u32> PossibleRates(ClockDomain domain);

// [8.0.0+] module ids (clkrst, libnx PcvModuleId) and the older pcv module numbers.
ClockDomain DomainOfModuleId(u32 module_id);
ClockDomain DomainOfPcvModule(u32 module);
// mm:u's module numbers (0 CPU, 1 GPU, 2 EMC, ...).
ClockDomain DomainOfMultimediaModule(u32 module);

}  // namespace services::pcv
