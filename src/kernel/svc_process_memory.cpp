// Memory calls on a process named by handle, which is always this one here: the loader's
// svcMapProcessCodeMemory / svcUnmapProcessCodeMemory (heap shown again as AliasCode, how
// nx-hbloader maps an NRO into its own process), svcSetProcessMemoryPermission (making such
// code executable) and svcMapProcessMemory / svcUnmapProcessMemory (code shown again,
// read-write, as SharedCode: libnx's JIT writes through it). The checks and their results follow
// Horizon's order as Atmosphère's and yuzu's kernels (KPageTable::MapCodeMemory, UnmapCodeMemory,
// SetProcessMemoryPermission) document it. As with svcMapMemory, the bytes move to the alias and
// back: the source is locked, out of the guest's reach, while it is aliased.

#include <algorithm>
#include <cstring>

#include "base/log.h"
#include "kernel/shared_pages.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

bool IsCodeState(u32 state) {
    switch (static_cast<MemoryState>(state)) {
        case MemoryState::Code:
        case MemoryState::CodeData:
        case MemoryState::AliasCode:
        case MemoryState::AliasCodeData:
            return true;
        default:
            return false;
    }
}

// What the code memory and process memory calls check first, in Horizon's order (Atmosphère's
// svc_process_memory.cpp): alignment, size, wrap-around, the process handle.
base::Result CheckTwoRangeArguments(SvcContext& svc, u32 process_handle, u64 destination,
                                    u64 source, u64 size) {
    if (destination % cpu::kPageSize != 0 || source % cpu::kPageSize != 0) {
        return results::InvalidAddress;
    }
    if (size == 0 || size % cpu::kPageSize != 0) {
        return results::InvalidSize;
    }
    if (destination + size <= destination || source + size <= source) {
        return results::InvalidCurrentMemory;
    }
    if (!svc.IsOwnProcess(process_handle)) {
        return results::InvalidHandle;
    }
    return base::ResultSuccess;
}

// What both code memory calls check before they look at the pages.
base::Result CheckCodeAliasArguments(SvcContext& svc, u32 process_handle, u64 destination,
                                     u64 source, u64 size) {
    if (const auto result = CheckTwoRangeArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    const auto& layout = svc.process.layout;
    if (!layout.address_space.Contains(source, size) ||
        !layout.CanContain(destination, size, MemoryState::AliasCode)) {
        return results::InvalidCurrentMemory;
    }
    return base::ResultSuccess;
}

// What both process memory calls check before they look at the pages.
base::Result CheckProcessMemoryArguments(SvcContext& svc, u32 process_handle, u64 destination,
                                         u64 source, u64 size) {
    if (const auto result = CheckTwoRangeArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    if (!svc.process.layout.CanContain(destination, size, MemoryState::SharedCode)) {
        return results::InvalidMemoryRegion;
    }
    return base::ResultSuccess;
}

// The source must be code (its state may be mapped into a process) without attributes.
bool IsProcessMappableCode(const MemoryMap& map, u64 source, u64 size) {
    const auto blocks = map.BlocksIn(source, size);
    if (blocks.empty()) {
        return false;
    }
    return std::all_of(blocks.begin(), blocks.end(), [](const MemoryInfo& block) {
        return IsCodeState(block.state) && block.attribute == 0;
    });
}

}  // namespace

base::Result MapProcessMemory(SvcContext& svc, u64 destination, u32 process_handle, u64 source,
                              u64 size) {
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    if (const auto result =
            CheckProcessMemoryArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    auto& map = process.memory_map;
    if (!IsProcessMappableCode(map, source, size) || !map.IsFree(destination, size)) {
        return results::InvalidCurrentMemory;
    }
    auto pages = process.process_memory_views.PagesUnder(source, size);
    if (!pages) {
        // Part of the range shown already with other bounds: one set of pages cannot serve both.
        if (process.process_memory_views.Overlaps(source, size)) {
            LOG_WARNING("kernel",
                        "MapProcessMemory of [{:#x}, +{:#x}), which overlaps another view's "
                        "source with other bounds: refused",
                        source, size);
            return results::InvalidCurrentMemory;
        }
        pages = std::make_shared<SharedPages>(size);
        std::memcpy(pages->Data(), process.memory.Base() + source, size);
        map.BackWithView(source, size, pages->Fd(), 0);
    }
    map.MapView(destination, size, MemoryState::SharedCode, cpu::Permission::ReadWrite, pages->Fd(),
                0);
    process.process_memory_views.Add({destination, source, size, std::move(pages)});
    return base::ResultSuccess;
}

base::Result UnmapProcessMemory(SvcContext& svc, u64 destination, u32 process_handle, u64 source,
                                u64 size) {
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    if (const auto result =
            CheckProcessMemoryArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    auto& map = process.memory_map;
    const auto view = map.Uniform(destination, size);
    if (!view || view->state != static_cast<u32>(MemoryState::SharedCode) || view->attribute != 0 ||
        !IsProcessMappableCode(map, source, size)) {
        return results::InvalidCurrentMemory;
    }
    if (!process.process_memory_views.Remove(destination, source, size)) {
        return results::InvalidMemoryRegion;  // not the pages the source has
    }
    map.Unmap(destination, size);
    return base::ResultSuccess;
}

base::Result MapProcessCodeMemory(SvcContext& svc, u32 process_handle, u64 destination, u64 source,
                                  u64 size) {
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    if (const auto result = CheckCodeAliasArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    auto& map = process.memory_map;
    // The source must be plain read-write heap, the destination free.
    const auto from = map.Uniform(source, size);
    if (!from || from->state != static_cast<u32>(MemoryState::Normal) ||
        from->permission != kPermissionReadWrite || from->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    if (!map.IsFree(destination, size)) {
        return results::InvalidCurrentMemory;
    }
    map.Map(destination, size, MemoryState::AliasCode, cpu::Permission::ReadWrite);
    std::memcpy(process.memory.Base() + destination, process.memory.Base() + source, size);
    map.Relabel(source, size, MemoryState::Normal, cpu::Permission::None,
                memory_attribute::kLocked);
    process.code_aliases.Add(destination, source, size);
    process.InvalidateCode(destination, size);
    return base::ResultSuccess;
}

base::Result UnmapProcessCodeMemory(SvcContext& svc, u32 process_handle, u64 destination,
                                    u64 source, u64 size) {
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    if (const auto result = CheckCodeAliasArguments(svc, process_handle, destination, source, size);
        result.IsFailure()) {
        return result;
    }
    auto& map = process.memory_map;
    const auto from = map.Uniform(source, size);
    if (!from || from->state != static_cast<u32>(MemoryState::Normal) ||
        from->attribute != memory_attribute::kLocked) {
        return results::InvalidCurrentMemory;
    }
    // The destination may be made of blocks of different permissions (text, rodata, data).
    for (const MemoryInfo& block : map.BlocksIn(destination, size)) {
        const auto state = static_cast<MemoryState>(block.state);
        if ((state != MemoryState::AliasCode && state != MemoryState::AliasCodeData) ||
            block.attribute != 0) {
            return results::InvalidCurrentMemory;
        }
    }
    if (!process.code_aliases.Covers(destination, source, size)) {
        return results::InvalidMemoryRegion;
    }
    // What the program wrote to its data goes back to the heap, which on the console is the
    // same pages.
    map.Protect(destination, size, cpu::Permission::Read);
    map.Relabel(source, size, MemoryState::Normal, cpu::Permission::ReadWrite,
                memory_attribute::kNone);
    std::memcpy(process.memory.Base() + source, process.memory.Base() + destination, size);
    map.Unmap(destination, size);
    process.code_aliases.Remove(destination, size);
    process.InvalidateCode(destination, size);
    return base::ResultSuccess;
}

base::Result SetProcessMemoryPermission(SvcContext& svc, u32 process_handle, u64 address, u64 size,
                                        u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    if (permission != kPermissionNone && permission != kPermissionRead &&
        permission != kPermissionReadWrite && permission != kPermissionReadExecute) {
        return results::InvalidNewMemoryPermission;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    if (!svc.IsOwnProcess(process_handle)) {
        return results::InvalidHandle;
    }
    if (!process.layout.address_space.Contains(address, size)) {
        return results::InvalidCurrentMemory;
    }
    // Only code may change this way; writable code becomes its Data state.
    const auto info = process.memory_map.Uniform(address, size);
    if (!info || !IsCodeState(info->state) || info->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    auto state = static_cast<MemoryState>(info->state);
    if (permission == kPermissionReadWrite) {
        if (state == MemoryState::Code) {
            state = MemoryState::CodeData;
        } else if (state == MemoryState::AliasCode) {
            state = MemoryState::AliasCodeData;
        }
    }
    process.memory_map.Relabel(address, size, state, ToPermission(permission),
                               memory_attribute::kNone);
    if (permission == kPermissionReadExecute || info->permission == kPermissionReadExecute) {
        process.InvalidateCode(address, size);
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
