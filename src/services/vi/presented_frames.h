#pragma once

// The frames the display shows: at each vsync the buffer queue's next frame is put here, with
// when it was shown; the window, screenshots and frame statistics take it from here.

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "gpu/frame.h"

namespace services::vi {

// When a frame was shown: its number in the run (1 for the first), the guest clock's ticks and
// the host's steady clock.
struct FrameShown {
    u64 number = 0;
    u64 guest_ticks = 0;
    std::chrono::steady_clock::time_point host_time;
};

class PresentedFrames {
public:
    using Observer = std::function<void(const FrameShown&)>;

    // Called at the display's vsync, often with the kernel's scheduler lock held: observers
    // must be quick.
    void Present(gpu::Frame frame, u64 guest_ticks) {
        std::vector<Observer> observers;
        FrameShown shown;
        {
            std::lock_guard lock(mutex_);
            latest_ = std::make_shared<const gpu::Frame>(std::move(frame));
            shown = {++count_, guest_ticks, std::chrono::steady_clock::now()};
            observers = observers_;
        }
        for (const Observer& observer : observers) {
            observer(shown);
        }
    }
    // The frame on screen, shared rather than copied: a vsync never waits for a window's copy.
    std::shared_ptr<const gpu::Frame> Latest() const {
        std::lock_guard lock(mutex_);
        return latest_;
    }
    u64 Count() const {
        std::lock_guard lock(mutex_);
        return count_;
    }
    // Called with each frame shown (frame statistics, the window's repaint).
    void AddObserver(Observer observer) {
        std::lock_guard lock(mutex_);
        observers_.push_back(std::move(observer));
    }

private:
    mutable std::mutex mutex_;
    std::shared_ptr<const gpu::Frame> latest_;
    u64 count_ = 0;
    std::vector<Observer> observers_;
};

}  // namespace services::vi
