// Code memory, for guests that JIT: heap made into a read-write view to write code through
// (CodeOut) and an executable view to run it (GeneratedCode), both the same bytes. Horizon
// refuses these operations on a process's own code memory (they are for the loader); like
// Atmosphère, nxhost allows them, which is what homebrew JITs use.

#include <cstring>

#include "kernel/memory_objects.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

enum class CodeMemoryOperation : u32 { Map = 0, Unmap = 1, MapToOwner = 2, UnmapFromOwner = 3 };

// Horizon fills code memory with 0xFF when it takes the pages.
constexpr u8 kCodeMemoryFill = 0xff;

base::Result MapView(Process::State& process, CodeMemory& code, u64 address, u64 size,
                     u32 permission, bool owner) {
    const MemoryState state = owner ? MemoryState::GeneratedCode : MemoryState::CodeOut;
    if (!process.layout.CanContain(address, size, state)) {
        return results::InvalidMemoryRegion;
    }
    const bool valid_permission =
        owner ? permission == kPermissionRead || permission == kPermissionReadExecute
              : permission == kPermissionReadWrite;
    if (!valid_permission) {
        return results::InvalidNewMemoryPermission;
    }
    if (size != code.range.Size()) {
        return results::InvalidSize;
    }
    auto& mapped_at = owner ? code.owner_mapped_at : code.mapped_at;
    if (mapped_at) {
        return results::InvalidState;
    }
    if (!process.memory_map.IsFree(address, size)) {
        return results::InvalidCurrentMemory;
    }
    code.range.MapView(address, state, ToPermission(permission));
    mapped_at = address;
    if (owner) {
        // Code compiled earlier for these addresses was another mapping's.
        process.InvalidateCode(address, size);
    }
    return base::ResultSuccess;
}

base::Result UnmapView(Process::State& process, CodeMemory& code, u64 address, u64 size,
                       u32 permission, bool owner) {
    const MemoryState state = owner ? MemoryState::GeneratedCode : MemoryState::CodeOut;
    if (!process.layout.CanContain(address, size, state)) {
        return results::InvalidMemoryRegion;
    }
    if (permission != kPermissionNone) {
        return results::InvalidNewMemoryPermission;
    }
    if (size != code.range.Size()) {
        return results::InvalidSize;
    }
    const auto view = process.memory_map.Uniform(address, size);
    if (!view || view->state != static_cast<u32>(state)) {
        return results::InvalidCurrentMemory;
    }
    auto& mapped_at = owner ? code.owner_mapped_at : code.mapped_at;
    if (mapped_at != address) {
        return results::InvalidMemoryRegion;
    }
    code.range.UnmapView(address);
    mapped_at.reset();
    if (owner) {
        process.InvalidateCode(address, size);
    }
    return base::ResultSuccess;
}

}  // namespace

base::Result CreateCodeMemory(SvcContext& svc, SvcOut<u32>& code_handle, u64 address, u64 size) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    auto& process = svc.process;
    if (!process.layout.address_space.Contains(address, size)) {
        return results::InvalidCurrentMemory;
    }
    std::lock_guard lock(process.scheduler.Lock());
    const auto source = process.memory_map.Uniform(address, size);
    if (!source ||
        !HasCapability(static_cast<MemoryState>(source->state), StateCapability::CodeMemory) ||
        source->permission != kPermissionReadWrite || source->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    auto code = std::make_shared<CodeMemory>(process.memory_map, process.memory, address, size,
                                             static_cast<MemoryState>(source->state));
    std::memset(code->range.Pages().Data(), kCodeMemoryFill, size);
    const u32 handle = process.handles.Add(code);
    if (handle == 0) {
        return results::OutOfHandles;
    }
    code_handle = handle;
    return base::ResultSuccess;
}

base::Result ControlCodeMemory(SvcContext& svc, u32 handle, u32 operation, u64 address, u64 size,
                               u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    const auto code = svc.Get<CodeMemory>(handle);
    if (!code) {
        return results::InvalidHandle;
    }
    switch (static_cast<CodeMemoryOperation>(operation)) {
        case CodeMemoryOperation::Map:
            return MapView(process, *code, address, size, permission, false);
        case CodeMemoryOperation::Unmap:
            return UnmapView(process, *code, address, size, permission, false);
        case CodeMemoryOperation::MapToOwner:
            return MapView(process, *code, address, size, permission, true);
        case CodeMemoryOperation::UnmapFromOwner:
            return UnmapView(process, *code, address, size, permission, true);
    }
    return results::InvalidEnumValue;
}

}  // namespace kernel::svc
