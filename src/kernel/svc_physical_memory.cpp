// svcMapPhysicalMemory / svcUnmapPhysicalMemory: memory from the application pool mapped on
// demand in the alias region (how the SDK grows its allocators past the heap).

#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

base::Result CheckPhysicalArguments(Process::State& process, u64 address, u64 size) {
    if (const auto result = CheckRangeArguments(address, size, results::InvalidMemoryRegion);
        result.IsFailure()) {
        return result;
    }
    // Its page tables come from the process's system resource: none, no physical memory.
    if (process.memory_usage.SystemResource() == 0) {
        return results::InvalidState;
    }
    if (!process.layout.alias.Contains(address, size)) {
        return results::InvalidMemoryRegion;
    }
    return base::ResultSuccess;
}

}  // namespace

base::Result MapPhysicalMemory(SvcContext& svc, u64 address, u64 size) {
    auto& process = svc.process;
    if (const auto result = CheckPhysicalArguments(process, address, size); result.IsFailure()) {
        return result;
    }
    std::lock_guard lock(process.scheduler.Lock());
    // What is mapped already stays; only the free parts take memory, all of it or none.
    const std::vector<MemoryInfo> blocks = process.memory_map.BlocksIn(address, size);
    u64 needed = 0;
    for (const MemoryInfo& block : blocks) {
        if (block.state == static_cast<u32>(MemoryState::Free)) {
            needed += block.size;
        }
    }
    if (needed == 0) {
        return base::ResultSuccess;
    }
    if (!process.memory_usage.TryReserve(needed)) {
        return results::LimitReached;
    }
    for (const MemoryInfo& block : blocks) {
        if (block.state == static_cast<u32>(MemoryState::Free)) {
            process.memory_map.Map(block.base_address, block.size, MemoryState::Normal,
                                   cpu::Permission::ReadWrite);
        }
    }
    return base::ResultSuccess;
}

base::Result UnmapPhysicalMemory(SvcContext& svc, u64 address, u64 size) {
    auto& process = svc.process;
    if (const auto result = CheckPhysicalArguments(process, address, size); result.IsFailure()) {
        return result;
    }
    std::lock_guard lock(process.scheduler.Lock());
    const std::vector<MemoryInfo> blocks = process.memory_map.BlocksIn(address, size);
    for (const MemoryInfo& block : blocks) {
        const bool free = block.state == static_cast<u32>(MemoryState::Free);
        const bool plain =
            block.state == static_cast<u32>(MemoryState::Normal) && block.attribute == 0;
        if (!free && !plain) {
            return results::InvalidCurrentMemory;
        }
    }
    for (const MemoryInfo& block : blocks) {
        if (block.state == static_cast<u32>(MemoryState::Normal)) {
            process.memory_map.Unmap(block.base_address, block.size);
            process.memory_usage.Release(block.size);
        }
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
