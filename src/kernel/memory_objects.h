#pragma once

// The memory a handle can name: shared memory (made by host services), transfer memory and
// code memory (made by the guest from its own memory).

#include <memory>
#include <optional>
#include <vector>

#include "cpu/guest_memory.h"
#include "kernel/borrowed_range.h"
#include "kernel/kernel_object.h"
#include "kernel/shared_pages.h"

namespace kernel {

// Memory a host service shares with the guest (HID's input state, the applet's storage...).
// The service writes and reads it through HostData(); the guest maps it with
// svcMapSharedMemory.
class SharedMemory final : public KernelObject {
public:
    static constexpr Type kType = Type::SharedMemory;
    Type GetType() const override { return kType; }

    // The host-side creation API. `size` is a page multiple; `guest_permission` is what the
    // guest must map it with (Read or ReadWrite), nullopt for either (Horizon's DontCare).
    static std::shared_ptr<SharedMemory> Create(u64 size,
                                                std::optional<cpu::Permission> guest_permission);

    SharedMemory(u64 size, std::optional<cpu::Permission> guest_permission)
        : pages(size), guest_permission(guest_permission) {}

    u8* HostData() const { return pages.Data(); }
    u64 Size() const { return pages.Size(); }

    SharedPages pages;
    std::optional<cpu::Permission> guest_permission;
    std::vector<u64> guest_views;  // where the guest has it mapped
};

// Guest memory lent through svcCreateTransferMemory, for a service (HostData()) or a mapping.
class TransferMemory final : public KernelObject {
public:
    static constexpr Type kType = Type::TransferMemory;
    Type GetType() const override { return kType; }

    TransferMemory(MemoryMap& map, cpu::GuestMemory& memory, u64 address, u64 size,
                   MemoryState state, cpu::Permission owner_permission)
        : range(map, memory, address, size, state, owner_permission),
          owner_permission(owner_permission) {}

    u8* HostData() { return range.Pages().Data(); }
    u64 Size() const { return range.Size(); }
    // Mapped views are Transferred when the owner keeps no access, else SharedTransferred.
    MemoryState ViewState() const {
        return owner_permission == cpu::Permission::None ? MemoryState::Transferred
                                                         : MemoryState::SharedTransferred;
    }

    BorrowedRange range;
    cpu::Permission owner_permission;
    std::optional<u64> mapped_at;  // one mapping at a time
};

// Guest memory turned into code (svcCreateCodeMemory): a read-write view to write code
// through and an executable view in the owner to run it (a JIT's two mappings).
class CodeMemory final : public KernelObject {
public:
    static constexpr Type kType = Type::CodeMemory;
    Type GetType() const override { return kType; }

    CodeMemory(MemoryMap& map, cpu::GuestMemory& memory, u64 address, u64 size, MemoryState state)
        : range(map, memory, address, size, state, cpu::Permission::None) {}

    BorrowedRange range;
    std::optional<u64> mapped_at;        // the CodeOut view
    std::optional<u64> owner_mapped_at;  // the GeneratedCode view
};

}  // namespace kernel
