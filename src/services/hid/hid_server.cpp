#include "services/hid/hid_server.h"

#include <cstring>

#include "base/log.h"

namespace services::hid {

base::Result AppletResource::GetSharedMemoryHandle(ipc::OutCopyHandle memory) {
    *memory.object = state_->Memory();
    return base::ResultSuccess;
}

base::Result ActiveVibrationDeviceList::ActivateVibrationDevice(u32) {
    return base::ResultSuccess;
}

base::Result HidServer::CreateAppletResource(u64, ipc::OutObject resource) {
    *resource.object = std::make_shared<AppletResource>(state_, state_->AcquireSampler());
    return base::ResultSuccess;
}

base::Result HidServer::Activate(u64) {
    return base::ResultSuccess;
}

base::Result HidServer::StartSixAxisSensor(u32, u64) {
    return base::ResultSuccess;
}

base::Result HidServer::SetSupportedNpadStyleSet(u32 style_set, u64) {
    std::lock_guard lock(state_->mutex);
    state_->supported_style_set = style_set;
    return base::ResultSuccess;
}

base::Result HidServer::GetSupportedNpadStyleSet(u64, ipc::Out<u32> style_set) {
    std::lock_guard lock(state_->mutex);
    *style_set = state_->supported_style_set;
    return base::ResultSuccess;
}

base::Result HidServer::SetSupportedNpadIdType(u64, ipc::InBuffer<ipc::kPointer> ids) {
    std::lock_guard lock(state_->mutex);
    state_->supported_npad_ids.resize(ids.data.size() / sizeof(u32));
    std::memcpy(state_->supported_npad_ids.data(), ids.data.data(),
                state_->supported_npad_ids.size() * sizeof(u32));
    return base::ResultSuccess;
}

base::Result HidServer::AcquireNpadStyleSetUpdateEventHandle(u32, u64, u64,
                                                             ipc::OutCopyHandle event) {
    *event.object = state_->StyleSetUpdateEvent();
    return base::ResultSuccess;
}

base::Result HidServer::ActivateNpadWithRevision(s32, u64) {
    return base::ResultSuccess;
}

base::Result HidServer::SetNpadJoyHoldType(u64, u64 hold_type) {
    std::lock_guard lock(state_->mutex);
    state_->joy_hold_type = hold_type;
    return base::ResultSuccess;
}

base::Result HidServer::GetNpadJoyHoldType(u64, ipc::Out<u64> hold_type) {
    std::lock_guard lock(state_->mutex);
    *hold_type = state_->joy_hold_type;
    return base::ResultSuccess;
}

base::Result HidServer::SetNpadJoyAssignmentMode(u32, u64) {
    return base::ResultSuccess;
}

base::Result HidServer::SetNpadHandheldActivationMode(u64, u64) {
    return base::ResultSuccess;
}

// A vibration device handle: byte 0 its type, byte 1 the npad id, byte 2 the device index.
base::Result HidServer::GetVibrationDeviceInfo(u32 handle, ipc::Out<VibrationDeviceInfo> info) {
    info->device_type = 1;
    info->position = ((handle >> 16) & 0xff) == 0 ? 1 : 2;
    return base::ResultSuccess;
}

base::Result HidServer::SendVibrationValue(u32, VibrationValue, u64) {
    return base::ResultSuccess;
}

// At rest: no amplitude, the default frequencies (160 Hz low band, 320 Hz high band).
base::Result HidServer::GetActualVibrationValue(u32, u64, ipc::Out<VibrationValue> value) {
    *value = VibrationValue{0.0f, 160.0f, 0.0f, 320.0f};
    return base::ResultSuccess;
}

base::Result HidServer::CreateActiveVibrationDeviceList(ipc::OutObject list) {
    *list.object = std::make_shared<ActiveVibrationDeviceList>();
    return base::ResultSuccess;
}

base::Result HidServer::PermitVibration(u8 permitted) {
    vibration_permitted_ = permitted != 0;
    return base::ResultSuccess;
}

base::Result HidServer::IsVibrationPermitted(ipc::Out<u8> permitted) {
    *permitted = vibration_permitted_ ? 1 : 0;
    return base::ResultSuccess;
}

base::Result HidServer::SendVibrationValues(u64, ipc::InBuffer<ipc::kPointer>,
                                            ipc::InBuffer<ipc::kPointer>) {
    return base::ResultSuccess;
}

base::Result HidServer::IsVibrationDeviceMounted(u32, u64, ipc::Out<u8> mounted) {
    *mounted = 1;
    return base::ResultSuccess;
}

}  // namespace services::hid
