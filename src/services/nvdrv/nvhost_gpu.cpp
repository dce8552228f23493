#include "services/nvdrv/nvhost_gpu.h"

#include <algorithm>

namespace services::nvdrv {
namespace {

struct SubmitGpfifoArgs {
    u64 gpfifo;  // unused: the entries follow the struct (or come in Ioctl2's second buffer)
    u32 entry_count;
    u32 flags;
    Fence fence;
};
static_assert(sizeof(SubmitGpfifoArgs) == 0x18);

struct AllocObjCtxArgs {
    u32 class_number;
    u32 flags;
    u64 object_id;
};
struct ZcullBindArgs {
    u64 gpu_va;
    u32 mode;
    u32 padding;
};
struct SetErrorNotifierArgs {
    u64 offset;
    u64 size;
    u32 memory;
    u32 reserved;
};
struct ErrorNotificationArgs {
    u64 timestamp;
    u32 info32;
    u16 info16;
    u16 status;
};
struct AllocGpfifoEx2Args {
    u32 entry_count;
    u32 flags;
    u32 reserved[4];
    Fence fence;
};
static_assert(sizeof(AllocGpfifoEx2Args) == 0x20);

// SUBMIT_GPFIFO flags (the Switch's nvhost: wait for the input fence, add an increment and
// return its fence, suppress the wait-for-idle before it).
constexpr u32 kFenceWait = 1 << 0;
constexpr u32 kFenceIncrement = 1 << 1;
constexpr u32 kSuppressWfi = 1 << 4;

// Classes a Switch channel may bind (nvhost-ctrl-gpu's characteristics list them).
constexpr u32 kKnownClasses[] = {0xB197, 0xB1C0, 0xB0B5, 0x902D, 0xA140,
                                 0xB06F, 0xC797, 0xC7C0, 0xC7B5, 0xC76F};

constexpr std::array kIoctls = {
    IoctlEntry<NvHostGpu>{0x40044801, "NVGPU_IOCTL_CHANNEL_SET_NVMAP_FD", &NvHostGpu::SetNvmapFd},
    IoctlEntry<NvHostGpu>{0x40044803, "NVGPU_IOCTL_CHANNEL_SET_TIMEOUT", &NvHostGpu::SetTimeout},
    IoctlEntry<NvHostGpu>{0xC0184808, "NVGPU_IOCTL_CHANNEL_SUBMIT_GPFIFO",
                          &NvHostGpu::SubmitGpfifo},
    IoctlEntry<NvHostGpu>{0xC0104809, "NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX", &NvHostGpu::AllocObjCtx},
    IoctlEntry<NvHostGpu>{0xC010480B, "NVGPU_IOCTL_CHANNEL_ZCULL_BIND", &NvHostGpu::ZcullBind},
    IoctlEntry<NvHostGpu>{0xC018480C, "NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER",
                          &NvHostGpu::SetErrorNotifier},
    IoctlEntry<NvHostGpu>{0x4004480D, "NVGPU_IOCTL_CHANNEL_SET_PRIORITY", &NvHostGpu::SetPriority},
    IoctlEntry<NvHostGpu>{0x40084714, "NVGPU_IOCTL_CHANNEL_SET_USER_DATA", &NvHostGpu::SetUserData},
    IoctlEntry<NvHostGpu>{0xC0104817, "NVGPU_IOCTL_CHANNEL_GET_ERROR_NOTIFICATION",
                          &NvHostGpu::GetErrorNotification},
    IoctlEntry<NvHostGpu>{0xC020481A, "NVGPU_IOCTL_CHANNEL_ALLOC_GPFIFO_EX2",
                          &NvHostGpu::AllocGpfifoEx2},
    IoctlEntry<NvHostGpu>{0xC018481B, "NVGPU_IOCTL_CHANNEL_KICKOFF_PB", &NvHostGpu::SubmitGpfifo},
    IoctlEntry<NvHostGpu>{0x4004481D, "NVGPU_IOCTL_CHANNEL_SET_TIMESLICE",
                          &NvHostGpu::SetTimeslice},
};

}  // namespace

NvHostGpu::NvHostGpu(std::shared_ptr<Syncpoints> syncpoints,
                     std::shared_ptr<gpu::FrameWork> gpu_work)
    : syncpoints_(std::move(syncpoints)),
      gpu_work_(std::move(gpu_work)),
      sm_exception_event_(std::make_shared<kernel::ReadableEvent>()),
      error_event_(std::make_shared<kernel::ReadableEvent>()),
      stop_event_(std::make_shared<kernel::ReadableEvent>()) {}

NvResult NvHostGpu::Ioctl(u32 request, const IoctlBuffers& buffers) {
    // SUBMIT_GPFIFO's size field counts its entries: 0x18 + 8 per entry.
    if ((request & 0xC000FFFF) == 0xC0004808) {
        return SubmitGpfifo(buffers);
    }
    return Dispatch(*this, kIoctls, request, buffers);
}

std::shared_ptr<kernel::ReadableEvent> NvHostGpu::Event(u32 id) {
    // 1: SM exception, 2: error notifier, 3: channel stop (yuzu's nvhost_gpu QueryEvent).
    switch (id) {
        case 1:
            return sm_exception_event_;
        case 2:
            return error_event_;
        case 3:
            return stop_event_;
        default:
            return nullptr;
    }
}

NvResult NvHostGpu::SetNvmapFd(const IoctlBuffers& buffers) {
    IoctlArgument<u32> fd(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::SetTimeout(const IoctlBuffers& buffers) {
    IoctlArgument<u32> timeout(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::Submit(u32 entry_count, u32 flags, Fence& fence) {
    if (!syncpoint_) {
        return NvResult::NotInitialized;  // no GPFIFO allocated on this channel
    }
    if (flags & kFenceWait) {
        LOG_DEBUG("nvdrv", "/dev/nvhost-gpu: submission waits for syncpoint {} to reach {}",
                  fence.id, fence.value);
    }
    submitted_entries_ += entry_count;
    gpu_work_->Add({.submissions = 1});
    LOG_WARNING("nvdrv",
                "/dev/nvhost-gpu: GPFIFO submission of {} entries not executed (nxhost does not "
                "run GPU commands yet); its fence is signalled",
                entry_count);
    const u32 increments = (flags & kFenceIncrement) ? ((flags & kSuppressWfi) ? 1 : 2) : 0;
    fence.id = *syncpoint_;
    fence.value = syncpoints_->Increment(*syncpoint_, increments);
    return NvResult::Success;
}

NvResult NvHostGpu::SubmitGpfifo(const IoctlBuffers& buffers) {
    IoctlArgument<SubmitGpfifoArgs> args(buffers);
    const u64 inline_entries = buffers.in.size() > sizeof(SubmitGpfifoArgs)
                                   ? (buffers.in.size() - sizeof(SubmitGpfifoArgs)) / 8
                                   : 0;
    const u64 available = buffers.in2.empty() ? inline_entries : buffers.in2.size() / 8;
    if (args->entry_count > available) {
        return NvResult::InvalidSize;
    }
    return Submit(args->entry_count, args->flags, args->fence);
}

NvResult NvHostGpu::AllocObjCtx(const IoctlBuffers& buffers) {
    IoctlArgument<AllocObjCtxArgs> args(buffers);
    if (std::find(std::begin(kKnownClasses), std::end(kKnownClasses), args->class_number) ==
        std::end(kKnownClasses)) {
        LOG_WARNING("nvdrv", "/dev/nvhost-gpu: ALLOC_OBJ_CTX of unknown class {:#x}",
                    args->class_number);
        return NvResult::BadValue;
    }
    classes_.push_back(args->class_number);
    args->object_id = classes_.size();
    return NvResult::Success;
}

NvResult NvHostGpu::ZcullBind(const IoctlBuffers& buffers) {
    IoctlArgument<ZcullBindArgs> args(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::SetErrorNotifier(const IoctlBuffers& buffers) {
    IoctlArgument<SetErrorNotifierArgs> args(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::SetPriority(const IoctlBuffers& buffers) {
    IoctlArgument<u32> priority(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::SetUserData(const IoctlBuffers& buffers) {
    IoctlArgument<u64> data(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::SetTimeslice(const IoctlBuffers& buffers) {
    IoctlArgument<u32> timeslice(buffers);
    return NvResult::Success;
}

NvResult NvHostGpu::GetErrorNotification(const IoctlBuffers& buffers) {
    IoctlArgument<ErrorNotificationArgs> args(buffers);
    args.value = {};  // no error
    return NvResult::Success;
}

NvResult NvHostGpu::AllocGpfifoEx2(const IoctlBuffers& buffers) {
    IoctlArgument<AllocGpfifoEx2Args> args(buffers);
    if (syncpoint_) {
        return NvResult::AlreadyAllocated;
    }
    syncpoint_ = syncpoints_->Allocate();
    if (!syncpoint_) {
        return NvResult::ResourceError;
    }
    args->fence = {*syncpoint_, syncpoints_->Read(*syncpoint_)};
    return NvResult::Success;
}

}  // namespace services::nvdrv
