// Transfer memory: guest memory lent by handle (to a service, or mapped elsewhere), with the
// owner keeping the access it chose.

#include "kernel/memory_objects.h"
#include "kernel/svc_context.h"
#include "kernel/svc_memory_checks.h"

namespace kernel::svc {
namespace {

bool IsTransferPermission(u32 permission) {
    return permission == kPermissionNone || permission == kPermissionRead ||
           permission == kPermissionReadWrite;
}

}  // namespace

base::Result CreateTransferMemory(SvcContext& svc, SvcOut<u32>& transfer_handle, u64 address,
                                  u64 size, u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    if (!IsTransferPermission(permission)) {
        return results::InvalidNewMemoryPermission;
    }
    auto& process = svc.process;
    if (!process.layout.address_space.Contains(address, size)) {
        return results::InvalidCurrentMemory;
    }
    std::lock_guard lock(process.scheduler.Lock());
    const auto source = process.memory_map.Uniform(address, size);
    if (!source ||
        !HasCapability(static_cast<MemoryState>(source->state), StateCapability::Transfer) ||
        source->permission != kPermissionReadWrite || source->attribute != 0) {
        return results::InvalidCurrentMemory;
    }
    auto transfer = std::make_shared<TransferMemory>(process.memory_map, process.memory, address,
                                                     size, static_cast<MemoryState>(source->state),
                                                     ToPermission(permission));
    const u32 handle = process.handles.Add(transfer);
    if (handle == 0) {
        return results::OutOfHandles;  // the object goes, unlocking the source
    }
    transfer_handle = handle;
    return base::ResultSuccess;
}

base::Result MapTransferMemory(SvcContext& svc, u32 handle, u64 address, u64 size, u32 permission) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    if (!IsTransferPermission(permission)) {
        return results::InvalidState;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto transfer =
        ObjectForView<TransferMemory>(svc, handle, address, size, MemoryState::Transferred, error);
    if (!transfer) {
        return error;
    }
    // One mapping at a time, with the permission the owner gave up.
    if (ToPermission(permission) != transfer->owner_permission || transfer->mapped_at) {
        return results::InvalidState;
    }
    if (!process.memory_map.IsFree(address, size)) {
        return results::InvalidCurrentMemory;
    }
    transfer->range.MapView(address, transfer->ViewState(), cpu::Permission::ReadWrite);
    transfer->mapped_at = address;
    return base::ResultSuccess;
}

base::Result UnmapTransferMemory(SvcContext& svc, u32 handle, u64 address, u64 size) {
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return result;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto transfer =
        ObjectForView<TransferMemory>(svc, handle, address, size, MemoryState::Transferred, error);
    if (!transfer) {
        return error;
    }
    const auto view = process.memory_map.Uniform(address, size);
    if (!view || view->state != static_cast<u32>(transfer->ViewState())) {
        return results::InvalidCurrentMemory;
    }
    if (transfer->mapped_at != address) {
        return results::InvalidMemoryRegion;  // another object's pages
    }
    transfer->range.UnmapView(address);
    transfer->mapped_at.reset();
    return base::ResultSuccess;
}

}  // namespace kernel::svc
