#pragma once

#include <string>

#include "base/types.h"
#include "kernel/memory_settings.h"
#include "kernel/memory_state.h"

namespace kernel {

struct Region {
    u64 base = 0;
    u64 size = 0;
    u64 End() const { return base + size; }
    bool Contains(u64 address, u64 length) const {
        return address >= base && length <= size && address - base <= size - length;
    }
    // Any byte of [address, address + length) inside the region (an empty region overlaps
    // nothing).
    bool Overlaps(u64 address, u64 length) const {
        return size != 0 && address < End() && base < address + length;
    }
};

// Where things go in a process's address space, as Horizon's page table lays out a 39-bit
// application: the modules in the code region, then, in the larger free span beside them, the
// kernel map, stack, alias and heap regions. Horizon picks random offsets for those four;
// nxhost uses offset 0 for each, which is the order Horizon's placement rule gives then
// (kernel map, stack, alias, heap), so runs are reproducible.
struct AddressSpaceLayout {
    unsigned address_bits = 39;
    Region address_space;  // everything: [0, 2^39)
    Region alias_code;     // where code-like and shared mappings may go ("ASLR region")
    Region code;           // the modules, 2 MiB aligned (Horizon's 39-bit code region is the
                           // whole map region; this is the process's part of it)
    Region kernel_map;     // thread-local storage and other kernel mappings
    Region stack;          // MapMemory's destinations
    Region alias;          // MapPhysicalMemory
    Region heap;           // SetHeapSize

    // Whether a mapping of `state` may cover [address, address + size): inside the state's
    // region and, unless the state lives there, clear of the heap and alias regions (Horizon's
    // CanContain).
    bool CanContain(u64 address, u64 size, MemoryState state) const;

    std::string Describe() const;
};

// Horizon's region alignment.
inline constexpr u64 kRegionAlignment = 0x200000;

// The layout of a 39-bit application process with `code_size` bytes of modules. Region sizes
// are rounded up to kRegionAlignment; throws base::Error when they do not fit.
AddressSpaceLayout MakeApplicationLayout(u64 code_size, const MemorySettings& settings = {});

}  // namespace kernel
