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
        NX_NOT_BUILT(2, "EnableBatteryCharging"),
        NX_NOT_BUILT(3, "DisableBatteryCharging"),
        NX_COMMAND(4, PowerStateService::IsBatteryChargingEnabled),
        NX_NOT_BUILT(5, "AcquireControllerPowerSupply"),
        NX_NOT_BUILT(6, "ReleaseControllerPowerSupply"),
        NX_NOT_BUILT(7, "OpenSession"),
        NX_NOT_BUILT(8, "EnableEnoughPowerChargeEmulation"),
        NX_NOT_BUILT(9, "DisableEnoughPowerChargeEmulation"),
        NX_NOT_BUILT(10, "EnableFastBatteryCharging"),
        NX_NOT_BUILT(11, "DisableFastBatteryCharging"),
        NX_NOT_BUILT(12, "GetBatteryVoltageState"),
        NX_NOT_BUILT(13, "GetRawBatteryChargePercentage"),
        NX_NOT_BUILT(14, "IsEnoughPowerSupplied"),
        NX_NOT_BUILT(15, "GetBatteryAgePercentage"),
        NX_NOT_BUILT(16, "GetBatteryChargeInfoEvent"),
        NX_NOT_BUILT(17, "GetBatteryChargeInfoFields"),
        NX_NOT_BUILT(18, "GetBatteryChargeCalibratedEvent"),
    };
};

}  // namespace services::psm
