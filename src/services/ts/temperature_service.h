#pragma once

#include "ipc/service_object.h"

namespace services::ts {

// What GetTemperatureRange answers, in degrees Celsius.
struct TemperatureRange {
    s32 min;
    s32 max;
};

// ts (nn::ts::server::IMeasurementServer): the two sensors of the TMP451, location 0 the
// internal one (the board) and 1 the external one (the SoC), at a console's idle
// temperatures. Command ids from switchbrew "PTM services" and libnx ts.c.
class TemperatureService final : public ipc::Interface<TemperatureService> {
public:
    static constexpr auto kName = "ts";

    base::Result GetTemperatureRange(u8 location, ipc::Out<TemperatureRange> range);
    base::Result GetTemperature(u8 location, ipc::Out<s32> celsius);
    base::Result GetTemperatureMilliC(u8 location, ipc::Out<s32> millicelsius);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, TemperatureService::GetTemperatureRange),
        NX_COMMAND(1, TemperatureService::GetTemperature),
        NX_COMMAND(3, TemperatureService::GetTemperatureMilliC),
    };
};

}  // namespace services::ts
