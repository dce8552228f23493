#include "services/set/factory_settings_server.h"

#include <cstring>

namespace services::set {
namespace {

// Locally administered addresses (bit 1 of the first byte), so they name no real device.
constexpr HardwareAddress kBdAddress{{0x02, 0x6e, 0x78, 0x68, 0x00, 0x01}};
constexpr HardwareAddress kMacAddress{{0x02, 0x6e, 0x78, 0x68, 0x00, 0x02}};
// A retail Erista serial's shape: XAW (the Americas), 1, ten digits.
constexpr char kSerial[] = "XAW10000000001";

}  // namespace

base::Result FactorySettingsServer::GetBluetoothBdAddress(ipc::Out<HardwareAddress> address) {
    *address = kBdAddress;
    return base::ResultSuccess;
}

base::Result FactorySettingsServer::GetWirelessLanMacAddress(ipc::Out<HardwareAddress> address) {
    *address = kMacAddress;
    return base::ResultSuccess;
}

base::Result FactorySettingsServer::GetWirelessLanCountryCodeCount(ipc::Out<s32> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result FactorySettingsServer::GetSerialNumber(ipc::Out<SerialNumber> serial) {
    *serial = SerialNumber{};
    std::memcpy(serial->text, kSerial, sizeof(kSerial));
    return base::ResultSuccess;
}

}  // namespace services::set
