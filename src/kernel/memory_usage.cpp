#include "kernel/memory_usage.h"

namespace kernel {

void MemoryUsage::Configure(u64 pool, bool enforce_limit, u64 system_resource) {
    pool_ = pool;
    enforce_limit_ = enforce_limit;
    system_resource_ = system_resource;
    used_ = system_resource;
}

bool MemoryUsage::TryReserve(u64 size) {
    if (enforce_limit_ && (used_ > pool_ || size > pool_ - used_)) {
        return false;
    }
    used_ += size;
    return true;
}

}  // namespace kernel
