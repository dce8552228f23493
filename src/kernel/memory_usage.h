#pragma once

// The process's share of the application pool: what GetInfo reports as total and used memory,
// and, with mem_map_limit on, what SetHeapSize and MapPhysicalMemory may still take.

#include <string>

#include "base/types.h"

namespace kernel {

class MemoryUsage {
public:
    // `system_resource` bytes are taken from the pool up front, as the console reserves the
    // process's system resource (its page tables and block records) when it creates it.
    void Configure(u64 pool, bool enforce_limit, u64 system_resource);

    // Takes `size` bytes from the pool; false (and nothing taken) when the limit is enforced
    // and the pool has fewer left.
    bool TryReserve(u64 size);
    // Takes `size` bytes regardless of the limit (the program's own image and main stack).
    void Reserve(u64 size) { used_ += size; }
    void Release(u64 size) { used_ -= size; }

    u64 Total() const { return pool_; }
    u64 Used() const { return used_; }
    u64 SystemResource() const { return system_resource_; }
    bool Enforced() const { return enforce_limit_; }

private:
    u64 pool_ = 0;
    bool enforce_limit_ = false;
    u64 system_resource_ = 0;
    u64 used_ = 0;
};

}  // namespace kernel
