#pragma once

// /dev/nvhost-ctrl: syncpoint reads and waits, and the events asynchronous waits signal
// (libnx nvidia/ioctl/nvhost-ctrl.c; ioctl layouts from the public nvhost headers).
//
// A read or wait first lets the GPU thread finish the work queued for the syncpoint (up to the
// threshold, or all of it for a read): the caller's guest thread waits meanwhile, on its core.
// That keeps every answer the same from run to run (--deterministic), which a wait on a host
// thread (ServiceObject::MayWaitOnHost) would not: the guest's other threads would go on for
// as long as the host took. The GPU's work is the host's own and bounded (a stalled acquire is
// passed after the channel's limit), so the wait is too; it gives up when the run ends. A
// threshold beyond all queued work can only be reached by SYNCPT_INCR: such a wait answers
// Timeout, and an EVENT_WAIT's event is signalled by the SYNCPT_INCR that reaches it.

#include <array>

#include "gpu/syncpoint_manager.h"
#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

class NvHostCtrl final : public NvDevice {
public:
    static constexpr u32 kEventCount = 64;

    explicit NvHostCtrl(std::shared_ptr<gpu::SyncpointManager> syncpoints);
    std::string_view Path() const override { return "/dev/nvhost-ctrl"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;
    std::shared_ptr<kernel::ReadableEvent> Event(u32 id) override;

    NvResult SyncptRead(const IoctlBuffers& buffers);
    NvResult SyncptIncr(const IoctlBuffers& buffers);
    NvResult SyncptWait(const IoctlBuffers& buffers);
    NvResult SyncptWaitEx(const IoctlBuffers& buffers);
    NvResult EventSignal(const IoctlBuffers& buffers);
    NvResult EventWait(const IoctlBuffers& buffers);
    NvResult EventRegister(const IoctlBuffers& buffers);
    NvResult EventUnregister(const IoctlBuffers& buffers);

private:
    // An EVENT_WAIT that answered Timeout: its event is signalled when the threshold is met.
    struct PendingEvent {
        u32 id = 0;
        u32 threshold = 0;
        bool armed = false;
    };

    // Lets the GPU finish what it has queued towards `threshold`; whether it is reached.
    bool WaitForWork(const IoctlBuffers& buffers, u32 id, u32 threshold);

    std::shared_ptr<gpu::SyncpointManager> syncpoints_;
    std::array<std::shared_ptr<kernel::ReadableEvent>, kEventCount> events_;
    std::array<PendingEvent, kEventCount> pending_{};
};

}  // namespace services::nvdrv
