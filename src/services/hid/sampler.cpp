#include "services/hid/sampler.h"

#include "kernel/guest_clock.h"
#include "services/hid/hid_state.h"

namespace services::hid {

u64 Sampler::PeriodTicks() const {
    return kernel::GuestClock::NanosecondsToTicks(kPeriodNs);
}

bool Sampler::MayWakeWaiters() const {
    return state_->HasHostPads();
}

void Sampler::Run(u64 ticks, kernel::EventSignaller& events) {
    state_->Sample(ticks, PeriodTicks(), events);
}

}  // namespace services::hid
