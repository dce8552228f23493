#pragma once

// The HID sampler: while an applet resource holds it, the kernel runs it 60 times a second of
// guest time (kernel::PeriodicWork), and each run appends a sample to every ring of the shared
// memory. Driven by the guest clock, a --deterministic run samples at the same guest
// instructions every time, and a control script's steps land on the same samples.

#include <memory>

#include "kernel/periodic_work.h"

namespace services::hid {

class HidState;

class Sampler final : public kernel::PeriodicWork {
public:
    static constexpr u64 kPeriodNs = 16'666'667;

    explicit Sampler(std::shared_ptr<HidState> state) : state_(std::move(state)) {}

    u64 PeriodTicks() const override;
    // With the host's controllers (a window) a pad may connect at any moment.
    bool MayWakeWaiters() const override;
    void Run(u64 ticks, kernel::EventSignaller& events) override;

private:
    std::shared_ptr<HidState> state_;
};

}  // namespace services::hid
