#include "services/vi/display.h"

#include "kernel/guest_clock.h"
#include "kernel/periodic_work.h"

namespace services::vi {

// The display's refresh: signals the vsync event and shows each queue's next frame. Its own
// lock is taken inside the kernel's (periodic work runs under it) and nothing is called with
// it held but the queues' Latch, whose lock is never held while reaching the kernel.
class VsyncWork final : public kernel::PeriodicWork {
public:
    VsyncWork(u64 period_ticks, std::shared_ptr<PresentedFrames> frames)
        : period_ticks_(period_ticks),
          frames_(std::move(frames)),
          event_(std::make_shared<kernel::ReadableEvent>()) {}

    const std::shared_ptr<kernel::ReadableEvent>& Event() const { return event_; }
    void AddQueue(std::weak_ptr<BufferQueue> queue) {
        std::lock_guard lock(mutex_);
        queues_.push_back(std::move(queue));
    }

    u64 PeriodTicks() const override { return period_ticks_; }
    // It signals the vsync event every period: threads waiting for it are not deadlocked.
    bool MayWakeWaiters() const override { return true; }
    void Run(u64 ticks, kernel::EventSignaller& events) override {
        std::vector<std::shared_ptr<BufferQueue>> queues;
        {
            std::lock_guard lock(mutex_);
            std::erase_if(queues_, [](const auto& queue) { return queue.expired(); });
            for (const auto& queue : queues_) {
                if (auto live = queue.lock()) {
                    queues.push_back(std::move(live));
                }
            }
        }
        for (const auto& queue : queues) {
            BufferQueue::Latched latched = queue->Latch();
            if (latched.frame) {
                frames_->Present(std::move(*latched.frame), ticks);
            }
            if (latched.freed) {
                events.Signal(*queue->BufferFreeEvent());
            }
        }
        events.Signal(*event_);
    }

private:
    const u64 period_ticks_;
    std::shared_ptr<PresentedFrames> frames_;
    std::shared_ptr<kernel::ReadableEvent> event_;
    std::mutex mutex_;
    std::vector<std::weak_ptr<BufferQueue>> queues_;
};

Display::Display(const profile::ConsoleModel& console, std::shared_ptr<nvdrv::NvMap> nvmap,
                 std::shared_ptr<PresentedFrames> frames,
                 std::shared_ptr<am::OperationModeSwitch> operation_mode, DisplayPacing pacing)
    : console_(console),
      pacing_(pacing),
      operation_mode_(std::move(operation_mode)),
      nvmap_(std::move(nvmap)),
      frames_(std::move(frames)),
      vsync_(std::make_shared<VsyncWork>(pacing_.PeriodTicks(), frames_)) {}

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
    auto queue = std::make_shared<BufferQueue>(nvmap_);
    vsync_->AddQueue(queue);
    queues_[binder] = std::move(queue);
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
    StartVsync(environment);
    return vsync_->Event();
}

void Display::StartVsync(kernel::IpcEnvironment& environment) {
    {
        std::lock_guard lock(mutex_);
        if (vsync_started_) {
            return;
        }
        vsync_started_ = true;
    }
    // Outside mutex_: the kernel's lock is never taken while holding it.
    environment.StartPeriodicWork(vsync_);
}

}  // namespace services::vi
