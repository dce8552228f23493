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

NvHostCtrl::NvHostCtrl(std::shared_ptr<gpu::SyncpointManager> syncpoints)
    : syncpoints_(std::move(syncpoints)) {}

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
    const u32 slot = id & 0xffff;
    if ((id >> 28) != 1 || slot >= kEventCount || !events_[slot]) {
        return nullptr;
    }
    return events_[slot];
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
    for (std::size_t slot = 0; slot < kEventCount; ++slot) {
        PendingEvent& pending = pending_[slot];
        if (pending.armed && pending.id == id.value &&
            gpu::SyncpointManager::Reached(value, pending.threshold)) {
            pending.armed = false;
            if (events_[slot] && buffers.environment != nullptr) {
                buffers.environment->SetEventSignal(*events_[slot], true);
            }
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
    pending_[slot.value & 0xffff].armed = false;
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
        pending_[slot] = PendingEvent{args->id, args->threshold, true};
    }
    LOG_DEBUG("nvdrv",
              "/dev/nvhost-ctrl: syncpoint {} waits for {} beyond its queued work "
              "({}); event slot {} is signalled when SYNCPT_INCR reaches it",
              args->id, args->threshold, syncpoints_->Max(args->id), slot);
    return NvResult::Timeout;
}

NvResult NvHostCtrl::EventRegister(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    if (slot.value >= kEventCount) {
        return NvResult::BadValue;
    }
    if (events_[slot.value]) {
        return NvResult::AlreadyAllocated;
    }
    events_[slot.value] = std::make_shared<kernel::ReadableEvent>();
    return NvResult::Success;
}

NvResult NvHostCtrl::EventUnregister(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    if (slot.value >= kEventCount || !events_[slot.value]) {
        return NvResult::BadValue;
    }
    events_[slot.value].reset();
    pending_[slot.value] = {};
    return NvResult::Success;
}

}  // namespace services::nvdrv
