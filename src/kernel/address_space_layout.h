#pragma once

#include <string>

#include "base/types.h"

namespace kernel {

struct Region {
    u64 base = 0;
    u64 size = 0;
    u64 End() const { return base + size; }
    bool Contains(u64 address, u64 length) const {
        return address >= base && length <= size && address - base <= size - length;
    }
};

// Where things go in a process's address space. Horizon randomises the bases; nxhost lays the
// regions out in a fixed order so that runs are reproducible.
struct AddressSpaceLayout {
    unsigned address_bits = 39;
    Region address_space;  // everything the process may map
    Region code;           // modules
    Region alias;
    Region heap;
    Region stack;

    std::string Describe() const;
};

// The layout of a 39-bit application process with `code_size` bytes of modules.
AddressSpaceLayout MakeApplicationLayout(u64 code_size);

}  // namespace kernel
