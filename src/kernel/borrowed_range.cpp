#include "kernel/borrowed_range.h"

#include <algorithm>
#include <cstring>

namespace kernel {

BorrowedRange::BorrowedRange(MemoryMap& map, cpu::GuestMemory& memory, u64 address, u64 size,
                             MemoryState state, cpu::Permission lent_permission)
    : map_(map),
      address_(address),
      size_(size),
      state_(state),
      pages_(std::make_unique<SharedPages>(size)) {
    std::memcpy(pages_->Data(), memory.Base() + address, size);
    map_.BackWithView(address, size, pages_->Fd(), 0);
    map_.Relabel(address, size, state, lent_permission, memory_attribute::kLocked);
}

BorrowedRange::~BorrowedRange() {
    for (const u64 view : views_) {
        map_.Unmap(view, size_);
    }
    // Give the range back only if it is still the locked block this object made (the memory
    // map outlives every handle, so it is there).
    const auto info = map_.Uniform(address_, size_);
    if (info && info->state == static_cast<u32>(state_) &&
        info->attribute == memory_attribute::kLocked) {
        map_.Relabel(address_, size_, state_, cpu::Permission::ReadWrite, memory_attribute::kNone);
    }
}

void BorrowedRange::MapView(u64 address, MemoryState state, cpu::Permission permission) {
    map_.MapView(address, size_, state, permission, pages_->Fd(), 0);
    views_.push_back(address);
}

bool BorrowedRange::HasViewAt(u64 address) const {
    return std::find(views_.begin(), views_.end(), address) != views_.end();
}

void BorrowedRange::UnmapView(u64 address) {
    map_.Unmap(address, size_);
    views_.erase(std::find(views_.begin(), views_.end(), address));
}

}  // namespace kernel
