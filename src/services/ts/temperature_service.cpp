#include "services/ts/temperature_service.h"

namespace services::ts {
namespace {

constexpr u8 kLocationInternal = 0;

// nxhost's idle readings, in millidegrees: the board at 36 °C, the SoC at 42 °C.
s32 MilliCelsius(u8 location) {
    if (location > 1) {
        LOG_WARNING("ts", "temperature of location {}: the console has locations 0 and 1",
                    location);
    }
    return location == kLocationInternal ? 36'000 : 42'000;
}

}  // namespace

base::Result TemperatureService::GetTemperatureRange(u8, ipc::Out<TemperatureRange> range) {
    *range = TemperatureRange{-40, 125};  // the TMP451's measuring range
    return base::ResultSuccess;
}

base::Result TemperatureService::GetTemperature(u8 location, ipc::Out<s32> celsius) {
    *celsius = MilliCelsius(location) / 1000;
    return base::ResultSuccess;
}

base::Result TemperatureService::GetTemperatureMilliC(u8 location, ipc::Out<s32> millicelsius) {
    *millicelsius = MilliCelsius(location);
    return base::ResultSuccess;
}

}  // namespace services::ts
