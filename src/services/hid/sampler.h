#pragma once

// The HID sampler: a host thread that appends a sample to every ring of the shared memory
// 60 times a second while it lives, with sampling numbers counting up by one and the pads
// carrying the input source's state at that moment.

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "kernel/memory_objects.h"
#include "services/hid/input_script.h"

namespace services::hid {

class Sampler {
public:
    static constexpr u64 kPeriodNs = 16'666'667;

    // `start_ticks` is the guest clock where script times begin.
    Sampler(std::shared_ptr<kernel::SharedMemory> memory, std::shared_ptr<const InputScript> script,
            u64 start_ticks);
    ~Sampler();
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

private:
    void Run(std::stop_token stop);
    void SampleOnce();

    std::shared_ptr<kernel::SharedMemory> memory_;
    std::shared_ptr<const InputScript> script_;
    u64 start_ticks_;
    u64 sampling_number_ = 0;
    u64 last_ticks_ = 0;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::jthread thread_;  // last: starts after everything it uses
};

}  // namespace services::hid
