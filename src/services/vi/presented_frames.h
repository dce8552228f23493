#pragma once

// The frames the display shows: the buffer queue puts each presented frame here, the window
// and screenshots take the latest.

#include <functional>
#include <mutex>
#include <optional>

#include "gpu/frame.h"

namespace services::vi {

class PresentedFrames {
public:
    void Present(gpu::Frame frame) {
        std::function<void(const gpu::Frame&)> listener;
        {
            std::lock_guard lock(mutex_);
            latest_ = std::move(frame);
            ++count_;
            listener = listener_;
        }
        if (listener) {
            listener(*latest_);
        }
    }
    std::optional<gpu::Frame> Latest() const {
        std::lock_guard lock(mutex_);
        return latest_;
    }
    u64 Count() const {
        std::lock_guard lock(mutex_);
        return count_;
    }
    // Called on the guest's thread with each new frame (the window copies it).
    void SetListener(std::function<void(const gpu::Frame&)> listener) {
        std::lock_guard lock(mutex_);
        listener_ = std::move(listener);
    }

private:
    mutable std::mutex mutex_;
    std::optional<gpu::Frame> latest_;
    u64 count_ = 0;
    std::function<void(const gpu::Frame&)> listener_;
};

}  // namespace services::vi
