#pragma once

// Runs a control script's actions (shots, exit) on the guest clock from launch: kernel launch
// work, 60 times a second, which also fixes the launch time the script's input steps count
// from.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernel/periodic_work.h"
#include "services/hid/hid_state.h"
#include "services/hid/input_script.h"

namespace services::hid {

class ScriptRunner final : public kernel::PeriodicWork {
public:
    using ShotWriter = std::function<void(const std::string& path)>;

    ScriptRunner(const InputScript& script, std::shared_ptr<ScriptClock> clock, ShotWriter shot);

    u64 PeriodTicks() const override;
    bool MayWakeWaiters() const override { return false; }
    void Run(u64 ticks, kernel::EventSignaller& events) override;

private:
    std::vector<ScriptStep> actions_;
    std::size_t next_ = 0;
    std::shared_ptr<ScriptClock> clock_;
    ShotWriter shot_;
};

}  // namespace services::hid
