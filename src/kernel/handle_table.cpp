#include "kernel/handle_table.h"

#include "kernel/thread.h"

namespace kernel {

u32 HandleTable::Add(std::shared_ptr<KernelObject> object) {
    for (std::size_t index = 1; index < slots_.size(); ++index) {
        Slot& slot = slots_[index];
        if (!slot.object) {
            slot.object = std::move(object);
            slot.serial = next_serial_;
            next_serial_ = next_serial_ == 0x7fff ? 1 : next_serial_ + 1;
            return (u32{slot.serial} << 15) | static_cast<u32>(index);
        }
    }
    return 0;
}

bool HandleTable::Remove(u32 handle) {
    const u32 index = handle & 0x7fff;
    const u32 serial = (handle >> 15) & 0x7fff;
    if (handle >> 30 != 0 || index >= slots_.size() || !slots_[index].object ||
        slots_[index].serial != serial) {
        return false;
    }
    slots_[index].object.reset();
    return true;
}

std::shared_ptr<KernelObject> HandleTable::Get(u32 handle,
                                               const std::shared_ptr<Thread>& current) const {
    if (handle == kCurrentThreadPseudoHandle) {
        return current;
    }
    const u32 index = handle & 0x7fff;
    const u32 serial = (handle >> 15) & 0x7fff;
    if (handle >> 30 != 0 || index == 0 || index >= slots_.size() ||
        slots_[index].serial != serial) {
        return nullptr;
    }
    return slots_[index].object;
}

std::size_t HandleTable::Count() const {
    std::size_t count = 0;
    for (const Slot& slot : slots_) {
        count += slot.object ? 1 : 0;
    }
    return count;
}

}  // namespace kernel
