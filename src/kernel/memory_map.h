#pragma once

#include <map>
#include <vector>

#include "base/types.h"
#include "cpu/guest_memory.h"
#include "kernel/memory_state.h"

namespace kernel {

// svc::MemoryInfo as QueryMemory writes it into guest memory (0x28 bytes).
struct MemoryInfo {
    u64 base_address;
    u64 size;
    u32 state;
    u32 attribute;
    u32 permission;
    u32 ipc_count;
    u32 device_count;
    u32 padding;
};
static_assert(sizeof(MemoryInfo) == 0x28);

// The kernel's record of what each range of the address space is, kept beside the pages
// themselves (cpu::GuestMemory) so that both always agree.
class MemoryMap {
public:
    explicit MemoryMap(cpu::GuestMemory& memory);

    // Maps zeroed pages of the given state; the range must be free.
    void Map(u64 address, u64 size, MemoryState state, cpu::Permission permission);
    void Protect(u64 address, u64 size, cpu::Permission permission);
    void Unmap(u64 address, u64 size);

    bool IsFree(u64 address, u64 size) const;
    // The block holding address, merged with neighbours of identical state as the kernel does.
    MemoryInfo Query(u64 address) const;
    std::vector<MemoryInfo> Blocks() const;
    u64 MappedBytes() const;

private:
    struct Block {
        u64 size;
        MemoryState state;
        cpu::Permission permission;
    };
    void Split(u64 address);
    void Assign(u64 address, u64 size, MemoryState state, cpu::Permission permission);

    cpu::GuestMemory& memory_;
    std::map<u64, Block> blocks_;  // covers the whole address space, Free where unmapped
};

}  // namespace kernel
