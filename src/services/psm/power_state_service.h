#pragma once

#include "ipc/service_object.h"

namespace services::psm {

// psm (nn::psm::IPsmServer): a console on its charger with a full battery. Command ids from the
// public homebrew documentation (switchbrew "PTM services", psm).
class PowerStateService final : public ipc::Interface<PowerStateService> {
public:
    static constexpr auto kName = "psm";

    base::Result GetBatteryChargePercentage(ipc::Out<u32> percentage);
    base::Result GetChargerType(ipc::Out<u32> type);
    base::Result IsBatteryChargingEnabled(ipc::Out<bool> enabled);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, PowerStateService::GetBatteryChargePercentage),
        NX_COMMAND(1, PowerStateService::GetChargerType),
        NX_COMMAND(4, PowerStateService::IsBatteryChargingEnabled),
    };
};

}  // namespace services::psm
