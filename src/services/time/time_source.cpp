#include "services/time/time_source.h"

#include <chrono>

#include "kernel/guest_clock.h"

namespace services::time {
namespace {

s64 TicksNanoseconds(u64 ticks) {
    return static_cast<s64>(kernel::GuestClock::TicksToNanoseconds(ticks));
}

template <typename Clock>
s64 NanosecondsOf() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
}

}  // namespace

const TimeSource::Anchor& TimeSource::AnchorAt(u64 ticks) const {
    std::call_once(anchored_, [&] {
        if (deterministic_) {
            anchor_ = Anchor{0, kDeterministicEpochSeconds * 1'000'000'000};
            return;
        }
        const s64 steady_ns = NanosecondsOf<std::chrono::steady_clock>();
        anchor_ = Anchor{steady_ns - TicksNanoseconds(ticks),
                         NanosecondsOf<std::chrono::system_clock>() - steady_ns};
    });
    return anchor_;
}

s64 TimeSource::SteadyBaseNanoseconds(u64 ticks) const {
    return AnchorAt(ticks).steady_base_ns;
}

s64 TimeSource::SteadyNanoseconds(u64 ticks) const {
    return SteadyBaseNanoseconds(ticks) + TicksNanoseconds(ticks);
}

s64 TimeSource::WallSeconds(u64 ticks) const {
    return (AnchorAt(ticks).wall_ns + SteadyNanoseconds(ticks)) / 1'000'000'000;
}

}  // namespace services::time
