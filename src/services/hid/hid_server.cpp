#include "services/hid/hid_server.h"

#include <cstring>

#include "base/log.h"

namespace services::hid {
namespace {

// hid's InvalidNpadId (module 202, description 709, as the open-source Switch emulators' HID
// result lists name it): an npad id that is none of No1..No8, Handheld, Other.
constexpr base::Result kResultInvalidNpadId{202, 709};

}  // namespace

base::Result AppletResource::GetSharedMemoryHandle(ipc::OutCopyHandle memory) {
    *memory.object = state_->Memory();
    return base::ResultSuccess;
}

base::Result ActiveVibrationDeviceList::ActivateVibrationDevice(u32) {
    return base::ResultSuccess;
}

base::Result HidServer::CreateAppletResource(ipc::RequestEnvironment environment, u64,
                                             ipc::OutObject resource) {
    *resource.object =
        std::make_shared<AppletResource>(state_, state_->AcquireSampler(*environment));
    return base::ResultSuccess;
}

base::Result HidServer::Activate(u64) {
    return base::ResultSuccess;
}

base::Result HidServer::StartSixAxisSensor(u32, u64) {
    return base::ResultSuccess;
}

base::Result HidServer::SetSupportedNpadStyleSet(ipc::RequestEnvironment environment, u32 style_set,
                                                 u64) {
    state_->SetSupportedStyleSet(style_set, *environment);
    return base::ResultSuccess;
}

base::Result HidServer::GetSupportedNpadStyleSet(u64, ipc::Out<u32> style_set) {
    *style_set = state_->SupportedStyleSet();
    return base::ResultSuccess;
}

base::Result HidServer::SetSupportedNpadIdType(ipc::RequestEnvironment environment, u64,
                                               ipc::InBuffer<ipc::kPointer> ids) {
    std::vector<u32> npad_ids(ids.data.size() / sizeof(u32));
    std::memcpy(npad_ids.data(), ids.data.data(), npad_ids.size() * sizeof(u32));
    state_->SetSupportedNpadIds(std::move(npad_ids), *environment);
    return base::ResultSuccess;
}

base::Result HidServer::AcquireNpadStyleSetUpdateEventHandle(u32 npad_id, u64, u64,
                                                             ipc::OutCopyHandle event) {
    *event.object = state_->StyleSetUpdateEvent(npad_id);
    return *event.object != nullptr ? base::ResultSuccess : kResultInvalidNpadId;
}

base::Result HidServer::ActivateNpadWithRevision(s32, u64) {
    return base::ResultSuccess;
}

base::Result HidServer::SetNpadJoyHoldType(u64, u64 hold_type) {
    state_->SetJoyHoldType(hold_type);
    return base::ResultSuccess;
}

base::Result HidServer::GetNpadJoyHoldType(u64, ipc::Out<u64> hold_type) {
    *hold_type = state_->JoyHoldType();
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
