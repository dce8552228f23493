#include "services/hid/script_runner.h"

#include "base/log.h"
#include "kernel/guest_clock.h"
#include "services/hid/sampler.h"

namespace services::hid {

ScriptRunner::ScriptRunner(const InputScript& script, std::shared_ptr<ScriptClock> clock,
                           ShotWriter shot)
    : actions_(script.Actions()), clock_(std::move(clock)), shot_(std::move(shot)) {}

u64 ScriptRunner::PeriodTicks() const {
    return kernel::GuestClock::NanosecondsToTicks(Sampler::kPeriodNs);
}

void ScriptRunner::Run(u64 ticks, kernel::EventSignaller& events) {
    if (!clock_->known) {
        // First due one period after launch.
        clock_->launch_ticks = ticks - PeriodTicks();
        clock_->known = true;
    }
    const u64 now_ns = kernel::GuestClock::TicksToNanoseconds(ticks - clock_->launch_ticks);
    while (next_ < actions_.size() && actions_[next_].start_ns <= now_ns) {
        const ScriptStep& step = actions_[next_++];
        if (step.kind == ScriptStep::Kind::Shot) {
            shot_(step.path);
        } else {
            LOG_INFO("script", "line {}: exit at {:.2f} s of guest time", step.line,
                     static_cast<double>(now_ns) / 1e9);
            events.EndRun();
            return;
        }
    }
}

}  // namespace services::hid
