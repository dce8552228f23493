#include "services/audio/audio_output_clock.h"

namespace services::audio {

void AudioOutputClock::Run(u64 ticks, kernel::EventSignaller&) {
    if (!launched_) {
        // First due one period after the launch.
        output_->Launch(ticks - kPeriodTicks);
        launched_ = true;
    }
    output_->AdvanceTo(ticks);
}

}  // namespace services::audio
