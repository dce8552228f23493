#pragma once

// The memory behind one GPU mapping, as host pointers: an nvmap object's pages in the guest,
// or memory its driver allocated itself. nvdrv implements it over the guest's memory; the GPU
// never sees the guest's own address space, only what the address space device mapped.

#include "base/types.h"

namespace gpu {

class MemorySource {
public:
    virtual ~MemorySource() = default;
    // The bytes the source has; a mapping may reach past them (those read as unmapped).
    virtual u64 Size() const = 0;
    // [offset, offset + size) as host memory to read (or, with `write`, to write), or nullptr
    // where any of it does not allow that now (guest pages unmapped or made read-only since).
    // `offset + size` is within Size().
    virtual u8* HostPointer(u64 offset, u64 size, bool write) = 0;
};

}  // namespace gpu
