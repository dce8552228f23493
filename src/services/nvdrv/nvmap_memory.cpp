#include "services/nvdrv/nvmap_memory.h"

namespace services::nvdrv {

u8* NvMapMemory::HostPointer(u64 offset, u64 size, bool write) {
    if (object_->address == 0) {
        return offset + size <= object_->driver_memory.size()
                   ? object_->driver_memory.data() + offset
                   : nullptr;
    }
    if (memory_ == nullptr) {
        return nullptr;
    }
    return memory_->HostPointer(object_->address + offset, size,
                                write ? cpu::Permission::ReadWrite : cpu::Permission::Read);
}

}  // namespace services::nvdrv
