#include "services/psm/power_state_service.h"

namespace services::psm {
namespace {

// nn::psm::ChargerType (libnx's PsmChargerType): 0 none, 1 the official charger, 2 a
// low-power USB charger.
constexpr u32 kChargerOfficial = 1;

}  // namespace

base::Result PowerStateService::GetBatteryChargePercentage(ipc::Out<u32> percentage) {
    *percentage = 100;
    return base::ResultSuccess;
}

base::Result PowerStateService::GetChargerType(ipc::Out<u32> type) {
    *type = kChargerOfficial;
    return base::ResultSuccess;
}

base::Result PowerStateService::IsBatteryChargingEnabled(ipc::Out<bool> enabled) {
    *enabled = true;
    return base::ResultSuccess;
}

}  // namespace services::psm
