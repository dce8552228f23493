#pragma once

#include <memory>

#include "ipc/service_object.h"
#include "services/pcv/clock_rates.h"

namespace services::pcv {

// What GetPossibleClockRates answers besides the list.
struct PossibleRatesReply {
    s32 list_type;  // nn::pcv::ClockRatesListType: 1 discrete
    s32 count;
};

// nn::clkrst::IClkrstSession: one module's clock.
class ClkrstSession final : public ipc::Interface<ClkrstSession> {
public:
    static constexpr auto kName = "nn::clkrst::IClkrstSession";

    ClkrstSession(std::shared_ptr<ClockRates> rates, u32 module_id)
        : rates_(std::move(rates)), module_id_(module_id) {}

    base::Result SetClockRate(u32 hz);
    base::Result GetClockRate(ipc::Out<u32> hz);
    base::Result GetPossibleClockRates(u32 max_count, ipc::OutBuffer<ipc::kMapAlias> rates,
                                       ipc::Out<PossibleRatesReply> reply);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(7, ClkrstSession::SetClockRate),
        NX_COMMAND(8, ClkrstSession::GetClockRate),
        NX_COMMAND(9, ClkrstSession::GetPossibleClockRates),
    };

private:
    std::shared_ptr<ClockRates> rates_;
    u32 module_id_;
};

// clkrst (nn::clkrst::IClkrstManager, [8.0.0+]; libnx clkrst.c).
class ClkrstManager final : public ipc::Interface<ClkrstManager> {
public:
    static constexpr auto kName = "clkrst";

    explicit ClkrstManager(std::shared_ptr<ClockRates> rates) : rates_(std::move(rates)) {}

    base::Result OpenSession(u32 module_id, u32 unknown, ipc::OutObject session);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ClkrstManager::OpenSession),
    };

private:
    std::shared_ptr<ClockRates> rates_;
};

}  // namespace services::pcv
