// Memory supervisor calls on the process's own ranges: the heap, queries, permissions and
// attributes.

#include "base/bits.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

constexpr u64 kHeapAlignment = 0x200000;

base::Result WriteMemoryInfo(SvcContext& svc, u64 info_address, SvcOut<u32>& page_info,
                             u64 address) {
    MemoryInfo info;
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        info = svc.process.memory_map.Query(address);
    }
    if (!svc.process.memory.Write(info_address, info)) {
        return results::InvalidPointer;
    }
    page_info = 0;
    return base::ResultSuccess;
}

}  // namespace

base::Result SetHeapSize(SvcContext& svc, SvcOut<u64>& heap_address, u64 size) {
    auto& process = svc.process;
    if (!base::IsAligned(size, kHeapAlignment)) {
        return results::InvalidSize;
    }
    std::lock_guard lock(process.scheduler.Lock());
    if (size > process.layout.heap.size) {
        return results::OutOfMemory;
    }
    const u64 heap = process.layout.heap.base;
    if (size > process.heap_size) {
        const u64 grow = size - process.heap_size;
        if (!process.memory_map.IsFree(heap + process.heap_size, grow)) {
            return results::InvalidCurrentMemory;
        }
        // Nothing is mapped unless the whole growth fits the pool.
        if (!process.memory_usage.TryReserve(grow)) {
            return results::LimitReached;
        }
        process.memory_map.Map(heap + process.heap_size, grow, MemoryState::Normal,
                               cpu::Permission::ReadWrite);
    } else if (size < process.heap_size) {
        // The console frees only plain heap: none of it lent, aliased or reprotected.
        const u64 shrink = process.heap_size - size;
        const auto info = process.memory_map.Uniform(heap + size, shrink);
        if (!info || info->state != static_cast<u32>(MemoryState::Normal) ||
            info->permission != kPermissionReadWrite || info->attribute != 0) {
            return results::InvalidCurrentMemory;
        }
        process.memory_map.Unmap(heap + size, shrink);
        process.memory_usage.Release(shrink);
    }
    process.heap_size = size;
    heap_address = heap;
    return base::ResultSuccess;
}

base::Result QueryMemory(SvcContext& svc, u64 info_address, SvcOut<u32>& page_info, u64 address) {
    return WriteMemoryInfo(svc, info_address, page_info, address);
}

base::Result QueryProcessMemory(SvcContext& svc, u64 info_address, SvcOut<u32>& page_info,
                                u32 process_handle, u64 address) {
    // Only the process itself exists to be named.
    bool own = false;
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        own = svc.IsOwnProcess(process_handle);
    }
    if (!own) {
        return results::InvalidHandle;
    }
    return WriteMemoryInfo(svc, info_address, page_info, address);
}

base::Result SetMemoryPermission(SvcContext& svc, u64 address, u64 size, u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    if (permission != kPermissionNone && permission != kPermissionRead &&
        permission != kPermissionReadWrite) {
        return results::InvalidNewMemoryPermission;
    }
    auto& process = svc.process;
    if (!process.layout.address_space.Contains(address, size)) {
        return results::InvalidCurrentMemory;
    }
    std::lock_guard lock(process.scheduler.Lock());
    const auto info = process.memory_map.Uniform(address, size);
    if (!info ||
        !HasCapability(static_cast<MemoryState>(info->state), StateCapability::Reprotect) ||
        info->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    if (info->permission != permission) {
        process.memory_map.Protect(address, size, ToPermission(permission));
    }
    return base::ResultSuccess;
}

base::Result SetMemoryAttribute(SvcContext& svc, u64 address, u64 size, u32 mask, u32 value) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    // Guests may change only Uncached and PermissionLocked, and may set but never clear the
    // lock.
    constexpr u32 kSupported = memory_attribute::kUncached | memory_attribute::kPermissionLocked;
    constexpr u32 kLock = memory_attribute::kPermissionLocked;
    if ((mask | value) != mask || (mask | value | kSupported) != kSupported ||
        (mask & kLock) != (value & kLock)) {
        return results::InvalidCombination;
    }
    auto& process = svc.process;
    if (!process.layout.address_space.Contains(address, size)) {
        return results::InvalidCurrentMemory;
    }
    std::lock_guard lock(process.scheduler.Lock());
    // Device-shared memory (GPU-mapped heap) may still change its cacheability.
    const u32 ignored = mask | memory_attribute::kDeviceShared;
    const auto info = process.memory_map.Uniform(address, size, ignored);
    const auto state = info ? static_cast<MemoryState>(info->state) : MemoryState::Free;
    const bool allowed = info && (info->attribute & ~ignored) == 0 &&
                         (!(mask & memory_attribute::kUncached) ||
                          HasCapability(state, StateCapability::ChangeAttribute)) &&
                         (!(mask & kLock) || HasCapability(state, StateCapability::PermissionLock));
    if (!allowed) {
        return results::InvalidCurrentMemory;
    }
    for (const MemoryInfo& block : process.memory_map.BlocksIn(address, size)) {
        process.memory_map.SetAttribute(block.base_address, block.size,
                                        (block.attribute & ~mask) | (value & mask));
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
