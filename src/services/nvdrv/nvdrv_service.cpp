#include "services/nvdrv/nvdrv_service.h"

#include <algorithm>
#include <string>

#include "gpu/class_ids.h"
#include "kernel/memory_objects.h"
#include "services/nvdrv/host1x_channel.h"
#include "services/nvdrv/nvhost_as_gpu.h"
#include "services/nvdrv/nvhost_ctrl.h"
#include "services/nvdrv/nvhost_ctrl_gpu.h"
#include "services/nvdrv/nvhost_gpu.h"
#include "services/nvdrv/unprovided_device.h"

namespace services::nvdrv {
namespace {

u32 Code(NvResult result) {
    return static_cast<u32>(result);
}

}  // namespace

std::unique_ptr<NvDevice> OpenDevice(std::string_view path, NvDriver& driver) {
    if (path == "/dev/nvmap") {
        return std::make_unique<NvMapDevice>(driver.nvmap);
    }
    if (path == "/dev/nvhost-ctrl") {
        return std::make_unique<NvHostCtrl>(driver.syncpoints, driver.deterministic);
    }
    if (path == "/dev/nvhost-ctrl-gpu") {
        return std::make_unique<NvHostCtrlGpu>(driver.console);
    }
    if (path == "/dev/nvhost-as-gpu") {
        return std::make_unique<NvHostAsGpu>(driver.nvmap);
    }
    if (path == "/dev/nvhost-gpu") {
        const bool ampere = driver.console.console == profile::Console::Switch2;
        return std::make_unique<NvHostGpu>(GpuChannelSetup{
            driver.next_channel_id++,
            static_cast<u32>(ampere ? gpu::ClassId::AmpereChannelGpfifoB
                                    : gpu::ClassId::MaxwellChannelGpfifoA),
            driver.syncpoints, driver.gpu, driver.gpu_dump, driver.gpu_work, driver.host_gpu});
    }
    for (const char* channel : kHost1xChannels) {
        if (path == channel) {
            return std::make_unique<Host1xChannel>(std::string(path), driver.syncpoints,
                                                   driver.nvmap);
        }
    }
    for (const char* known : kUnprovidedDevices) {
        if (path == known) {
            LOG_WARNING("nvdrv", "{} opened: nxhost does not provide its work yet", path);
            return std::make_unique<UnprovidedDevice>(std::string(path));
        }
    }
    return nullptr;
}

base::Result NvDrvService::Open(ipc::InBuffer<ipc::kAutoSelect> path_buffer, ipc::Out<u32> fd,
                                ipc::Out<u32> error) {
    // The path comes without its terminator, or with one and padding.
    std::string path(path_buffer.data.begin(), path_buffer.data.end());
    path.erase(std::find(path.begin(), path.end(), '\0'), path.end());
    std::unique_ptr<NvDevice> device = OpenDevice(path, *driver_);
    if (!device) {
        LOG_WARNING("nvdrv", "Open(\"{}\"): nxhost has no such device", path);
        *fd = 0;
        *error = Code(NvResult::FileOperationFailed);
        return base::ResultSuccess;
    }
    LOG_DEBUG("nvdrv", "Open(\"{}\") = fd {}", path, next_fd_);
    *fd = next_fd_;
    devices_[next_fd_++] = std::move(device);
    *error = Code(NvResult::Success);
    return base::ResultSuccess;
}

u32 NvDrvService::RunIoctl(u32 fd, u32 request, IoctlBuffers buffers) {
    buffers.device_of_fd = [this](u32 other) -> NvDevice* {
        const auto device = devices_.find(other);
        return device != devices_.end() ? device->second.get() : nullptr;
    };
    const auto found = devices_.find(fd);
    if (found == devices_.end()) {
        LOG_WARNING("nvdrv", "ioctl {:#010x} on fd {}, which is not open", request, fd);
        return Code(NvResult::NotInitialized);
    }
    const NvResult result = found->second->Ioctl(request, buffers);
    LOG_DEBUG("nvdrv", "{}: ioctl {:#010x} ({} bytes in, {} out) -> {:#x}", found->second->Path(),
              request, buffers.in.size(), buffers.out.size(), Code(result));
    return Code(result);
}

base::Result NvDrvService::Ioctl(ipc::RequestEnvironment environment, u32 fd, u32 request,
                                 ipc::InBuffer<ipc::kAutoSelect> in,
                                 ipc::OutBuffer<ipc::kAutoSelect> out, ipc::Out<u32> error) {
    *error =
        RunIoctl(fd, request, IoctlBuffers{in.data, {}, out.data, {}, environment.environment, {}});
    return base::ResultSuccess;
}

base::Result NvDrvService::Ioctl2(ipc::RequestEnvironment environment, u32 fd, u32 request,
                                  ipc::InBuffer<ipc::kAutoSelect> in,
                                  ipc::InBuffer<ipc::kAutoSelect> in2,
                                  ipc::OutBuffer<ipc::kAutoSelect> out, ipc::Out<u32> error) {
    *error = RunIoctl(fd, request,
                      IoctlBuffers{in.data, in2.data, out.data, {}, environment.environment, {}});
    return base::ResultSuccess;
}

base::Result NvDrvService::Ioctl3(ipc::RequestEnvironment environment, u32 fd, u32 request,
                                  ipc::InBuffer<ipc::kAutoSelect> in,
                                  ipc::OutBuffer<ipc::kAutoSelect> out,
                                  ipc::OutBuffer<ipc::kAutoSelect> out2, ipc::Out<u32> error) {
    *error = RunIoctl(fd, request,
                      IoctlBuffers{in.data, {}, out.data, out2.data, environment.environment, {}});
    return base::ResultSuccess;
}

base::Result NvDrvService::Close(u32 fd, ipc::Out<u32> error) {
    *error = Code(devices_.erase(fd) != 0 ? NvResult::Success : NvResult::NotInitialized);
    return base::ResultSuccess;
}

base::Result NvDrvService::Initialize(u32 transfer_memory_size, ipc::InCopyHandle,
                                      ipc::InCopyHandle transfer_memory, ipc::Out<u32> error) {
    const auto memory = kernel::As<kernel::TransferMemory>(transfer_memory.object);
    if (!memory || memory->Size() < transfer_memory_size) {
        LOG_WARNING("nvdrv", "Initialize without transfer memory of {:#x} bytes",
                    transfer_memory_size);
        *error = Code(NvResult::BadParameter);
        return base::ResultSuccess;
    }
    transfer_memory_ = memory;
    initialized_ = true;
    *error = Code(NvResult::Success);
    return base::ResultSuccess;
}

base::Result NvDrvService::QueryEvent(u32 fd, u32 event_id, ipc::OutCopyHandle event,
                                      ipc::Out<u32> error) {
    const auto found = devices_.find(fd);
    if (found == devices_.end()) {
        *error = Code(NvResult::NotInitialized);
        return base::ResultSuccess;
    }
    auto readable = found->second->Event(event_id);
    if (!readable) {
        LOG_WARNING("nvdrv", "{}: QueryEvent({:#x}): no such event", found->second->Path(),
                    event_id);
        *error = Code(NvResult::BadValue);
        return base::ResultSuccess;
    }
    *event.object = std::move(readable);
    *error = Code(NvResult::Success);
    return base::ResultSuccess;
}

base::Result NvDrvService::SetAruid(ipc::ClientProcessId, ipc::Out<u32> error) {
    *error = Code(NvResult::Success);
    return base::ResultSuccess;
}

base::Result NvDrvService::DumpGraphicsMemoryInfo() {
    return base::ResultSuccess;
}

base::Result NvDrvService::SetGraphicsFirmwareMemoryMarginEnabled(u8) {
    return base::ResultSuccess;
}

}  // namespace services::nvdrv
