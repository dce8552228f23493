#include "services/am/applet_state.h"

#include "kernel/guest_clock.h"

namespace services::am {
namespace {

// Signals the message event when the operation mode changed (the window's F10), at the HID
// sampler's 60 Hz.
class OperationModeWatcher final : public kernel::PeriodicWork {
public:
    explicit OperationModeWatcher(std::weak_ptr<AppletState> state) : state_(std::move(state)) {}
    u64 PeriodTicks() const override { return kernel::GuestClock::NanosecondsToTicks(16'666'667); }
    bool MayWakeWaiters() const override { return true; }
    void Run(u64, kernel::EventSignaller& events) override {
        if (const auto state = state_.lock(); state && state->TakeModeChange()) {
            events.Signal(*state->MessageEvent());
        }
    }

private:
    std::weak_ptr<AppletState> state_;
};

}  // namespace

void AppletState::WatchOperationMode(kernel::IpcEnvironment& environment) {
    if (!operation_mode_->Switchable()) {
        return;  // headless: the mode never changes, and nothing should keep the run awake
    }
    std::call_once(watching_, [&] {
        watcher_ = std::make_shared<OperationModeWatcher>(weak_from_this());
        environment.StartPeriodicWork(watcher_);
    });
}

}  // namespace services::am
