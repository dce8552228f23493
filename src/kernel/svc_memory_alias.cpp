// svcMapMemory / svcUnmapMemory: heap shown again in the stack region (what the SDK does for
// thread stacks). On the console both addresses are the same pages and the source is out of
// reach while aliased; here the bytes move to the destination and back, which the guest cannot
// tell apart, as it cannot touch the source in between.

#include <cstring>

#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

// The argument checks both calls make, in Horizon's order.
base::Result CheckAliasArguments(Process::State& process, u64 destination, u64 source, u64 size) {
    if (destination % cpu::kPageSize != 0 || source % cpu::kPageSize != 0) {
        return results::InvalidAddress;
    }
    if (size == 0 || size % cpu::kPageSize != 0) {
        return results::InvalidSize;
    }
    if (destination + size <= destination) {
        return results::InvalidMemoryRegion;
    }
    if (source + size <= source) {
        return results::InvalidCurrentMemory;
    }
    if (!process.layout.address_space.Contains(source, size)) {
        return results::InvalidCurrentMemory;
    }
    if (!process.layout.CanContain(destination, size, MemoryState::Stack)) {
        return results::InvalidMemoryRegion;
    }
    return base::ResultSuccess;
}

}  // namespace

base::Result MapMemory(SvcContext& svc, u64 destination, u64 source, u64 size) {
    auto& process = svc.process;
    if (const auto result = CheckAliasArguments(process, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    std::lock_guard lock(process.scheduler.Lock());
    auto& map = process.memory_map;
    const auto from = map.Uniform(source, size);
    if (!from || !HasCapability(static_cast<MemoryState>(from->state), StateCapability::Alias) ||
        from->permission != kPermissionReadWrite || from->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    if (!map.IsFree(destination, size)) {
        return results::InvalidCurrentMemory;
    }
    map.Map(destination, size, MemoryState::Stack, cpu::Permission::ReadWrite);
    std::memcpy(process.memory.Base() + destination, process.memory.Base() + source, size);
    // The source keeps its state, locked and out of the guest's reach.
    map.Relabel(source, size, static_cast<MemoryState>(from->state), cpu::Permission::None,
                memory_attribute::kLocked);
    process.stack_aliases.Add(destination, source, size);
    return base::ResultSuccess;
}

base::Result UnmapMemory(SvcContext& svc, u64 destination, u64 source, u64 size) {
    auto& process = svc.process;
    if (const auto result = CheckAliasArguments(process, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    std::lock_guard lock(process.scheduler.Lock());
    auto& map = process.memory_map;
    const auto from = map.Uniform(source, size);
    if (!from || !HasCapability(static_cast<MemoryState>(from->state), StateCapability::Alias) ||
        from->permission != kPermissionNone || from->attribute != memory_attribute::kLocked) {
        return results::InvalidCurrentMemory;
    }
    const auto to = map.Uniform(destination, size);
    if (!to || to->state != static_cast<u32>(MemoryState::Stack) || to->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    if (!process.stack_aliases.Covers(destination, source, size)) {
        return results::InvalidMemoryRegion;
    }
    map.Relabel(source, size, static_cast<MemoryState>(from->state), cpu::Permission::ReadWrite,
                memory_attribute::kNone);
    std::memcpy(process.memory.Base() + source, process.memory.Base() + destination, size);
    map.Unmap(destination, size);
    process.stack_aliases.Remove(destination, size);
    return base::ResultSuccess;
}

}  // namespace kernel::svc
