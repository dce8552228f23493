#pragma once

// `hid`: nn::hid::IHidServer and the interfaces it hands out. Command ids and argument
// layouts from the public homebrew documentation ("HID services"). The AppletResourceUserId
// an application passes is the raw u64 that travels with its process id.

#include <memory>

#include "ipc/service_object.h"
#include "services/hid/hid_state.h"

namespace services::hid {

// Holds the sampler running while the application has its applet resource.
class AppletResource final : public ipc::Interface<AppletResource> {
public:
    static constexpr auto kName = "nn::hid::IAppletResource";
    AppletResource(std::shared_ptr<HidState> state, std::shared_ptr<Sampler> sampler)
        : state_(std::move(state)), sampler_(std::move(sampler)) {}

    base::Result GetSharedMemoryHandle(ipc::OutCopyHandle memory);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AppletResource::GetSharedMemoryHandle),
    };

private:
    std::shared_ptr<HidState> state_;
    std::shared_ptr<Sampler> sampler_;
};

class ActiveVibrationDeviceList final : public ipc::Interface<ActiveVibrationDeviceList> {
public:
    static constexpr auto kName = "nn::hid::IActiveVibrationDeviceList";

    base::Result ActivateVibrationDevice(u32 handle);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ActiveVibrationDeviceList::ActivateVibrationDevice),
    };
};

// nn::hid::VibrationValue: amplitudes and frequencies of the low and high bands.
struct VibrationValue {
    float amplitude_low, frequency_low, amplitude_high, frequency_high;
};
// nn::hid::VibrationDeviceInfo.
struct VibrationDeviceInfo {
    u32 device_type;  // 1: linear resonant actuator
    u32 position;     // 1: left, 2: right
};

class HidServer final : public ipc::Interface<HidServer> {
public:
    static constexpr auto kName = "nn::hid::IHidServer";
    explicit HidServer(std::shared_ptr<HidState> state) : state_(std::move(state)) {}

    base::Result CreateAppletResource(ipc::RequestEnvironment environment, u64 aruid,
                                      ipc::OutObject resource);
    base::Result Activate(u64 aruid);  // debug pad, touch screen, mouse, keyboard, npad
    base::Result StartSixAxisSensor(u32 handle, u64 aruid);
    base::Result SetSupportedNpadStyleSet(ipc::RequestEnvironment environment, u32 style_set,
                                          u64 aruid);
    base::Result GetSupportedNpadStyleSet(u64 aruid, ipc::Out<u32> style_set);
    base::Result SetSupportedNpadIdType(ipc::RequestEnvironment environment, u64 aruid,
                                        ipc::InBuffer<ipc::kPointer> ids);
    base::Result AcquireNpadStyleSetUpdateEventHandle(u32 npad_id, u64 aruid, u64 event_pointer,
                                                      ipc::OutCopyHandle event);
    base::Result ActivateNpadWithRevision(s32 revision, u64 aruid);
    base::Result SetNpadJoyHoldType(u64 aruid, u64 hold_type);
    base::Result GetNpadJoyHoldType(u64 aruid, ipc::Out<u64> hold_type);
    base::Result SetNpadJoyAssignmentMode(u32 npad_id, u64 aruid);
    base::Result SetNpadHandheldActivationMode(u64 aruid, u64 mode);
    base::Result GetVibrationDeviceInfo(u32 handle, ipc::Out<VibrationDeviceInfo> info);
    base::Result SendVibrationValue(u32 handle, VibrationValue value, u64 aruid);
    base::Result GetActualVibrationValue(u32 handle, u64 aruid, ipc::Out<VibrationValue> value);
    base::Result CreateActiveVibrationDeviceList(ipc::OutObject list);
    base::Result PermitVibration(u8 permitted);
    base::Result IsVibrationPermitted(ipc::Out<u8> permitted);
    base::Result SendVibrationValues(u64 aruid, ipc::InBuffer<ipc::kPointer> handles,
                                     ipc::InBuffer<ipc::kPointer> values);
    base::Result IsVibrationDeviceMounted(u32 handle, u64 aruid, ipc::Out<u8> mounted);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HidServer::CreateAppletResource),
        NX_COMMAND(1, HidServer::Activate),   // ActivateDebugPad
        NX_COMMAND(11, HidServer::Activate),  // ActivateTouchScreen
        NX_COMMAND(21, HidServer::Activate),  // ActivateMouse
        NX_COMMAND(31, HidServer::Activate),  // ActivateKeyboard
        NX_COMMAND(66, HidServer::StartSixAxisSensor),
        NX_COMMAND(67, HidServer::StartSixAxisSensor),  // StopSixAxisSensor
        NX_COMMAND(100, HidServer::SetSupportedNpadStyleSet),
        NX_COMMAND(101, HidServer::GetSupportedNpadStyleSet),
        NX_COMMAND(102, HidServer::SetSupportedNpadIdType),
        NX_COMMAND(103, HidServer::Activate),  // ActivateNpad
        NX_COMMAND(104, HidServer::Activate),  // DeactivateNpad
        NX_COMMAND(106, HidServer::AcquireNpadStyleSetUpdateEventHandle),
        NX_COMMAND(109, HidServer::ActivateNpadWithRevision),
        NX_COMMAND(120, HidServer::SetNpadJoyHoldType),
        NX_COMMAND(121, HidServer::GetNpadJoyHoldType),
        NX_COMMAND(122, HidServer::SetNpadJoyAssignmentMode),  // SingleByDefault
        NX_COMMAND(124, HidServer::SetNpadJoyAssignmentMode),  // Dual
        NX_COMMAND(128, HidServer::SetNpadHandheldActivationMode),
        NX_COMMAND(200, HidServer::GetVibrationDeviceInfo),
        NX_COMMAND(201, HidServer::SendVibrationValue),
        NX_COMMAND(202, HidServer::GetActualVibrationValue),
        NX_COMMAND(203, HidServer::CreateActiveVibrationDeviceList),
        NX_COMMAND(204, HidServer::PermitVibration),
        NX_COMMAND(205, HidServer::IsVibrationPermitted),
        NX_COMMAND(206, HidServer::SendVibrationValues),
        NX_COMMAND(211, HidServer::IsVibrationDeviceMounted),
    };

private:
    std::shared_ptr<HidState> state_;
    bool vibration_permitted_ = true;
};

}  // namespace services::hid
