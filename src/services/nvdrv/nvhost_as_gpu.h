#pragma once

// /dev/nvhost-as-gpu: the GPU's virtual address space. Reservations and mappings of nvmap
// objects are recorded so that the GPU engines (the command-level issue) can find the memory
// behind a GPU address (libnx nvidia/ioctl/nvhost-as-gpu.c, nvidia/address_space.c).

#include <map>

#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/nvmap.h"

namespace services::nvdrv {

struct GpuMapping {
    u64 size = 0;
    std::shared_ptr<NvMapObject> object;
    u64 object_offset = 0;
};

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

    const std::map<u64, GpuMapping>& Mappings() const { return mappings_; }

private:
    // A free range of `size` bytes aligned to `align`, above what is reserved or mapped.
    u64 Place(u64 size, u64 align);

    std::shared_ptr<NvMap> nvmap_;
    u32 big_page_size_ = 0x20000;
    std::map<u64, u64> reservations_;  // offset -> size
    std::map<u64, GpuMapping> mappings_;
    u64 next_free_ = 0x0400'0000;  // GPU addresses below 64 MiB stay unmapped, as the driver's
};

}  // namespace services::nvdrv
