#pragma once

// The output's clock on the guest's: from a program's launch, every 5 ms (the audio DSP's
// frame) it tells the output how far the console has played, so that the timeline keeps
// running through the gaps between buffers and to the end of the run, as the console's
// output does. One a program, started with it (kernel RunOptions::launch_work).

#include <memory>

#include "kernel/periodic_work.h"
#include "services/audio/audio_output.h"

namespace services::audio {

class AudioOutputClock final : public kernel::PeriodicWork {
public:
    static constexpr u64 kPeriodTicks = 19'200'000 / 200;  // 5 ms

    explicit AudioOutputClock(std::shared_ptr<AudioOutput> output) : output_(std::move(output)) {}
    u64 PeriodTicks() const override { return kPeriodTicks; }
    bool MayWakeWaiters() const override { return false; }
    void Run(u64 ticks, kernel::EventSignaller& events) override;

private:
    std::shared_ptr<AudioOutput> output_;
    bool launched_ = false;
};

}  // namespace services::audio
