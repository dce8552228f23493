#pragma once

// The pads the host feeds while the program runs (a window's keyboard and game controllers),
// one a player of the pad layout (index 0 is its first entry). The frontend writes them from
// its own thread; the HID sampler reads them at every sample. Without HostPads (headless),
// every player of the layout is connected from the start.

#include <mutex>
#include <optional>
#include <vector>

#include "services/hid/pad_input.h"

namespace services::hid {

class HostPads {
public:
    struct Pad {
        bool connected = false;
        PadInput input;
        bool operator==(const Pad&) const = default;
    };

    explicit HostPads(std::size_t players) : pads_(players) {}

    std::size_t Players() const { return pads_.size(); }
    // Both ignore a player the layout does not have.
    void SetConnected(std::size_t player, bool connected) {
        std::lock_guard lock(mutex_);
        if (player < pads_.size()) {
            pads_[player].connected = connected;
        }
    }
    void SetInput(std::size_t player, const PadInput& input) {
        std::lock_guard lock(mutex_);
        if (player < pads_.size()) {
            pads_[player].input = input;
        }
    }
    std::vector<Pad> Snapshot() const {
        std::lock_guard lock(mutex_);
        return pads_;
    }
    // The window's mouse is the touch screen: its point while the button is held.
    void SetTouch(std::optional<TouchPoint> touch) {
        std::lock_guard lock(mutex_);
        touch_ = touch;
    }
    std::optional<TouchPoint> Touch() const {
        std::lock_guard lock(mutex_);
        return touch_;
    }

private:
    mutable std::mutex mutex_;
    std::vector<Pad> pads_;
    std::optional<TouchPoint> touch_;
};

}  // namespace services::hid
