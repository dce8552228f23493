#include "services/lbl/backlight_service.h"

#include <algorithm>

namespace services::lbl {
namespace {

// nn::lbl::BacklightSwitchStatus.
constexpr u32 kSwitchDisabled = 0;
constexpr u32 kSwitchEnabled = 1;

}  // namespace

base::Result BacklightService::SaveCurrentSetting() {
    return base::ResultSuccess;
}

base::Result BacklightService::LoadCurrentSetting() {
    return base::ResultSuccess;
}

base::Result BacklightService::SetCurrentBrightnessSetting(float brightness) {
    std::lock_guard lock(state_->mutex);
    state_->brightness = std::clamp(brightness, 0.0f, 1.0f);
    return base::ResultSuccess;
}

base::Result BacklightService::GetCurrentBrightnessSetting(ipc::Out<float> brightness) {
    std::lock_guard lock(state_->mutex);
    *brightness = state_->brightness;
    return base::ResultSuccess;
}

base::Result BacklightService::ApplyCurrentBrightnessSettingToBacklight() {
    std::lock_guard lock(state_->mutex);
    state_->applied_brightness = state_->brightness;
    return base::ResultSuccess;
}

base::Result BacklightService::GetBrightnessSettingAppliedToBacklight(ipc::Out<float> brightness) {
    std::lock_guard lock(state_->mutex);
    *brightness = state_->applied_brightness;
    return base::ResultSuccess;
}

base::Result BacklightService::SwitchBacklightOn(u64) {
    std::lock_guard lock(state_->mutex);
    state_->on = true;
    return base::ResultSuccess;
}

base::Result BacklightService::SwitchBacklightOff(u64) {
    std::lock_guard lock(state_->mutex);
    state_->on = false;
    return base::ResultSuccess;
}

base::Result BacklightService::GetBacklightSwitchStatus(ipc::Out<u32> status) {
    std::lock_guard lock(state_->mutex);
    *status = state_->on ? kSwitchEnabled : kSwitchDisabled;
    return base::ResultSuccess;
}

base::Result BacklightService::EnableDimming() {
    std::lock_guard lock(state_->mutex);
    state_->dimming = true;
    return base::ResultSuccess;
}

base::Result BacklightService::DisableDimming() {
    std::lock_guard lock(state_->mutex);
    state_->dimming = false;
    return base::ResultSuccess;
}

base::Result BacklightService::IsDimmingEnabled(ipc::Out<bool> enabled) {
    std::lock_guard lock(state_->mutex);
    *enabled = state_->dimming;
    return base::ResultSuccess;
}

base::Result BacklightService::EnableAutoBrightnessControl() {
    std::lock_guard lock(state_->mutex);
    state_->auto_brightness = true;
    return base::ResultSuccess;
}

base::Result BacklightService::DisableAutoBrightnessControl() {
    std::lock_guard lock(state_->mutex);
    state_->auto_brightness = false;
    return base::ResultSuccess;
}

base::Result BacklightService::IsAutoBrightnessControlEnabled(ipc::Out<bool> enabled) {
    std::lock_guard lock(state_->mutex);
    *enabled = state_->auto_brightness;
    return base::ResultSuccess;
}

}  // namespace services::lbl
