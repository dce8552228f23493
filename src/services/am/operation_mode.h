#pragma once

// Handheld or docked, switchable while the program runs (the window's F10, as putting the
// console in its dock): the frontend sets it, am reports it and tells the application with
// OperationModeChanged and PerformanceModeChanged messages.

#include <atomic>

#include "base/types.h"

namespace services::am {

class OperationModeSwitch {
public:
    // `switchable`: something (a window) may change the mode while the program runs.
    OperationModeSwitch(bool docked, bool switchable) : docked_(docked), switchable_(switchable) {}

    bool Switchable() const { return switchable_; }
    bool Docked() const { return docked_; }
    void SetDocked(bool docked) {
        if (docked_.exchange(docked) != docked) {
            ++changes_;
        }
    }
    // How many times the mode changed: am compares it with what it told the application.
    u64 Changes() const { return changes_; }

private:
    std::atomic<bool> docked_;
    bool switchable_;
    std::atomic<u64> changes_{0};
};

}  // namespace services::am
