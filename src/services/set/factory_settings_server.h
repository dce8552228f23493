#pragma once

#include "ipc/service_object.h"

namespace services::set {

// A Bluetooth or Wi-Fi MAC address (nn::settings::factory::BdAddress / MacAddress).
struct HardwareAddress {
    u8 bytes[6];
};
static_assert(sizeof(HardwareAddress) == 6);

// nn::settings::factory::SerialNumber: the console's serial, zero-padded.
struct SerialNumber {
    char text[0x18];
};
static_assert(sizeof(SerialNumber) == 0x18);

// set:cal (nn::settings::IFactorySettingsServer): the calibration data of one made-up retail
// Erista console. Command ids from switchbrew "Settings services" and libnx set.c.
class FactorySettingsServer final : public ipc::Interface<FactorySettingsServer> {
public:
    static constexpr auto kName = "set:cal";

    base::Result GetBluetoothBdAddress(ipc::Out<HardwareAddress> address);
    base::Result GetWirelessLanMacAddress(ipc::Out<HardwareAddress> address);
    base::Result GetWirelessLanCountryCodeCount(ipc::Out<s32> count);
    base::Result GetSerialNumber(ipc::Out<SerialNumber> serial);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, FactorySettingsServer::GetBluetoothBdAddress),
        NX_COMMAND(6, FactorySettingsServer::GetWirelessLanMacAddress),
        NX_COMMAND(7, FactorySettingsServer::GetWirelessLanCountryCodeCount),
        NX_COMMAND(9, FactorySettingsServer::GetSerialNumber),
    };
};

}  // namespace services::set
