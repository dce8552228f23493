#include "services/nvdrv/nvhost_ctrl.h"

namespace services::nvdrv {
namespace {

struct SyncptReadArgs {
    u32 id;
    u32 value;
};
struct SyncptWaitArgs {
    u32 id;
    u32 threshold;
    s32 timeout;
};
struct SyncptWaitExArgs {
    u32 id;
    u32 threshold;
    s32 timeout;
    u32 value;
};
struct EventWaitArgs {
    u32 id;
    u32 threshold;
    s32 timeout;
    u32 value;  // in: the event slot for an asynchronous wait; out: the syncpoint's value
};

// Longer than a channel's stall limit (5 s), so that the GPU passes a stuck acquire first.
constexpr auto kWorkWaitLimit = std::chrono::milliseconds(10'000);

constexpr std::array kIoctls = {
    IoctlEntry<NvHostCtrl>{0xC0080014, "NVHOST_IOCTL_CTRL_SYNCPT_READ", &NvHostCtrl::SyncptRead},
    IoctlEntry<NvHostCtrl>{0x40040015, "NVHOST_IOCTL_CTRL_SYNCPT_INCR", &NvHostCtrl::SyncptIncr},
    IoctlEntry<NvHostCtrl>{0xC0040015, "NVHOST_IOCTL_CTRL_SYNCPT_INCR", &NvHostCtrl::SyncptIncr},
    IoctlEntry<NvHostCtrl>{0xC00C0016, "NVHOST_IOCTL_CTRL_SYNCPT_WAIT", &NvHostCtrl::SyncptWait},
    IoctlEntry<NvHostCtrl>{0xC0100019, "NVHOST_IOCTL_CTRL_SYNCPT_WAITEX",
                           &NvHostCtrl::SyncptWaitEx},
    IoctlEntry<NvHostCtrl>{0xC183001B, "NVHOST_IOCTL_CTRL_GET_CONFIG", nullptr},
    IoctlEntry<NvHostCtrl>{0xC004001C, "NVHOST_IOCTL_CTRL_EVENT_SIGNAL", &NvHostCtrl::EventSignal},
    IoctlEntry<NvHostCtrl>{0xC010001D, "NVHOST_IOCTL_CTRL_EVENT_WAIT", &NvHostCtrl::EventWait},
    IoctlEntry<NvHostCtrl>{0xC010001E, "NVHOST_IOCTL_CTRL_EVENT_WAIT_ASYNC",
                           &NvHostCtrl::EventWait},
    IoctlEntry<NvHostCtrl>{0xC004001F, "NVHOST_IOCTL_CTRL_EVENT_REGISTER",
                           &NvHostCtrl::EventRegister},
    IoctlEntry<NvHostCtrl>{0xC0040020, "NVHOST_IOCTL_CTRL_EVENT_UNREGISTER",
                           &NvHostCtrl::EventUnregister},
};

}  // namespace

// The check of armed events: often enough that a fence's wait ends within a millisecond of its
// work, as the console's interrupt-driven events do (19.2 MHz guest ticks).
constexpr u64 kEventCheckTicks = 19'200;

u64 NvHostCtrl::EventSlots::PeriodTicks() const {
    return kEventCheckTicks;
}

bool NvHostCtrl::EventSlots::MayWakeWaiters() const {
    std::lock_guard lock(mutex_);
    for (const PendingEvent& pending : pending_) {
        if (pending.armed &&
            gpu::SyncpointManager::Reached(syncpoints_->Max(pending.id), pending.threshold)) {
            return true;
        }
    }
    return false;
}

void NvHostCtrl::EventSlots::Run(u64, kernel::EventSignaller& events) {
    std::lock_guard lock(mutex_);
    for (std::size_t slot = 0; slot < kEventCount; ++slot) {
        PendingEvent& pending = pending_[slot];
        if (!pending.armed) {
            continue;
        }
        if (deterministic_ &&
            gpu::SyncpointManager::Reached(syncpoints_->Max(pending.id), pending.threshold)) {
            syncpoints_->WaitForQueued(pending.id, pending.threshold, kWorkWaitLimit,
                                       [] { return false; });
        }
        if (gpu::SyncpointManager::Reached(syncpoints_->Read(pending.id), pending.threshold)) {
            pending.armed = false;
            if (events_[slot]) {
                events.Signal(*events_[slot]);
            }
        }
    }
}

std::shared_ptr<kernel::ReadableEvent> NvHostCtrl::EventSlots::Event(u32 slot) {
    std::lock_guard lock(mutex_);
    return slot < kEventCount ? events_[slot] : nullptr;
}

bool NvHostCtrl::EventSlots::Register(u32 slot) {
    std::lock_guard lock(mutex_);
    if (events_[slot]) {
        return false;
    }
    events_[slot] = std::make_shared<kernel::ReadableEvent>();
    return true;
}

bool NvHostCtrl::EventSlots::Unregister(u32 slot) {
    std::lock_guard lock(mutex_);
    if (!events_[slot]) {
        return false;
    }
    events_[slot].reset();
    pending_[slot] = {};
    return true;
}

void NvHostCtrl::EventSlots::Arm(u32 slot, u32 id, u32 threshold) {
    std::lock_guard lock(mutex_);
    pending_[slot] = PendingEvent{id, threshold, true};
}

void NvHostCtrl::EventSlots::Disarm(u32 slot) {
    std::lock_guard lock(mutex_);
    pending_[slot].armed = false;
}

std::vector<std::shared_ptr<kernel::ReadableEvent>> NvHostCtrl::EventSlots::TakeReached(u32 id,
                                                                                        u32 value) {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<kernel::ReadableEvent>> reached;
    for (std::size_t slot = 0; slot < kEventCount; ++slot) {
        PendingEvent& pending = pending_[slot];
        if (pending.armed && pending.id == id &&
            gpu::SyncpointManager::Reached(value, pending.threshold)) {
            pending.armed = false;
            if (events_[slot]) {
                reached.push_back(events_[slot]);
            }
        }
    }
    return reached;
}

NvHostCtrl::NvHostCtrl(std::shared_ptr<gpu::SyncpointManager> syncpoints, bool deterministic)
    : syncpoints_(syncpoints), slots_(std::make_shared<EventSlots>(syncpoints, deterministic)) {}

bool NvHostCtrl::WaitForWork(const IoctlBuffers& buffers, u32 id, u32 threshold) {
    kernel::IpcEnvironment* environment = buffers.environment;
    return syncpoints_->WaitForQueued(id, threshold, kWorkWaitLimit, [environment] {
        return environment != nullptr && environment->StopRequested();
    });
}

NvResult NvHostCtrl::Ioctl(u32 request, const IoctlBuffers& buffers) {
    return Dispatch(*this, kIoctls, request, buffers);
}

std::shared_ptr<kernel::ReadableEvent> NvHostCtrl::Event(u32 id) {
    // QueryEvent ids for nvhost-ctrl: 0x10000000 | slot (libnx nvidia/fence.c).
    if ((id >> 28) != 1) {
        return nullptr;
    }
    return slots_->Event(id & 0xffff);
}

NvResult NvHostCtrl::SyncptRead(const IoctlBuffers& buffers) {
    IoctlArgument<SyncptReadArgs> args(buffers);
    if (!gpu::SyncpointManager::Valid(args->id)) {
        return NvResult::BadValue;
    }
    WaitForWork(buffers, args->id, syncpoints_->Max(args->id));
    args->value = syncpoints_->Read(args->id);
    return NvResult::Success;
}

NvResult NvHostCtrl::SyncptIncr(const IoctlBuffers& buffers) {
    IoctlArgument<u32> id(buffers);
    if (!gpu::SyncpointManager::Valid(id.value)) {
        return NvResult::BadValue;
    }
    const u32 value = syncpoints_->IncrementNow(id.value);
    for (const auto& event : slots_->TakeReached(id.value, value)) {
        if (buffers.environment != nullptr) {
            buffers.environment->SetEventSignal(*event, true);
        }
    }
    return NvResult::Success;
}

NvResult NvHostCtrl::SyncptWait(const IoctlBuffers& buffers) {
    IoctlArgument<SyncptWaitArgs> args(buffers);
    if (!gpu::SyncpointManager::Valid(args->id)) {
        return NvResult::BadValue;
    }
    return WaitForWork(buffers, args->id, args->threshold) ? NvResult::Success : NvResult::Timeout;
}

NvResult NvHostCtrl::SyncptWaitEx(const IoctlBuffers& buffers) {
    IoctlArgument<SyncptWaitExArgs> args(buffers);
    if (!gpu::SyncpointManager::Valid(args->id)) {
        return NvResult::BadValue;
    }
    const bool reached = WaitForWork(buffers, args->id, args->threshold);
    args->value = syncpoints_->Read(args->id);
    return reached ? NvResult::Success : NvResult::Timeout;
}

// The guest cancels a wait it gave up on.
NvResult NvHostCtrl::EventSignal(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    if ((slot.value & 0xffff) >= kEventCount) {
        return NvResult::BadValue;
    }
    slots_->Disarm(slot.value & 0xffff);
    return NvResult::Success;
}

NvResult NvHostCtrl::EventWait(const IoctlBuffers& buffers) {
    IoctlArgument<EventWaitArgs> args(buffers);
    if (!gpu::SyncpointManager::Valid(args->id)) {
        return NvResult::BadValue;
    }
    const u32 slot = args->value & 0xffff;
    if (WaitForWork(buffers, args->id, args->threshold)) {
        args->value = syncpoints_->Read(args->id);
        return NvResult::Success;
    }
    if (slot < kEventCount) {
        slots_->Arm(slot, args->id, args->threshold);
        if (!slots_started_ && buffers.environment != nullptr) {
            buffers.environment->StartPeriodicWork(slots_);
            slots_started_ = true;
        }
    }
    LOG_DEBUG("nvdrv",
              "/dev/nvhost-ctrl: syncpoint {} waits for {} beyond its queued work "
              "({}); event slot {} is signalled when the syncpoint reaches it",
              args->id, args->threshold, syncpoints_->Max(args->id), slot);
    return NvResult::Timeout;
}

NvResult NvHostCtrl::EventRegister(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    if (slot.value >= kEventCount) {
        return NvResult::BadValue;
    }
    return slots_->Register(slot.value) ? NvResult::Success : NvResult::AlreadyAllocated;
}

NvResult NvHostCtrl::EventUnregister(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    if (slot.value >= kEventCount) {
        return NvResult::BadValue;
    }
    return slots_->Unregister(slot.value) ? NvResult::Success : NvResult::BadValue;
}

}  // namespace services::nvdrv
