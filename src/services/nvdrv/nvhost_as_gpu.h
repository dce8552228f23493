#pragma once

// /dev/nvhost-as-gpu: the GPU's virtual address space (libnx nvidia/ioctl/nvhost-as-gpu.c,
// nvidia/address_space.c). Its ioctls drive a gpu::MemoryManager: reservations, mappings of
// nvmap objects (through NvMapMemory), remaps inside sparse reservations; BIND_CHANNEL gives
// that address space to a channel, whose GP entries and engines then read and write it.

#include "gpu/memory_manager.h"
#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/nvmap.h"

namespace services::nvdrv {

class NvHostAsGpu final : public NvDevice {
public:
    explicit NvHostAsGpu(std::shared_ptr<NvMap> nvmap) : nvmap_(std::move(nvmap)) {}
    std::string_view Path() const override { return "/dev/nvhost-as-gpu"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;

    NvResult BindChannel(const IoctlBuffers& buffers);
    NvResult AllocSpace(const IoctlBuffers& buffers);
    NvResult FreeSpace(const IoctlBuffers& buffers);
    NvResult UnmapBuffer(const IoctlBuffers& buffers);
    NvResult MapBufferEx(const IoctlBuffers& buffers);
    NvResult GetVaRegions(const IoctlBuffers& buffers);
    NvResult InitializeEx(const IoctlBuffers& buffers);
    NvResult Remap(const IoctlBuffers& buffers);

    const std::shared_ptr<gpu::MemoryManager>& Memory() const { return memory_; }

private:
    std::shared_ptr<NvMap> nvmap_;
    std::shared_ptr<gpu::MemoryManager> memory_ = std::make_shared<gpu::MemoryManager>();
};

}  // namespace services::nvdrv
