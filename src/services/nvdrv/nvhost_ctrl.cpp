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

// A threshold at or below the counter has been reached (compared as the hardware does, modulo
// 2^32).
bool Reached(u32 value, u32 threshold) {
    return static_cast<s32>(value - threshold) >= 0;
}

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

NvHostCtrl::NvHostCtrl(std::shared_ptr<Syncpoints> syncpoints)
    : syncpoints_(std::move(syncpoints)) {}

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
    if (!Syncpoints::Valid(args->id)) {
        return NvResult::BadValue;
    }
    args->value = syncpoints_->Read(args->id);
    return NvResult::Success;
}

NvResult NvHostCtrl::SyncptIncr(const IoctlBuffers& buffers) {
    IoctlArgument<u32> id(buffers);
    if (!Syncpoints::Valid(id.value)) {
        return NvResult::BadValue;
    }
    syncpoints_->Increment(id.value, 1);
    return NvResult::Success;
}

// The waits answer at once: with no GPU work in flight (submissions complete when accepted),
// a threshold not reached now is never reached, which the console reports as a timeout.
NvResult NvHostCtrl::SyncptWait(const IoctlBuffers& buffers) {
    IoctlArgument<SyncptWaitArgs> args(buffers);
    if (!Syncpoints::Valid(args->id)) {
        return NvResult::BadValue;
    }
    return Reached(syncpoints_->Read(args->id), args->threshold) ? NvResult::Success
                                                                 : NvResult::Timeout;
}

NvResult NvHostCtrl::SyncptWaitEx(const IoctlBuffers& buffers) {
    IoctlArgument<SyncptWaitExArgs> args(buffers);
    if (!Syncpoints::Valid(args->id)) {
        return NvResult::BadValue;
    }
    args->value = syncpoints_->Read(args->id);
    return Reached(args->value, args->threshold) ? NvResult::Success : NvResult::Timeout;
}

NvResult NvHostCtrl::EventSignal(const IoctlBuffers& buffers) {
    IoctlArgument<u32> slot(buffers);
    return (slot.value & 0xffff) < kEventCount ? NvResult::Success : NvResult::BadValue;
}

NvResult NvHostCtrl::EventWait(const IoctlBuffers& buffers) {
    IoctlArgument<EventWaitArgs> args(buffers);
    if (!Syncpoints::Valid(args->id)) {
        return NvResult::BadValue;
    }
    const u32 value = syncpoints_->Read(args->id);
    if (Reached(value, args->threshold)) {
        args->value = value;
        return NvResult::Success;
    }
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
    return NvResult::Success;
}

}  // namespace services::nvdrv
