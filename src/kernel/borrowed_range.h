#pragma once

// A range of the process's own memory lent to a transfer or code memory object. Its bytes move
// into shared pages that stay mapped at the range, so that the object's other views see the
// same bytes (Horizon maps the same physical pages twice); the range is locked while lent, and
// unlocked, with whatever the views wrote, when the object goes.

#include <memory>
#include <vector>

#include "base/types.h"
#include "cpu/guest_memory.h"
#include "kernel/memory_map.h"
#include "kernel/shared_pages.h"

namespace kernel {

class BorrowedRange {
public:
    // The range must be one uniform block with read-write permission (the caller has checked).
    // `lent_permission` is what the owner keeps while it is lent.
    BorrowedRange(MemoryMap& map, cpu::GuestMemory& memory, u64 address, u64 size,
                  MemoryState state, cpu::Permission lent_permission);
    ~BorrowedRange();
    BorrowedRange(const BorrowedRange&) = delete;
    BorrowedRange& operator=(const BorrowedRange&) = delete;

    u64 Address() const { return address_; }
    u64 Size() const { return size_; }
    SharedPages& Pages() { return *pages_; }

    // Views of the pages elsewhere in the process, unmapped with the object if still there.
    void MapView(u64 address, MemoryState state, cpu::Permission permission);
    bool HasViewAt(u64 address) const;
    void UnmapView(u64 address);

private:
    MemoryMap& map_;
    u64 address_;
    u64 size_;
    MemoryState state_;
    std::unique_ptr<SharedPages> pages_;
    std::vector<u64> views_;
};

}  // namespace kernel
