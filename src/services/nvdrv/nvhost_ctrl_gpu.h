#pragma once

// /dev/nvhost-ctrl-gpu: what the GPU is (characteristics, TPC masks, zcull) for the console
// model's GPU, and its clock (libnx nvidia/ioctl/nvhost-ctrl-gpu.c).

#include "profile/console_model.h"
#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

class NvHostCtrlGpu final : public NvDevice {
public:
    explicit NvHostCtrlGpu(const profile::ConsoleModel& console);
    std::string_view Path() const override { return "/dev/nvhost-ctrl-gpu"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;
    std::shared_ptr<kernel::ReadableEvent> Event(u32 id) override;

    NvResult ZcullGetCtxSize(const IoctlBuffers& buffers);
    NvResult ZcullGetInfo(const IoctlBuffers& buffers);
    NvResult GetCharacteristics(const IoctlBuffers& buffers);
    NvResult GetTpcMasks(const IoctlBuffers& buffers);
    NvResult GetActiveSlotMask(const IoctlBuffers& buffers);
    NvResult GetGpuTime(const IoctlBuffers& buffers);

private:
    profile::Console console_;
    std::shared_ptr<kernel::ReadableEvent> error_event_;
    std::shared_ptr<kernel::ReadableEvent> unknown_event_;
};

}  // namespace services::nvdrv
