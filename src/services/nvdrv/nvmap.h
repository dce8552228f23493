#pragma once

// nvmap: the driver's memory objects. A program creates a handle of a size, allocates it over
// memory of its own (an address in its heap) and passes its global id to other drivers and to
// vi's buffer queue, which find the memory through it. Ioctl numbers and layouts from libnx
// nvidia/ioctl/nvmap.c.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

struct NvMapObject {
    u32 handle = 0;
    u32 id = 0;
    u32 size = 0;
    bool allocated = false;
    u64 address = 0;  // guest address of the memory; 0 when the driver allocated it itself
    u32 align = 0;
    u32 heap_mask = 0;
    u32 flags = 0;
    u8 kind = 0;
    std::vector<u8> driver_memory;  // memory allocated without a guest address
    // The guest memory stays the GPU's while the object lives (its GPU mappings hold it):
    // the process cannot unmap it under the GPU's accesses.
    std::shared_ptr<kernel::DeviceUse> device_use;
};

// Every nvmap object of the run; nvdrv's devices and vi share it.
class NvMap {
public:
    std::shared_ptr<NvMapObject> Create(u32 size);
    std::shared_ptr<NvMapObject> FromHandle(u32 handle) const;
    std::shared_ptr<NvMapObject> FromId(u32 id) const;
    bool Free(u32 handle);

private:
    mutable std::mutex mutex_;
    std::map<u32, std::shared_ptr<NvMapObject>> by_handle_;
    std::map<u32, std::shared_ptr<NvMapObject>> by_id_;
    u32 next_handle_ = 1;
    // Ids differ from handles, as on the console, so that a program mixing them up fails here
    // as it would there.
    u32 next_id_ = 0x10001;
};

class NvMapDevice final : public NvDevice {
public:
    explicit NvMapDevice(std::shared_ptr<NvMap> map) : map_(std::move(map)) {}
    std::string_view Path() const override { return "/dev/nvmap"; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;

    NvResult Create(const IoctlBuffers& buffers);
    NvResult FromId(const IoctlBuffers& buffers);
    NvResult Alloc(const IoctlBuffers& buffers);
    NvResult Free(const IoctlBuffers& buffers);
    NvResult Param(const IoctlBuffers& buffers);
    NvResult GetId(const IoctlBuffers& buffers);

private:
    std::shared_ptr<NvMap> map_;
};

}  // namespace services::nvdrv
