#pragma once

// Checks the memory calls share, in the order Horizon makes them.

#include "base/result.h"
#include "cpu/guest_memory.h"
#include "kernel/svc_context.h"
#include "kernel/svc_results.h"

namespace kernel::svc {

// svc::MemoryPermission values (the same bits as cpu::Permission).
inline constexpr u32 kPermissionNone = 0;
inline constexpr u32 kPermissionRead = 1;
inline constexpr u32 kPermissionReadWrite = 3;
inline constexpr u32 kPermissionReadExecute = 5;

// A call's address and size: page-aligned address (InvalidAddress), page-aligned non-zero size
// (InvalidSize), and no wrap past the top, reported as `wrap` (it differs between calls).
inline base::Result CheckRangeArguments(u64 address, u64 size,
                                        base::Result wrap = results::InvalidCurrentMemory) {
    if (address % cpu::kPageSize != 0) {
        return results::InvalidAddress;
    }
    if (size == 0 || size % cpu::kPageSize != 0) {
        return results::InvalidSize;
    }
    if (address + size <= address) {
        return wrap;
    }
    return base::ResultSuccess;
}

inline cpu::Permission ToPermission(u32 permission) {
    return static_cast<cpu::Permission>(permission);
}

// The memory object a map or unmap call names, once its handle, the region (for views of
// `state`) and the size agree, in that order; nullptr with `error` set otherwise. With the
// scheduler's lock held.
template <typename Object>
std::shared_ptr<Object> ObjectForView(SvcContext& svc, u32 handle, u64 address, u64 size,
                                      MemoryState state, base::Result& error) {
    auto object = svc.Get<Object>(handle);
    if (!object) {
        error = results::InvalidHandle;
        return nullptr;
    }
    if (!svc.process.layout.CanContain(address, size, state)) {
        error = results::InvalidMemoryRegion;
        return nullptr;
    }
    if (size != object->Size()) {
        error = results::InvalidSize;
        return nullptr;
    }
    return object;
}

}  // namespace kernel::svc
