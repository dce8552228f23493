#include "services/hid/sampler.h"

#include <chrono>

#include "cpu/core.h"
#include "kernel/guest_clock.h"
#include "services/hid/hid_shared_memory.h"

namespace services::hid {

Sampler::Sampler(std::shared_ptr<kernel::SharedMemory> memory,
                 std::shared_ptr<const InputScript> script, u64 start_ticks)
    : memory_(std::move(memory)),
      script_(std::move(script)),
      start_ticks_(start_ticks),
      sampling_number_(LatestSamplingNumber(memory_->HostData())),
      last_ticks_(cpu::ReadGuestCounter()),
      thread_([this](std::stop_token stop) { Run(stop); }) {}

Sampler::~Sampler() {
    thread_.request_stop();
    wake_.notify_all();
}

void Sampler::SampleOnce() {
    const u64 now = cpu::ReadGuestCounter();
    const u64 since_start = now > start_ticks_ ? now - start_ticks_ : 0;
    const PadInput input =
        script_ ? script_->StateAt(kernel::GuestClock::TicksToNanoseconds(since_start))
                : PadInput{};
    const u64 delta_ns = kernel::GuestClock::TicksToNanoseconds(now - last_ticks_);
    last_ticks_ = now;
    WriteSample(memory_->HostData(), ++sampling_number_, delta_ns, input);
}

void Sampler::Run(std::stop_token stop) {
    auto next = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
        SampleOnce();
        next += std::chrono::nanoseconds(kPeriodNs);
        wake_.wait_until(lock, stop, next, [] { return false; });
    }
}

}  // namespace services::hid
