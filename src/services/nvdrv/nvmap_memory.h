#pragma once

// The memory of an nvmap object as the GPU sees it through a mapping: the guest's pages at the
// object's address (with the guest's permissions: a GPU write to a page the guest made
// read-only is refused), or the memory the driver allocated for it.

#include <memory>

#include "cpu/guest_memory.h"
#include "gpu/memory_source.h"
#include "services/nvdrv/nvmap.h"

namespace services::nvdrv {

class NvMapMemory final : public gpu::MemorySource {
public:
    // `memory` is the process's, which outlives the mapping (the devices close first).
    NvMapMemory(std::shared_ptr<NvMapObject> object, cpu::GuestMemory* memory)
        : object_(std::move(object)), memory_(memory) {}
    u64 Size() const override { return object_->size; }
    u8* HostPointer(u64 offset, u64 size, bool write) override;

private:
    std::shared_ptr<NvMapObject> object_;
    cpu::GuestMemory* memory_;
};

}  // namespace services::nvdrv
