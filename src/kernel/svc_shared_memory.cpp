// svcMapSharedMemory / svcUnmapSharedMemory on memory host services share with the guest.

#include <algorithm>

#include "kernel/memory_objects.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {

base::Result MapSharedMemory(SvcContext& svc, u32 handle, u64 address, u64 size, u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    if (permission != kPermissionRead && permission != kPermissionReadWrite) {
        return results::InvalidNewMemoryPermission;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto shared =
        ObjectForView<SharedMemory>(svc, handle, address, size, MemoryState::Shared, error);
    if (!shared) {
        return error;
    }
    if (shared->guest_permission && *shared->guest_permission != ToPermission(permission)) {
        return results::InvalidNewMemoryPermission;
    }
    if (!process.memory_map.IsFree(address, size)) {
        return results::InvalidCurrentMemory;
    }
    process.memory_map.MapView(address, size, MemoryState::Shared, ToPermission(permission),
                               shared->pages.Fd(), 0);
    shared->guest_views.push_back(address);
    return base::ResultSuccess;
}

base::Result UnmapSharedMemory(SvcContext& svc, u32 handle, u64 address, u64 size) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto shared =
        ObjectForView<SharedMemory>(svc, handle, address, size, MemoryState::Shared, error);
    if (!shared) {
        return error;
    }
    const auto view = process.memory_map.Uniform(address, size);
    if (!view || view->state != static_cast<u32>(MemoryState::Shared)) {
        return results::InvalidCurrentMemory;
    }
    auto& views = shared->guest_views;
    const auto it = std::find(views.begin(), views.end(), address);
    if (it == views.end()) {
        return results::InvalidMemoryRegion;  // another object's pages
    }
    views.erase(it);
    process.memory_map.Unmap(address, size);
    return base::ResultSuccess;
}

}  // namespace kernel::svc
