#pragma once

// What every session of `hid` in one run shares: the shared memory, the application's pad
// configuration, the style-set update event, and the sampler while an applet resource lives.

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "kernel/event.h"
#include "kernel/memory_objects.h"
#include "services/hid/input_script.h"
#include "services/hid/sampler.h"

namespace services::hid {

class HidState {
public:
    // `script` may be null (no scripted input). Its times count from the program's first
    // applet resource: when it starts reading input, moments after launch (not the host's
    // loading time before the guest runs, which varies with the machine's load).
    explicit HidState(std::shared_ptr<const InputScript> script);

    const std::shared_ptr<kernel::SharedMemory>& Memory() const { return memory_; }
    const std::shared_ptr<kernel::ReadableEvent>& StyleSetUpdateEvent() const {
        return style_set_event_;
    }
    // The running sampler, started when no applet resource holds one.
    std::shared_ptr<Sampler> AcquireSampler();

    std::mutex mutex;
    u32 supported_style_set = 0;
    std::vector<u32> supported_npad_ids;
    u64 joy_hold_type = 1;  // nn::hid::NpadJoyHoldType: 0 vertical, 1 horizontal (default)

private:
    std::shared_ptr<const InputScript> script_;
    std::optional<u64> start_ticks_;
    std::shared_ptr<kernel::SharedMemory> memory_;
    std::shared_ptr<kernel::ReadableEvent> style_set_event_;
    std::weak_ptr<Sampler> sampler_;
};

}  // namespace services::hid
