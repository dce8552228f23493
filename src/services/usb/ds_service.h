#pragma once

#include "ipc/service_object.h"

namespace services::usb {

// nn::usb::ds::IDsService: USB device mode with no host attached. The state stays Detached
// (0), and the state-change event is never signalled. Command ids from switchbrew "USB
// services" and libnx usbds.c.
class DsService final : public ipc::Interface<DsService> {
public:
    static constexpr auto kName = "nn::usb::ds::IDsService";

    base::Result BindDevice(u32 complex_id);
    base::Result BindClientProcess(ipc::InCopyHandle process);
    base::Result GetStateChangeEvent(ipc::OutCopyHandle event);
    base::Result GetState(ipc::Out<u32> state);
    base::Result ClearDeviceData();
    base::Result AddUsbStringDescriptor(ipc::InBuffer<ipc::kMapAlias> descriptor,
                                        ipc::Out<u8> index);
    base::Result DeleteUsbStringDescriptor(u8 index);
    base::Result SetUsbDeviceDescriptor(u32 speed, ipc::InBuffer<ipc::kMapAlias> descriptor);
    base::Result SetBinaryObjectStore(ipc::InBuffer<ipc::kMapAlias> store);
    base::Result Enable();
    base::Result Disable();

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, DsService::BindDevice),
        NX_COMMAND(1, DsService::BindClientProcess),
        NX_COMMAND(3, DsService::GetStateChangeEvent),
        NX_COMMAND(4, DsService::GetState),
        NX_COMMAND(5, DsService::ClearDeviceData),
        NX_COMMAND(6, DsService::AddUsbStringDescriptor),
        NX_COMMAND(7, DsService::DeleteUsbStringDescriptor),
        NX_COMMAND(8, DsService::SetUsbDeviceDescriptor),
        NX_COMMAND(9, DsService::SetBinaryObjectStore),
        NX_COMMAND(10, DsService::Enable),
        NX_COMMAND(11, DsService::Disable),
    };

private:
    u8 next_string_index_ = 1;
};

// usb:ds ([11.0.0+] nn::usb::ds::IDsRootSession): OpenDsService hands out the service above.
class DsRootSession final : public ipc::Interface<DsRootSession> {
public:
    static constexpr auto kName = "usb:ds";

    base::Result OpenDsService(ipc::OutObject service);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, DsRootSession::OpenDsService),
    };
};

}  // namespace services::usb
