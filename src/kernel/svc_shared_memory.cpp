// svcMapSharedMemory / svcUnmapSharedMemory on memory host services share with the guest.

#include <algorithm>

#include "kernel/memory_objects.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {

void MapSharedMemory(SvcContext& svc) {
    const u32 handle = svc.Arg32(0);
    const u64 address = svc.Arg(1);
    const u64 size = svc.Arg(2);
    const u32 permission = svc.Arg32(3);
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return svc.Return(result);
    }
    if (permission != kPermissionRead && permission != kPermissionReadWrite) {
        return svc.Return(results::InvalidNewMemoryPermission);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto shared =
        ObjectForView<SharedMemory>(svc, handle, address, size, MemoryState::Shared, error);
    if (!shared) {
        return svc.Return(error);
    }
    if (shared->guest_permission && *shared->guest_permission != ToPermission(permission)) {
        return svc.Return(results::InvalidNewMemoryPermission);
    }
    if (!process.memory_map.IsFree(address, size)) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    process.memory_map.MapView(address, size, MemoryState::Shared, ToPermission(permission),
                               shared->pages.Fd(), 0);
    shared->guest_views.push_back(address);
    svc.Return(base::ResultSuccess);
}

void UnmapSharedMemory(SvcContext& svc) {
    const u32 handle = svc.Arg32(0);
    const u64 address = svc.Arg(1);
    const u64 size = svc.Arg(2);
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return svc.Return(result);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto shared =
        ObjectForView<SharedMemory>(svc, handle, address, size, MemoryState::Shared, error);
    if (!shared) {
        return svc.Return(error);
    }
    const auto view = process.memory_map.Uniform(address, size);
    if (!view || view->state != static_cast<u32>(MemoryState::Shared)) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    auto& views = shared->guest_views;
    const auto it = std::find(views.begin(), views.end(), address);
    if (it == views.end()) {
        return svc.Return(results::InvalidMemoryRegion);  // another object's pages
    }
    views.erase(it);
    process.memory_map.Unmap(address, size);
    svc.Return(base::ResultSuccess);
}

}  // namespace kernel::svc
