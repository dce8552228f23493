#include "services/vi/frame_step.h"

#include <algorithm>

#include "cpu/core.h"

namespace services::vi {

void FrameStep::Shown(const FrameShown& shown) {
    const u64 last = last_ticks_.exchange(shown.guest_ticks, std::memory_order_relaxed);
    if (last != 0 && shown.guest_ticks > last) {
        step_ticks_.store(shown.guest_ticks - last, std::memory_order_relaxed);
    }
}

std::optional<double> FrameStep::Seconds() const {
    const u64 step = step_ticks_.load(std::memory_order_relaxed);
    if (step == 0) {
        return std::nullopt;
    }
    return std::min(static_cast<double>(step) / static_cast<double>(cpu::kGuestCounterFrequency),
                    kLongestStepSeconds);
}

float FrameStep::FramesAt(u32 base_hz, u32 refresh_hz) const {
    const double seconds = Seconds().value_or(1.0 / refresh_hz);
    return static_cast<float>(seconds * base_hz);
}

}  // namespace services::vi
