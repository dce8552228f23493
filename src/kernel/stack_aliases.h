#pragma once

// What svcMapMemory aliased where: UnmapMemory must name the same source pages the
// destination shows, or the console refuses it (ResultInvalidMemoryRegion).

#include <map>

#include "base/types.h"

namespace kernel {

class StackAliases {
public:
    void Add(u64 destination, u64 source, u64 size);
    // Whether [destination, +size) shows [source, +size), page for page.
    bool Covers(u64 destination, u64 source, u64 size) const;
    void Remove(u64 destination, u64 size);

private:
    struct Alias {
        u64 source;
        u64 size;
    };
    std::map<u64, Alias> aliases_;  // by destination
};

}  // namespace kernel
