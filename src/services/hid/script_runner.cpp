#include "services/hid/script_runner.h"

#include "base/log.h"
#include "kernel/guest_clock.h"
#include "services/hid/sampler.h"

namespace services::hid {

ScriptRunner::ScriptRunner(const InputScript& script, std::shared_ptr<ScriptClock> clock,
                           ScriptActions actions)
    : steps_(script.Actions()), clock_(std::move(clock)), actions_(std::move(actions)) {}

u64 ScriptRunner::PeriodTicks() const {
    return kernel::GuestClock::NanosecondsToTicks(Sampler::kPeriodNs);
}

bool ScriptRunner::Perform(const ScriptStep& step, u64 now_ns, kernel::EventSignaller& events) {
    const double seconds = static_cast<double>(now_ns) / 1e9;
    switch (step.kind) {
        case ScriptStep::Kind::Shot:
            actions_.shot(step.path);
            return true;
        case ScriptStep::Kind::StatsStart:
        case ScriptStep::Kind::StatsStop: {
            const bool on = step.kind == ScriptStep::Kind::StatsStart;
            LOG_INFO("script", "line {}: stats {} at {:.2f} s", step.line, on ? "start" : "stop",
                     seconds);
            actions_.stats(on);
            return true;
        }
        case ScriptStep::Kind::Log:
            LOG_INFO("script", "line {} at {:.2f} s: {}", step.line, seconds, step.text);
            return true;
        case ScriptStep::Kind::WaitFrames: {
            const u64 presented = actions_.frames_presented();
            if (!wait_from_frame_) {
                wait_from_frame_ = presented;
            }
            if (presented - *wait_from_frame_ < step.frames) {
                return false;
            }
            wait_from_frame_.reset();
            LOG_INFO("script", "line {}: {} frames presented at {:.2f} s", step.line, step.frames,
                     seconds);
            // The steps after it run as much later than written as the wait took.
            clock_->EndWait(now_ns - step.start_ns);
            return true;
        }
        case ScriptStep::Kind::Exit:
            LOG_INFO("script", "line {}: exit at {:.2f} s of guest time", step.line, seconds);
            events.EndRun(kernel::RunStop::ControlFile);
            return true;
        case ScriptStep::Kind::Input:
        case ScriptStep::Kind::Touch:
            break;  // the sampler holds them
    }
    return true;
}

void ScriptRunner::Run(u64 ticks, kernel::EventSignaller& events) {
    if (!clock_->known) {
        // First due one period after launch.
        clock_->launch_ticks = ticks - PeriodTicks();
        clock_->known = true;
    }
    const u64 now_ns = kernel::GuestClock::TicksToNanoseconds(ticks - clock_->launch_ticks);
    while (next_ < steps_.size()) {
        const ScriptStep& step = steps_[next_];
        const std::vector<u64> shifts = clock_->WaitShifts();
        const u64 shift = step.waits_before == 0 ? 0 : shifts[step.waits_before - 1];
        if (step.start_ns + shift > now_ns || !Perform(step, now_ns, events)) {
            return;
        }
        ++next_;
        if (step.kind == ScriptStep::Kind::Exit) {
            return;
        }
    }
}

}  // namespace services::hid
