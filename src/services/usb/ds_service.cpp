#include "services/usb/ds_service.h"

#include "kernel/event.h"

namespace services::usb {
namespace {

constexpr u32 kStateDetached = 0;  // nn::usb::UsbState: no host on the cable

}  // namespace

base::Result DsService::BindDevice(u32 complex_id) {
    LOG_DEBUG("usb", "usb:ds BindDevice(complex {})", complex_id);
    return base::ResultSuccess;
}

base::Result DsService::BindClientProcess(ipc::InCopyHandle) {
    return base::ResultSuccess;
}

base::Result DsService::GetStateChangeEvent(ipc::OutCopyHandle event) {
    *event.object = std::make_shared<kernel::ReadableEvent>();  // nothing is ever attached
    return base::ResultSuccess;
}

base::Result DsService::GetState(ipc::Out<u32> state) {
    *state = kStateDetached;
    return base::ResultSuccess;
}

base::Result DsService::ClearDeviceData() {
    return base::ResultSuccess;
}

base::Result DsService::AddUsbStringDescriptor(ipc::InBuffer<ipc::kMapAlias>, ipc::Out<u8> index) {
    *index = next_string_index_++;
    return base::ResultSuccess;
}

base::Result DsService::DeleteUsbStringDescriptor(u8) {
    return base::ResultSuccess;
}

base::Result DsService::SetUsbDeviceDescriptor(u32, ipc::InBuffer<ipc::kMapAlias>) {
    return base::ResultSuccess;
}

base::Result DsService::SetBinaryObjectStore(ipc::InBuffer<ipc::kMapAlias>) {
    return base::ResultSuccess;
}

base::Result DsService::Enable() {
    LOG_INFO("usb", "usb:ds enabled: no USB host is attached, the state stays Detached");
    return base::ResultSuccess;
}

base::Result DsService::Disable() {
    return base::ResultSuccess;
}

base::Result DsRootSession::OpenDsService(ipc::OutObject service) {
    *service.object = std::make_shared<DsService>();
    return base::ResultSuccess;
}

}  // namespace services::usb
