#pragma once

// /dev/nvhost-gpu: a GPU channel (libnx nvidia/ioctl/nvhost-gpu.c, nvidia/gpu_channel.c). Its
// set-up ioctls are answered as the console does; SUBMIT_GPFIFO and KICKOFF_PB queue the GP
// entries on the channel's gpu::Channel, with the driver's fence wait before them and its
// increments after (as nvhost adds them: GM20B counts two increments per release), and return
// at once with the fence, which is reached when the GPU thread has executed the work.

#include "gpu/channel.h"
#include "gpu/frame_work.h"
#include "gpu/gpu_scheduler.h"
#include "gpu/syncpoint_manager.h"
#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

struct GpuChannelSetup {
    u32 channel_id = 0;
    u32 gpfifo_class = 0xB06F;  // the console's: MAXWELL_CHANNEL_GPFIFO_A or AMPERE_..._B
    std::shared_ptr<gpu::SyncpointManager> syncpoints;
    std::shared_ptr<gpu::GpuScheduler> scheduler;
    std::shared_ptr<gpu::GpuDump> dump;
    std::shared_ptr<gpu::FrameWork> gpu_work;
    std::shared_ptr<gpu::HostGpu> host_gpu = gpu::MakeNoHostGpu();
};

class NvHostGpu final : public NvDevice {
public:
    explicit NvHostGpu(GpuChannelSetup setup);
    ~NvHostGpu() override;
    std::string_view Path() const override { return "/dev/nvhost-gpu"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;
    std::shared_ptr<kernel::ReadableEvent> Event(u32 id) override;
    bool BindAddressSpace(std::shared_ptr<gpu::MemoryManager> memory) override;

    NvResult SetNvmapFd(const IoctlBuffers& buffers);
    NvResult SetTimeout(const IoctlBuffers& buffers);
    NvResult SubmitGpfifo(const IoctlBuffers& buffers);
    NvResult KickoffPb(const IoctlBuffers& buffers);
    NvResult AllocObjCtx(const IoctlBuffers& buffers);
    NvResult ZcullBind(const IoctlBuffers& buffers);
    NvResult SetErrorNotifier(const IoctlBuffers& buffers);
    NvResult SetPriority(const IoctlBuffers& buffers);
    NvResult GetErrorNotification(const IoctlBuffers& buffers);
    NvResult AllocGpfifoEx2(const IoctlBuffers& buffers);
    NvResult SetUserData(const IoctlBuffers& buffers);
    NvResult SetTimeslice(const IoctlBuffers& buffers);

    u64 SubmittedEntries() const { return submitted_entries_; }
    const std::shared_ptr<gpu::Channel>& Channel() const { return channel_; }

private:
    NvResult Submit(std::vector<u64> entries, u32 flags, gpu::Fence& fence);

    GpuChannelSetup setup_;
    std::shared_ptr<gpu::Channel> channel_;
    std::optional<u32> syncpoint_;
    std::vector<u32> classes_;
    u64 submitted_entries_ = 0;
    std::shared_ptr<kernel::ReadableEvent> sm_exception_event_;
    std::shared_ptr<kernel::ReadableEvent> error_event_;
    std::shared_ptr<kernel::ReadableEvent> stop_event_;
};

}  // namespace services::nvdrv
