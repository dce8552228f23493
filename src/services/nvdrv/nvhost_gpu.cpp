#include "services/nvdrv/nvhost_gpu.h"

#include <algorithm>

#include "cpu/guest_memory.h"
#include "gpu/class_ids.h"

namespace services::nvdrv {
namespace {

struct SubmitGpfifoArgs {
    u64 gpfifo;  // KICKOFF_PB: the entries' address in the process, unless Ioctl2 sent them
    u32 entry_count;
    u32 flags;
    gpu::Fence fence;
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
// The fence comes back at 0xC, between the inputs (libnx nvioctlChannel_AllocGpfifoEx2, yuzu's
// IoctlAllocGpfifoEx2): deko3d counts its own fences from that syncpoint.
struct AllocGpfifoEx2Args {
    u32 entry_count;
    u32 flags;
    u32 unknown;
    gpu::Fence fence;
    u32 reserved[3];
};
static_assert(sizeof(AllocGpfifoEx2Args) == 0x20);

// SUBMIT_GPFIFO flags (the Switch's nvhost: wait for the input fence, add an increment and
// return its fence, suppress the wait-for-idle before it).
constexpr u32 kFenceWait = 1 << 0;
constexpr u32 kFenceIncrement = 1 << 1;
constexpr u32 kSuppressWfi = 1 << 4;
constexpr u32 kIncrementByValue = 1 << 8;  // add fence.value increments (yuzu's nvhost_gpu)

// More entries than a GPFIFO holds (libnx allocates 0x800): a broken request.
constexpr u32 kMostEntries = 0x10000;
// A fence asking for more increments than this is a broken request, not work to wait for.
constexpr u32 kMostIncrements = 0x1000;

// The host methods the driver's words use (clb06f.h; SYNCPOINTA/B are Tegra's).
constexpr u32 kSyncpointA = 0x70 / 4;
constexpr u32 kSyncpointB = 0x74 / 4;
constexpr u32 kWfi = 0x78 / 4;

// An incrementing method header of one argument on subchannel 0, then the argument.
void AddMethod(std::vector<u32>& words, u32 method, u32 argument) {
    words.push_back((1u << 29) | (1u << 16) | method);
    words.push_back(argument);
}

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
    IoctlEntry<NvHostGpu>{0xC018481B, "NVGPU_IOCTL_CHANNEL_KICKOFF_PB", &NvHostGpu::KickoffPb},
    IoctlEntry<NvHostGpu>{0x4004481D, "NVGPU_IOCTL_CHANNEL_SET_TIMESLICE",
                          &NvHostGpu::SetTimeslice},
};

gpu::ChannelSetup ChannelSetupOf(const GpuChannelSetup& device) {
    gpu::ChannelSetup setup;
    setup.id = device.channel_id;
    setup.gpfifo_class = device.gpfifo_class;
    setup.syncpoints = device.syncpoints;
    setup.dump = device.dump;
    setup.host_gpu = device.host_gpu;
    setup.work = device.gpu_work;
    return setup;
}

}  // namespace

NvHostGpu::NvHostGpu(GpuChannelSetup setup)
    : setup_(std::move(setup)),
      channel_(std::make_shared<gpu::Channel>(ChannelSetupOf(setup_))),
      sm_exception_event_(std::make_shared<kernel::ReadableEvent>()),
      error_event_(std::make_shared<kernel::ReadableEvent>()),
      stop_event_(std::make_shared<kernel::ReadableEvent>()) {}

// The channel's work stops before its memory (the process's) can go.
NvHostGpu::~NvHostGpu() {
    setup_.scheduler->Remove(channel_);
}

bool NvHostGpu::BindAddressSpace(std::shared_ptr<gpu::MemoryManager> memory) {
    channel_->BindMemory(std::move(memory));
    return true;
}

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

NvResult NvHostGpu::Submit(std::vector<u64> entries, u32 flags, gpu::Fence& fence) {
    if (!syncpoint_) {
        return NvResult::NotInitialized;  // no GPFIFO allocated on this channel
    }
    gpu::Submission submission;
    submission.entries = std::move(entries);
    if ((flags & kFenceWait) && gpu::SyncpointManager::Valid(fence.id)) {
        AddMethod(submission.prologue, kSyncpointA, fence.value);
        AddMethod(submission.prologue, kSyncpointB, fence.id << 8);  // wait (operation 0)
    }
    // The driver's own release (GM20B's nvhost counts two increments per release, GA10B's one:
    // notes section 1), and with kIncrementByValue the guest's: fence.value increments its
    // pushbuffer makes itself (libnx's nvGpuChannelIncrFence, deko3d's fences), which only
    // raise the syncpoint's queued maximum here (yuzu's nvhost_gpu does the same).
    u32 driver_increments = 0;
    if (flags & kFenceIncrement) {
        driver_increments = gpu::IsAmpereGpfifo(setup_.gpfifo_class) ? 1 : 2;
    }
    const u32 guest_increments = (flags & kIncrementByValue) ? fence.value : 0;
    const u32 increments = driver_increments + guest_increments;
    if (guest_increments > kMostIncrements || increments > kMostIncrements) {
        LOG_WARNING("nvdrv",
                    "/dev/nvhost-gpu: a submission asks for {} syncpoint increments: refused",
                    increments);
        return NvResult::BadValue;
    }
    if (driver_increments != 0) {
        if (!(flags & kSuppressWfi)) {
            AddMethod(submission.epilogue, kWfi, 0);
        }
        AddMethod(submission.epilogue, kSyncpointA, 0);
        for (u32 i = 0; i < driver_increments; ++i) {
            AddMethod(submission.epilogue, kSyncpointB, (*syncpoint_ << 8) | 1);
        }
    }
    const std::size_t count = submission.entries.size();
    submitted_entries_ += count;
    setup_.gpu_work->Add({.submissions = 1});
    fence.id = *syncpoint_;
    fence.value = increments != 0 ? setup_.syncpoints->Reserve(*syncpoint_, increments)
                                  : setup_.syncpoints->Max(*syncpoint_);
    LOG_DEBUG("nvdrv",
              "/dev/nvhost-gpu: channel {} queues {} GP entries (flags {:#x}), fence {}:{}",
              setup_.channel_id, count, flags, fence.id, fence.value);
    setup_.scheduler->Submit(channel_, std::move(submission));
    return NvResult::Success;
}

// The entries follow the header (or come in Ioctl2's second buffer).
NvResult NvHostGpu::SubmitGpfifo(const IoctlBuffers& buffers) {
    IoctlArgument<SubmitGpfifoArgs> args(buffers);
    const std::span<const u8> source =
        buffers.in2.empty()
            ? buffers.in.subspan(std::min(buffers.in.size(), sizeof(SubmitGpfifoArgs)))
            : buffers.in2;
    if (args->entry_count > source.size() / 8) {
        return NvResult::InvalidSize;
    }
    std::vector<u64> entries(args->entry_count);
    std::memcpy(entries.data(), source.data(), entries.size() * 8);
    return Submit(std::move(entries), args->flags, args->fence);
}

// The entries come in Ioctl2's second buffer, or lie in the process's memory at `gpfifo`.
NvResult NvHostGpu::KickoffPb(const IoctlBuffers& buffers) {
    if (!buffers.in2.empty()) {
        return SubmitGpfifo(buffers);
    }
    IoctlArgument<SubmitGpfifoArgs> args(buffers);
    if (args->entry_count > kMostEntries) {
        return NvResult::InvalidSize;
    }
    std::vector<u64> entries(args->entry_count);
    if (!entries.empty() &&
        (buffers.environment == nullptr ||
         !buffers.environment->Memory().ReadBlock(
             args->gpfifo, {reinterpret_cast<u8*>(entries.data()), entries.size() * 8}))) {
        LOG_WARNING("nvdrv",
                    "/dev/nvhost-gpu: KICKOFF_PB of {} entries at {:#x}, which the "
                    "process cannot read",
                    args->entry_count, args->gpfifo);
        return NvResult::InvalidAddress;
    }
    return Submit(std::move(entries), args->flags, args->fence);
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
    // The class is bound by the pushbuffer's SET_OBJECT, as on the hardware.
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
    syncpoint_ = setup_.syncpoints->Allocate();
    if (!syncpoint_) {
        return NvResult::ResourceError;
    }
    args->fence = {*syncpoint_, setup_.syncpoints->Read(*syncpoint_)};
    return NvResult::Success;
}

}  // namespace services::nvdrv
