#pragma once

// /dev/nvhost-ctrl: syncpoint reads and waits, and the events asynchronous waits signal
// (libnx nvidia/ioctl/nvhost-ctrl.c; ioctl layouts from the public nvhost headers).

#include <array>

#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/syncpoints.h"

namespace services::nvdrv {

class NvHostCtrl final : public NvDevice {
public:
    static constexpr u32 kEventCount = 64;

    explicit NvHostCtrl(std::shared_ptr<Syncpoints> syncpoints);
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
    std::shared_ptr<Syncpoints> syncpoints_;
    std::array<std::shared_ptr<kernel::ReadableEvent>, kEventCount> events_;
};

}  // namespace services::nvdrv
