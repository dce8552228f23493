#pragma once

// /dev/nvhost-gpu: a GPU channel. Its set-up ioctls are answered as the console does; its
// submissions (SUBMIT_GPFIFO, KICKOFF_PB) are accepted and named in the log as not executed,
// because executing them is the GPU command-level issue's work (libnx nvidia/ioctl/
// nvhost-gpu.c, nvidia/gpu_channel.c).

#include "gpu/frame_work.h"
#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/syncpoints.h"

namespace services::nvdrv {

class NvHostGpu final : public NvDevice {
public:
    NvHostGpu(std::shared_ptr<Syncpoints> syncpoints, std::shared_ptr<gpu::FrameWork> gpu_work);
    std::string_view Path() const override { return "/dev/nvhost-gpu"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;
    std::shared_ptr<kernel::ReadableEvent> Event(u32 id) override;

    NvResult SetNvmapFd(const IoctlBuffers& buffers);
    NvResult SetTimeout(const IoctlBuffers& buffers);
    NvResult SubmitGpfifo(const IoctlBuffers& buffers);
    NvResult AllocObjCtx(const IoctlBuffers& buffers);
    NvResult ZcullBind(const IoctlBuffers& buffers);
    NvResult SetErrorNotifier(const IoctlBuffers& buffers);
    NvResult SetPriority(const IoctlBuffers& buffers);
    NvResult GetErrorNotification(const IoctlBuffers& buffers);
    NvResult AllocGpfifoEx2(const IoctlBuffers& buffers);
    NvResult SetUserData(const IoctlBuffers& buffers);
    NvResult SetTimeslice(const IoctlBuffers& buffers);

    u64 SubmittedEntries() const { return submitted_entries_; }

private:
    NvResult Submit(u32 entry_count, u32 flags, Fence& fence);

    std::shared_ptr<Syncpoints> syncpoints_;
    std::shared_ptr<gpu::FrameWork> gpu_work_;
    std::optional<u32> syncpoint_;
    std::vector<u32> classes_;
    u64 submitted_entries_ = 0;
    std::shared_ptr<kernel::ReadableEvent> sm_exception_event_;
    std::shared_ptr<kernel::ReadableEvent> error_event_;
    std::shared_ptr<kernel::ReadableEvent> stop_event_;
};

}  // namespace services::nvdrv
