#pragma once

// What every session of `hid` in one run shares: the shared memory, the pad layout and the
// host's pads, the application's pad configuration, the npads' style-set update events, and
// the sampler while an applet resource lives.

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "kernel/memory_objects.h"
#include "services/hid/host_pads.h"
#include "services/hid/input_script.h"
#include "services/hid/pad_layout.h"
#include "services/hid/sampler.h"
#include "services/hid/shared_memory_layout.h"

namespace services::hid {

// When the guest was launched, on its clock: what a control script's times count from. The
// script runner (kernel launch work) sets it on its first run, and adds each `wait-frames`'s
// shift when the wait ends.
struct ScriptClock {
    std::atomic<bool> known{false};
    std::atomic<u64> launch_ticks{0};

    // A wait ended: the steps after it run `shift_ns` later than written.
    void EndWait(u64 shift_ns) {
        std::lock_guard lock(mutex_);
        wait_shifts_.push_back(shift_ns);
    }
    // One entry for each ended wait (InputScript::StateAt's `wait_shifts`).
    std::vector<u64> WaitShifts() const {
        std::lock_guard lock(mutex_);
        return wait_shifts_;
    }

private:
    mutable std::mutex mutex_;
    std::vector<u64> wait_shifts_;
};

// Where a run's pad input comes from.
struct HidInputs {
    // A control script for the layout's first player (--input); may be null. Its times count
    // from launch on the guest clock (`clock`), or without a clock from the first applet
    // resource.
    std::shared_ptr<const InputScript> script;
    PadLayout layout;
    // The window's keyboard and controllers, one a layout entry; null when headless, where
    // every entry of the layout is connected from the start.
    std::shared_ptr<HostPads> host_pads;
    std::shared_ptr<ScriptClock> clock;
};

class HidState : public std::enable_shared_from_this<HidState> {
public:
    explicit HidState(HidInputs inputs);

    const std::shared_ptr<kernel::SharedMemory>& Memory() const { return memory_; }
    // The style-set update event of an npad id; null for an id that names no npad.
    std::shared_ptr<kernel::ReadableEvent> StyleSetUpdateEvent(u32 npad_id) const;
    // The running sampler, started (as the kernel's periodic work) when no applet resource
    // holds one.
    std::shared_ptr<Sampler> AcquireSampler(kernel::IpcEnvironment& environment);
    bool HasHostPads() const { return inputs_.host_pads != nullptr; }

    // The guest's SetSupportedNpadStyleSet and SetSupportedNpadIdType: a layout entry whose
    // style or id the guest leaves out shows as not connected, as on the console (with a
    // warning naming both).
    void SetSupportedStyleSet(u32 style_set, kernel::IpcEnvironment& environment);
    u32 SupportedStyleSet() const;
    void SetSupportedNpadIds(std::vector<u32> ids, kernel::IpcEnvironment& environment);
    void SetJoyHoldType(u64 hold_type);
    u64 JoyHoldType() const;

    // One sample at guest time `ticks` (the sampler's run, `period_ticks` after the last).
    void Sample(u64 ticks, u64 period_ticks, kernel::EventSignaller& events);

private:
    using Events = std::vector<std::shared_ptr<kernel::ReadableEvent>>;
    // With mutex_ held: the connection every npad entry shows, from the layout, the host's pads
    // and the guest's supported styles and ids.
    std::array<std::optional<PadStyle>, kNpadEntries> WantedConnections(
        const std::vector<HostPads::Pad>& host) const;
    // With mutex_ held: writes the connections that changed; their npads' events.
    Events ApplyConnections(const std::vector<HostPads::Pad>& host);
    // Every layout entry connected when there are no host pads.
    std::vector<HostPads::Pad> HostSnapshot() const;
    void WarnUnsupported() const;
    static void SignalAll(const Events& events, kernel::IpcEnvironment& environment);

    const HidInputs inputs_;
    std::shared_ptr<kernel::SharedMemory> memory_;
    std::array<std::shared_ptr<kernel::ReadableEvent>, kNpadEntries> style_set_events_;

    mutable std::mutex mutex_;
    std::array<std::optional<PadStyle>, kNpadEntries> shown_;
    std::optional<u32> supported_style_set_;  // unset: the guest has not narrowed the styles
    std::optional<std::vector<u32>> supported_ids_;
    u64 joy_hold_type_ = 1;  // nn::hid::NpadJoyHoldType: 0 vertical, 1 horizontal (default)
    std::optional<u64> script_start_;
    bool touching_ = false;  // a scripted touch was down in the previous sample
    std::optional<u64> last_sample_;
    u64 sampling_number_ = 0;
    std::weak_ptr<Sampler> sampler_;
};

}  // namespace services::hid
