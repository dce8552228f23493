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

void CreateTransferMemory(SvcContext& svc) {
    const u64 address = svc.Arg(1);
    const u64 size = svc.Arg(2);
    const u32 permission = svc.Arg32(3);
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return svc.Return(result);
    }
    if (!IsTransferPermission(permission)) {
        return svc.Return(results::InvalidNewMemoryPermission);
    }
    auto& process = svc.process;
    if (!process.layout.address_space.Contains(address, size)) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    std::lock_guard lock(process.scheduler.Lock());
    const auto source = process.memory_map.Uniform(address, size);
    if (!source ||
        !HasCapability(static_cast<MemoryState>(source->state), StateCapability::Transfer) ||
        source->permission != kPermissionReadWrite || source->attribute != 0) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    auto transfer = std::make_shared<TransferMemory>(process.memory_map, process.memory, address,
                                                     size, static_cast<MemoryState>(source->state),
                                                     ToPermission(permission));
    const u32 handle = process.handles.Add(transfer);
    if (handle == 0) {
        return svc.Return(results::OutOfHandles);  // the object goes, unlocking the source
    }
    svc.Out(1, handle);
    svc.Return(base::ResultSuccess);
}

void MapTransferMemory(SvcContext& svc) {
    const u32 handle = svc.Arg32(0);
    const u64 address = svc.Arg(1);
    const u64 size = svc.Arg(2);
    const u32 permission = svc.Arg32(3);
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return svc.Return(result);
    }
    if (!IsTransferPermission(permission)) {
        return svc.Return(results::InvalidState);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto transfer =
        ObjectForView<TransferMemory>(svc, handle, address, size, MemoryState::Transferred, error);
    if (!transfer) {
        return svc.Return(error);
    }
    // One mapping at a time, with the permission the owner gave up.
    if (ToPermission(permission) != transfer->owner_permission || transfer->mapped_at) {
        return svc.Return(results::InvalidState);
    }
    if (!process.memory_map.IsFree(address, size)) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    transfer->range.MapView(address, transfer->ViewState(), cpu::Permission::ReadWrite);
    transfer->mapped_at = address;
    svc.Return(base::ResultSuccess);
}

void UnmapTransferMemory(SvcContext& svc) {
    const u32 handle = svc.Arg32(0);
    const u64 address = svc.Arg(1);
    const u64 size = svc.Arg(2);
    if (const auto result = CheckRangeArguments(address, size); result.IsFailure()) {
        return svc.Return(result);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    base::Result error;
    const auto transfer =
        ObjectForView<TransferMemory>(svc, handle, address, size, MemoryState::Transferred, error);
    if (!transfer) {
        return svc.Return(error);
    }
    const auto view = process.memory_map.Uniform(address, size);
    if (!view || view->state != static_cast<u32>(transfer->ViewState())) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    if (transfer->mapped_at != address) {
        return svc.Return(results::InvalidMemoryRegion);  // another object's pages
    }
    transfer->range.UnmapView(address);
    transfer->mapped_at.reset();
    svc.Return(base::ResultSuccess);
}

}  // namespace kernel::svc
