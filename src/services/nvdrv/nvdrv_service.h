#pragma once

// nvdrv, nvdrv:a, nvdrv:s, nvdrv:t (nns::nvdrv::INvDrvServices): the graphics driver's
// devices opened by path, their ioctls and events. Command ids from libnx services/nv.c and
// the switchbrew "NV services" page.

#include <atomic>
#include <map>
#include <memory>

#include "gpu/frame_work.h"
#include "gpu/gpu_dump.h"
#include "gpu/gpu_scheduler.h"
#include "gpu/gpu_settings.h"
#include "gpu/host_gpu.h"
#include "gpu/syncpoint_manager.h"
#include "ipc/service_object.h"
#include "profile/console_model.h"
#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/nvmap.h"

namespace services::nvdrv {

// What every session of the run shares: nvmap's objects, the syncpoints, the GPU (its thread,
// its dump, the host GPU its 3D work runs on), the GPU's model and the game's GPU settings,
// and the count of each frame's GPU work.
struct NvDriver {
    NvDriver(profile::ConsoleModel console_model, gpu::GpuSettings settings,
             std::shared_ptr<gpu::FrameWork> frame_work,
             std::shared_ptr<gpu::HostGpu> host = gpu::MakeNoHostGpu(),
             bool deterministic_run = false)
        : console(console_model),
          gpu_settings(settings),
          gpu_work(std::move(frame_work)),
          host_gpu(std::move(host)),
          deterministic(deterministic_run) {}
    profile::ConsoleModel console;
    gpu::GpuSettings gpu_settings;
    std::shared_ptr<gpu::FrameWork> gpu_work;
    std::shared_ptr<gpu::HostGpu> host_gpu;  // where the channels' 3D work runs
    // Asynchronous syncpoint events are signalled after waiting for the GPU's work at fixed
    // guest times (nvhost_ctrl.h).
    bool deterministic = false;
    std::shared_ptr<NvMap> nvmap = std::make_shared<NvMap>();
    std::shared_ptr<gpu::SyncpointManager> syncpoints = std::make_shared<gpu::SyncpointManager>();
    std::shared_ptr<gpu::GpuDump> gpu_dump = gpu::GpuDump::FromEnvironment();
    std::shared_ptr<gpu::GpuScheduler> gpu = std::make_shared<gpu::GpuScheduler>();
    std::atomic<u32> next_channel_id = 1;
};

// A new device for a path nvdrv knows ("/dev/nvmap", ...), or null.
std::unique_ptr<NvDevice> OpenDevice(std::string_view path, NvDriver& driver);

class NvDrvService final : public ipc::Interface<NvDrvService> {
public:
    static constexpr auto kName = "nns::nvdrv::INvDrvServices";
    explicit NvDrvService(std::shared_ptr<NvDriver> driver) : driver_(std::move(driver)) {}

    base::Result Open(ipc::InBuffer<ipc::kAutoSelect> path, ipc::Out<u32> fd, ipc::Out<u32> error);
    base::Result Ioctl(ipc::RequestEnvironment environment, u32 fd, u32 request,
                       ipc::InBuffer<ipc::kAutoSelect> in, ipc::OutBuffer<ipc::kAutoSelect> out,
                       ipc::Out<u32> error);
    base::Result Close(u32 fd, ipc::Out<u32> error);
    base::Result Initialize(u32 transfer_memory_size, ipc::InCopyHandle process,
                            ipc::InCopyHandle transfer_memory, ipc::Out<u32> error);
    base::Result QueryEvent(u32 fd, u32 event_id, ipc::OutCopyHandle event, ipc::Out<u32> error);
    base::Result SetAruid(ipc::ClientProcessId aruid, ipc::Out<u32> error);
    base::Result DumpGraphicsMemoryInfo();
    base::Result Ioctl2(ipc::RequestEnvironment environment, u32 fd, u32 request,
                        ipc::InBuffer<ipc::kAutoSelect> in, ipc::InBuffer<ipc::kAutoSelect> in2,
                        ipc::OutBuffer<ipc::kAutoSelect> out, ipc::Out<u32> error);
    base::Result Ioctl3(ipc::RequestEnvironment environment, u32 fd, u32 request,
                        ipc::InBuffer<ipc::kAutoSelect> in, ipc::OutBuffer<ipc::kAutoSelect> out,
                        ipc::OutBuffer<ipc::kAutoSelect> out2, ipc::Out<u32> error);
    base::Result SetGraphicsFirmwareMemoryMarginEnabled(u8 enabled);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, NvDrvService::Open),
        NX_COMMAND(1, NvDrvService::Ioctl),
        NX_COMMAND(2, NvDrvService::Close),
        NX_COMMAND(3, NvDrvService::Initialize),
        NX_COMMAND(4, NvDrvService::QueryEvent),
        NX_COMMAND(8, NvDrvService::SetAruid),
        NX_COMMAND(9, NvDrvService::DumpGraphicsMemoryInfo),
        NX_COMMAND(11, NvDrvService::Ioctl2),
        NX_COMMAND(12, NvDrvService::Ioctl3),
        NX_COMMAND(13, NvDrvService::SetGraphicsFirmwareMemoryMarginEnabled),
    };

private:
    u32 RunIoctl(u32 fd, u32 request, IoctlBuffers buffers);

    std::shared_ptr<NvDriver> driver_;
    std::map<u32, std::unique_ptr<NvDevice>> devices_;
    u32 next_fd_ = 1;
    bool initialized_ = false;
    std::shared_ptr<kernel::KernelObject> transfer_memory_;  // lent until the session closes
};

}  // namespace services::nvdrv
