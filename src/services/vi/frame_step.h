#pragma once

// The host's frame step: how long the display's last frame took, from one frame shown to the
// next, on the guest clock (the host's steady clock, except under --deterministic). A game that
// steps its time by a fixed frame ratio follows it through a profile's frame-step patch, so a
// frame that takes two vsyncs moves the game two frames on, as the seed's fps_target does.

#include <atomic>
#include <optional>

#include "base/types.h"
#include "services/vi/presented_frames.h"

namespace services::vi {

class FrameStep {
public:
    // A stall (a load screen, a shader build) counts as this much at most, so that game time
    // does not leap ahead by the whole stall.
    static constexpr double kLongestStepSeconds = 0.1;

    // A PresentedFrames observer: called with each frame shown.
    void Shown(const FrameShown& shown);
    // The last step, once two frames were shown.
    std::optional<double> Seconds() const;
    // How many frames at `base_hz` the last step lasted; one refresh at `refresh_hz` before two
    // frames were shown.
    float FramesAt(u32 base_hz, u32 refresh_hz) const;

private:
    std::atomic<u64> last_ticks_{0};
    std::atomic<u64> step_ticks_{0};  // 0: not two frames yet
};

}  // namespace services::vi
