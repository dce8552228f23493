#pragma once

#include <memory>
#include <mutex>

#include "ipc/service_object.h"

namespace services::lbl {

// The backlight's settings, shared by every lbl session.
struct BacklightState {
    std::mutex mutex;
    float brightness = 0.5f;  // nxhost's choice: the middle of the slider
    float applied_brightness = 0.5f;
    bool on = true;
    bool dimming = true;
    bool auto_brightness = false;
};

// lbl (nn::lbl::detail::ILblController): the screen's backlight, on, with auto-brightness off.
// Command ids from switchbrew "LBL services" and libnx lbl.c.
class BacklightService final : public ipc::Interface<BacklightService> {
public:
    static constexpr auto kName = "lbl";

    explicit BacklightService(std::shared_ptr<BacklightState> state) : state_(std::move(state)) {}

    base::Result SaveCurrentSetting();
    base::Result LoadCurrentSetting();
    base::Result SetCurrentBrightnessSetting(float brightness);
    base::Result GetCurrentBrightnessSetting(ipc::Out<float> brightness);
    base::Result ApplyCurrentBrightnessSettingToBacklight();
    base::Result GetBrightnessSettingAppliedToBacklight(ipc::Out<float> brightness);
    base::Result SwitchBacklightOn(u64 fade_time);
    base::Result SwitchBacklightOff(u64 fade_time);
    base::Result GetBacklightSwitchStatus(ipc::Out<u32> status);
    base::Result EnableDimming();
    base::Result DisableDimming();
    base::Result IsDimmingEnabled(ipc::Out<bool> enabled);
    base::Result EnableAutoBrightnessControl();
    base::Result DisableAutoBrightnessControl();
    base::Result IsAutoBrightnessControlEnabled(ipc::Out<bool> enabled);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, BacklightService::SaveCurrentSetting),
        NX_COMMAND(1, BacklightService::LoadCurrentSetting),
        NX_COMMAND(2, BacklightService::SetCurrentBrightnessSetting),
        NX_COMMAND(3, BacklightService::GetCurrentBrightnessSetting),
        NX_COMMAND(4, BacklightService::ApplyCurrentBrightnessSettingToBacklight),
        NX_COMMAND(5, BacklightService::GetBrightnessSettingAppliedToBacklight),
        NX_COMMAND(6, BacklightService::SwitchBacklightOn),
        NX_COMMAND(7, BacklightService::SwitchBacklightOff),
        NX_COMMAND(8, BacklightService::GetBacklightSwitchStatus),
        NX_COMMAND(9, BacklightService::EnableDimming),
        NX_COMMAND(10, BacklightService::DisableDimming),
        NX_COMMAND(11, BacklightService::IsDimmingEnabled),
        NX_COMMAND(12, BacklightService::EnableAutoBrightnessControl),
        NX_COMMAND(13, BacklightService::DisableAutoBrightnessControl),
        NX_COMMAND(14, BacklightService::IsAutoBrightnessControlEnabled),
    };

private:
    std::shared_ptr<BacklightState> state_;
};

}  // namespace services::lbl
