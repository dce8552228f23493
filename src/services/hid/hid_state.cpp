#include "services/hid/hid_state.h"

#include <algorithm>

#include "base/error.h"
#include "base/log.h"
#include "cpu/core.h"
#include "kernel/guest_clock.h"
#include "services/hid/hid_shared_memory.h"

namespace services::hid {

HidState::HidState(HidInputs inputs)
    : inputs_(std::move(inputs)),
      memory_(kernel::SharedMemory::Create(kSharedMemorySize, cpu::Permission::Read)) {
    if (HasHostPads() && inputs_.host_pads->Players() != inputs_.layout.Slots().size()) {
        base::Fail("hid: {} host pads for a pad layout of {} players", inputs_.host_pads->Players(),
                   inputs_.layout.Slots().size());
    }
    InitializeSharedMemory(memory_->HostData());
    for (auto& event : style_set_events_) {
        event = std::make_shared<kernel::ReadableEvent>();
    }
    // The layout's pads are there from the start: a guest waiting for a style-set change of
    // one goes on.
    std::lock_guard lock(mutex_);
    for (const auto& event : ApplyConnections(HostSnapshot())) {
        event->signaled = true;
    }
    LOG_DEBUG("hid", "pad layout: {}", inputs_.layout.Describe());
}

std::shared_ptr<kernel::ReadableEvent> HidState::StyleSetUpdateEvent(u32 npad_id) const {
    const u64 index = NpadEntryIndex(npad_id);
    return index < kNpadEntries ? style_set_events_[index] : nullptr;
}

std::shared_ptr<Sampler> HidState::AcquireSampler(kernel::IpcEnvironment& environment) {
    std::shared_ptr<Sampler> sampler;
    {
        std::lock_guard lock(mutex_);
        sampler = sampler_.lock();
        if (sampler != nullptr) {
            return sampler;
        }
        sampler = std::make_shared<Sampler>(shared_from_this());
        sampler_ = sampler;
    }
    // Outside mutex_: the kernel runs the sampler with its own lock held, then takes mutex_.
    environment.StartPeriodicWork(sampler);
    return sampler;
}

void HidState::SetSupportedStyleSet(u32 style_set, kernel::IpcEnvironment& environment) {
    Events changed;
    {
        std::lock_guard lock(mutex_);
        supported_style_set_ = style_set;
        WarnUnsupported();
        changed = ApplyConnections(HostSnapshot());
    }
    SignalAll(changed, environment);
}

u32 HidState::SupportedStyleSet() const {
    std::lock_guard lock(mutex_);
    return supported_style_set_.value_or(0);
}

void HidState::SetSupportedNpadIds(std::vector<u32> ids, kernel::IpcEnvironment& environment) {
    Events changed;
    {
        std::lock_guard lock(mutex_);
        supported_ids_ = std::move(ids);
        WarnUnsupported();
        changed = ApplyConnections(HostSnapshot());
    }
    SignalAll(changed, environment);
}

void HidState::SetJoyHoldType(u64 hold_type) {
    std::lock_guard lock(mutex_);
    joy_hold_type_ = hold_type;
}

u64 HidState::JoyHoldType() const {
    std::lock_guard lock(mutex_);
    return joy_hold_type_;
}

void HidState::Sample(u64 ticks, u64 period_ticks, kernel::EventSignaller& events) {
    Events changed;
    {
        std::lock_guard lock(mutex_);
        const std::vector<HostPads::Pad> host = HostSnapshot();
        changed = ApplyConnections(host);
        if (inputs_.clock && inputs_.clock->known) {
            script_start_ = inputs_.clock->launch_ticks.load();
        } else if (!script_start_) {
            script_start_ = ticks - period_ticks;  // the applet resource's start
        }
        NpadSamples samples{};
        std::optional<TouchPoint> touch;
        if (inputs_.host_pads != nullptr) {
            touch = inputs_.host_pads->Touch();
        }
        const std::vector<u64> wait_shifts =
            inputs_.clock ? inputs_.clock->WaitShifts() : std::vector<u64>{};
        const u64 script_ns = kernel::GuestClock::TicksToNanoseconds(
            ticks > *script_start_ ? ticks - *script_start_ : 0);
        if (!touch && inputs_.script != nullptr) {
            touch = inputs_.script->TouchAt(script_ns, wait_shifts);
        }
        const bool touch_began = touch.has_value() && !touching_;
        touching_ = touch.has_value();
        const auto& slots = inputs_.layout.Slots();
        for (std::size_t player = 0; player < slots.size(); ++player) {
            const u64 index = NpadEntryIndex(slots[player].npad_id);
            samples[index].input = host[player].input;
            if (player == 0 && inputs_.script != nullptr) {
                samples[index].input =
                    Combined(samples[index].input, inputs_.script->StateAt(script_ns, wait_shifts));
            }
        }
        for (u64 index = 0; index < kNpadEntries; ++index) {
            samples[index].style = shown_[index];
        }
        const u64 delta = last_sample_ ? ticks - *last_sample_ : period_ticks;
        last_sample_ = ticks;
        WriteSample(memory_->HostData(), ++sampling_number_,
                    kernel::GuestClock::TicksToNanoseconds(delta), samples, touch, touch_began);
    }
    for (const auto& event : changed) {
        events.Signal(*event);
    }
}

std::array<std::optional<PadStyle>, kNpadEntries> HidState::WantedConnections(
    const std::vector<HostPads::Pad>& host) const {
    std::array<std::optional<PadStyle>, kNpadEntries> wanted{};
    const auto& slots = inputs_.layout.Slots();
    for (std::size_t player = 0; player < slots.size(); ++player) {
        const PadSlot& slot = slots[player];
        const bool style_supported =
            !supported_style_set_ || (*supported_style_set_ & StyleTag(slot.style)) != 0;
        const bool id_supported =
            !supported_ids_ ||
            std::ranges::find(*supported_ids_, slot.npad_id) != supported_ids_->end();
        if (host[player].connected && style_supported && id_supported) {
            wanted[NpadEntryIndex(slot.npad_id)] = slot.style;
        }
    }
    return wanted;
}

HidState::Events HidState::ApplyConnections(const std::vector<HostPads::Pad>& host) {
    const auto wanted = WantedConnections(host);
    Events changed;
    for (u64 index = 0; index < kNpadEntries; ++index) {
        if (wanted[index] != shown_[index]) {
            shown_[index] = wanted[index];
            WriteNpadConnection(memory_->HostData(), index, wanted[index]);
            changed.push_back(style_set_events_[index]);
        }
    }
    return changed;
}

std::vector<HostPads::Pad> HidState::HostSnapshot() const {
    if (inputs_.host_pads != nullptr) {
        return inputs_.host_pads->Snapshot();
    }
    return std::vector<HostPads::Pad>(inputs_.layout.Slots().size(), HostPads::Pad{true, {}});
}

void HidState::WarnUnsupported() const {
    for (const PadSlot& slot : inputs_.layout.Slots()) {
        if (supported_style_set_ && (*supported_style_set_ & StyleTag(slot.style)) == 0) {
            LOG_WARNING("hid",
                        "the program supports the styles {} (SetSupportedNpadStyleSet {:#x}), "
                        "not the pad layout's {} for {}: it shows as not connected",
                        StyleSetNames(*supported_style_set_), *supported_style_set_,
                        PadStyleName(slot.style), NpadIdName(slot.npad_id));
        }
        if (supported_ids_ &&
            std::ranges::find(*supported_ids_, slot.npad_id) == supported_ids_->end()) {
            LOG_WARNING("hid",
                        "the program's SetSupportedNpadIdType leaves out {}, where the pad "
                        "layout has a {}: it shows as not connected",
                        NpadIdName(slot.npad_id), PadStyleName(slot.style));
        }
    }
}

void HidState::SignalAll(const Events& events, kernel::IpcEnvironment& environment) {
    for (const auto& event : events) {
        environment.SetEventSignal(*event, true);
    }
}

}  // namespace services::hid
