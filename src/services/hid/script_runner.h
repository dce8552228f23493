#pragma once

// Runs a control file's actions (shots, statistics windows, waits for frames, log lines, exit)
// on the guest clock from launch: kernel launch work, 60 times a second, which also fixes the
// launch time the file's input steps count from.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel/periodic_work.h"
#include "services/hid/hid_state.h"
#include "services/hid/input_script.h"

namespace services::hid {

// What the actions reach outside hid. Called with the kernel's scheduler lock held.
struct ScriptActions {
    std::function<void(const std::string& path)> shot;  // writes the last presented frame
    std::function<void(bool on)> stats;                 // `stats start`, `stats stop`
    std::function<u64()> frames_presented;              // for `wait-frames`
};

class ScriptRunner final : public kernel::PeriodicWork {
public:
    ScriptRunner(const InputScript& script, std::shared_ptr<ScriptClock> clock,
                 ScriptActions actions);

    u64 PeriodTicks() const override;
    bool MayWakeWaiters() const override { return false; }
    void Run(u64 ticks, kernel::EventSignaller& events) override;

private:
    // Runs the step; false while it is a wait that has not ended.
    bool Perform(const ScriptStep& step, u64 now_ns, kernel::EventSignaller& events);

    std::vector<ScriptStep> steps_;
    std::size_t next_ = 0;
    std::shared_ptr<ScriptClock> clock_;
    ScriptActions actions_;
    std::optional<u64> wait_from_frame_;  // the frame count when the current wait began
};

}  // namespace services::hid
