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
// threshold beyond all queued work answers Timeout (as the console's driver does for a
// wait that did not complete); an EVENT_WAIT(_ASYNC) then arms its event, which is signalled
// when the syncpoint reaches the threshold: by a SYNCPT_INCR at once, or by GPU work submitted
// later, checked by a periodic work of 1 ms of guest time (deko3d's and nvn's fences wait like
// this). Under --deterministic that check first lets the GPU finish the work queued towards
// the threshold, so the event is signalled at the same guest time in every run; otherwise it
// signals what the GPU has reached, and the GPU runs alongside the guest.

#include <array>
#include <mutex>

#include "gpu/syncpoint_manager.h"
#include "kernel/periodic_work.h"
#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

class NvHostCtrl final : public NvDevice {
public:
    static constexpr u32 kEventCount = 64;

    NvHostCtrl(std::shared_ptr<gpu::SyncpointManager> syncpoints, bool deterministic = false);
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
    // The armed events, shared by the guest's ioctls and the periodic check.
    class EventSlots final : public kernel::PeriodicWork {
    public:
        EventSlots(std::shared_ptr<gpu::SyncpointManager> syncpoints, bool deterministic)
            : syncpoints_(std::move(syncpoints)), deterministic_(deterministic) {}

        u64 PeriodTicks() const override;
        // Armed events whose work is queued are signalled without the guest doing anything.
        bool MayWakeWaiters() const override;
        void Run(u64 ticks, kernel::EventSignaller& events) override;

        std::shared_ptr<kernel::ReadableEvent> Event(u32 slot);
        bool Register(u32 slot);
        bool Unregister(u32 slot);
        void Arm(u32 slot, u32 id, u32 threshold);
        void Disarm(u32 slot);
        // Disarms the events of syncpoint `id` that `value` reaches and returns them.
        std::vector<std::shared_ptr<kernel::ReadableEvent>> TakeReached(u32 id, u32 value);

    private:
        // An EVENT_WAIT that answered Timeout: its event is signalled when the threshold is met.
        struct PendingEvent {
            u32 id = 0;
            u32 threshold = 0;
            bool armed = false;
        };

        std::shared_ptr<gpu::SyncpointManager> syncpoints_;
        bool deterministic_;
        mutable std::mutex mutex_;
        std::array<std::shared_ptr<kernel::ReadableEvent>, kEventCount> events_;
        std::array<PendingEvent, kEventCount> pending_{};
    };

    // Lets the GPU finish what it has queued towards `threshold`; whether it is reached.
    bool WaitForWork(const IoctlBuffers& buffers, u32 id, u32 threshold);

    std::shared_ptr<gpu::SyncpointManager> syncpoints_;
    std::shared_ptr<EventSlots> slots_;
    bool slots_started_ = false;
};

}  // namespace services::nvdrv
