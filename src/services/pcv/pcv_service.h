#pragma once

#include <memory>

#include "ipc/service_object.h"
#include "services/pcv/clock_rates.h"

namespace services::pcv {

// pcv (nn::pcv::detail::IPcvService): the clock commands of before 8.0.0, which libnx still
// sends on older systems (libnx pcv.c); module numbers 0 CPU, 1 GPU, 56 EMC.
class PcvService final : public ipc::Interface<PcvService> {
public:
    static constexpr auto kName = "pcv";

    explicit PcvService(std::shared_ptr<ClockRates> rates) : rates_(std::move(rates)) {}

    base::Result SetClockRate(u32 module, u32 hz);
    base::Result GetClockRate(u32 module, ipc::Out<u32> hz);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(2, PcvService::SetClockRate),
        NX_COMMAND(3, PcvService::GetClockRate),
    };

private:
    std::shared_ptr<ClockRates> rates_;
};

}  // namespace services::pcv
