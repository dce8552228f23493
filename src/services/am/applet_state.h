#pragma once

#include <deque>
#include <memory>
#include <mutex>

#include "base/types.h"
#include "kernel/event.h"
#include "services/vi/display.h"

namespace services::am {

// What the applet manager tells the application: its message queue (with the event that says
// it is not empty) and its focus. One per application, shared by every interface that needs it.
class AppletState {
public:
    // nn::am::AppletMessage values (public homebrew documentation).
    static constexpr u32 kFocusStateChanged = 15;
    static constexpr u8 kInFocus = 1;

    AppletState(std::shared_ptr<vi::Display> display, bool docked)
        : display_(std::move(display)),
          docked_(docked),
          message_event_(std::make_shared<kernel::ReadableEvent>()) {
        // An application starts in focus and is told so: libnx's start-up waits for it.
        messages_.push_back(kFocusStateChanged);
        message_event_->signaled = true;
    }

    const std::shared_ptr<kernel::ReadableEvent>& MessageEvent() const { return message_event_; }

    // The next message, or none; the event is cleared once the queue is empty.
    bool PopMessage(u32& message, kernel::IpcEnvironment& environment) {
        std::lock_guard lock(mutex_);
        if (messages_.empty()) {
            environment.SetEventSignal(*message_event_, false);
            return false;
        }
        message = messages_.front();
        messages_.pop_front();
        if (messages_.empty()) {
            environment.SetEventSignal(*message_event_, false);
        }
        return true;
    }

    u8 FocusState() const { return kInFocus; }
    bool Docked() const { return docked_; }
    // The layer ISelfController's CreateManagedDisplayLayer makes on the display.
    u64 CreateManagedLayer() { return display_->CreateLayer(); }

private:
    std::shared_ptr<vi::Display> display_;
    bool docked_;
    std::mutex mutex_;
    std::deque<u32> messages_;
    std::shared_ptr<kernel::ReadableEvent> message_event_;
};

}  // namespace services::am
