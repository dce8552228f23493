#pragma once

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>

#include "kernel/ipc_session.h"
#include "kernel/periodic_work.h"

#include "base/types.h"
#include "kernel/event.h"
#include "profile/console_model.h"
#include "services/am/operation_mode.h"
#include "services/vi/display.h"

namespace services::am {

// What the applet manager tells the application: its message queue (with the event that says
// it is not empty), its focus and the console's operation mode. One per application, shared by
// every interface that needs it.
class AppletState : public std::enable_shared_from_this<AppletState> {
public:
    // nn::am::AppletMessage values (public homebrew documentation).
    static constexpr u32 kFocusStateChanged = 15;
    static constexpr u32 kOperationModeChanged = 30;
    static constexpr u32 kPerformanceModeChanged = 31;
    static constexpr u8 kInFocus = 1;

    AppletState(std::shared_ptr<vi::Display> display, profile::ConsoleModel console,
                std::shared_ptr<OperationModeSwitch> operation_mode)
        : display_(std::move(display)),
          console_(console),
          operation_mode_(std::move(operation_mode)),
          told_changes_(operation_mode_->Changes()),
          told_changes_seen_(told_changes_),
          message_event_(std::make_shared<kernel::ReadableEvent>()) {
        // An application starts in focus and is told so: libnx's start-up waits for it.
        messages_.push_back(kFocusStateChanged);
        message_event_->signaled = true;
    }

    const std::shared_ptr<kernel::ReadableEvent>& MessageEvent() const { return message_event_; }

    // The next message, or none; the event is cleared once the queue is empty.
    bool PopMessage(u32& message, kernel::IpcEnvironment& environment) {
        std::lock_guard lock(mutex_);
        const u64 changes = operation_mode_->Changes();
        if (changes != told_changes_) {
            told_changes_ = changes;
            messages_.push_back(kOperationModeChanged);
            messages_.push_back(kPerformanceModeChanged);
        }
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
    bool Docked() const { return operation_mode_->Docked(); }
    // The display's size in the current mode (ICommonStateGetter's default display resolution).
    profile::DisplaySize DisplaySize() const {
        profile::ConsoleModel now = console_;
        now.docked = Docked();
        return now.Display();
    }
    // Starts watching the operation mode (once, at the first proxy opened) when it can change.
    void WatchOperationMode(kernel::IpcEnvironment& environment);
    // The watcher's check, from periodic work (the scheduler's lock held): whether the mode
    // changed since the event was last signalled for it. The messages themselves are queued
    // when the application asks (PopMessage), so this takes no lock of the state's.
    bool TakeModeChange() {
        const u64 changes = operation_mode_->Changes();
        return told_changes_seen_.exchange(changes) != changes;
    }
    // The layer ISelfController's CreateManagedDisplayLayer makes on the display.
    u64 CreateManagedLayer() { return display_->CreateLayer(); }

private:
    std::shared_ptr<vi::Display> display_;
    profile::ConsoleModel console_;
    std::shared_ptr<OperationModeSwitch> operation_mode_;
    u64 told_changes_;                    // under mutex_: the changes the queue has told
    std::atomic<u64> told_changes_seen_;  // the changes the event was signalled for
    std::once_flag watching_;
    std::shared_ptr<kernel::PeriodicWork> watcher_;
    std::mutex mutex_;
    std::deque<u32> messages_;
    std::shared_ptr<kernel::ReadableEvent> message_event_;
};

}  // namespace services::am
