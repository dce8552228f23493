#include "services/vi/display.h"

#include "kernel/guest_clock.h"
#include "kernel/periodic_work.h"

namespace services::vi {

// Signals the vsync event at 60 Hz of guest time.
class VsyncWork final : public kernel::PeriodicWork {
public:
    explicit VsyncWork(std::shared_ptr<kernel::ReadableEvent> event) : event_(std::move(event)) {}
    u64 PeriodTicks() const override { return kernel::GuestClock::NanosecondsToTicks(16'666'667); }
    bool MayWakeWaiters() const override { return true; }
    void Run(u64, kernel::EventSignaller& events) override { events.Signal(*event_); }

private:
    std::shared_ptr<kernel::ReadableEvent> event_;
};

Display::Display(const profile::ConsoleModel& console, std::shared_ptr<nvdrv::NvMap> nvmap,
                 std::shared_ptr<PresentedFrames> frames,
                 std::shared_ptr<am::OperationModeSwitch> operation_mode)
    : console_(console),
      operation_mode_(std::move(operation_mode)),
      nvmap_(std::move(nvmap)),
      frames_(std::move(frames)) {}

profile::DisplaySize Display::Size() const {
    profile::ConsoleModel now = console_;
    if (operation_mode_) {
        now.docked = operation_mode_->Docked();
    }
    return now.Display();
}

Display::~Display() = default;

u64 Display::CreateLayer() {
    std::lock_guard lock(mutex_);
    const u64 layer = next_layer_++;
    const u32 binder = next_binder_++;
    layers_[layer] = binder;
    queues_[binder] = std::make_shared<BufferQueue>(nvmap_, frames_);
    return layer;
}

bool Display::DestroyLayer(u64 layer_id) {
    std::lock_guard lock(mutex_);
    const auto found = layers_.find(layer_id);
    if (found == layers_.end()) {
        return false;
    }
    queues_.erase(found->second);
    layers_.erase(found);
    return true;
}

u32 Display::BinderIdOf(u64 layer_id) const {
    std::lock_guard lock(mutex_);
    const auto found = layers_.find(layer_id);
    return found == layers_.end() ? 0 : found->second;
}

std::shared_ptr<BufferQueue> Display::QueueFor(u32 binder_id) const {
    std::lock_guard lock(mutex_);
    const auto found = queues_.find(binder_id);
    return found == queues_.end() ? nullptr : found->second;
}

std::shared_ptr<kernel::ReadableEvent> Display::VsyncEvent(kernel::IpcEnvironment& environment) {
    std::lock_guard lock(mutex_);
    if (!vsync_event_) {
        vsync_event_ = std::make_shared<kernel::ReadableEvent>();
        vsync_work_ = std::make_shared<VsyncWork>(vsync_event_);
        environment.StartPeriodicWork(vsync_work_);
    }
    return vsync_event_;
}

}  // namespace services::vi
