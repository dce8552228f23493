#include "services/hid/hid_state.h"

#include "cpu/core.h"
#include "services/hid/hid_shared_memory.h"

namespace services::hid {

HidState::HidState(std::shared_ptr<const InputScript> script)
    : script_(std::move(script)),
      memory_(kernel::SharedMemory::Create(kSharedMemorySize, cpu::Permission::Read)),
      style_set_event_(std::make_shared<kernel::ReadableEvent>()) {
    InitializeSharedMemory(memory_->HostData());
    // The pads are connected from the start: a guest waiting for a style-set change goes on.
    style_set_event_->signaled = true;
}

std::shared_ptr<Sampler> HidState::AcquireSampler() {
    std::lock_guard lock(mutex);
    std::shared_ptr<Sampler> sampler = sampler_.lock();
    if (sampler == nullptr) {
        if (!start_ticks_) {
            start_ticks_ = cpu::ReadGuestCounter();
        }
        sampler = std::make_shared<Sampler>(memory_, script_, *start_ticks_);
        sampler_ = sampler;
    }
    return sampler;
}

}  // namespace services::hid
