#include "services/vi/display_pacing.h"

#include <algorithm>

#include "kernel/guest_clock.h"

namespace services::vi {

u64 DisplayPacing::PeriodTicks() const {
    if (unlocked) {
        return kernel::GuestClock::kFrequency / kMaxRefreshHz;
    }
    return kernel::GuestClock::kFrequency / std::max<u32>(refresh_hz, 1);
}

}  // namespace services::vi
