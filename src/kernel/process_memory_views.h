#pragma once

// What svcMapProcessMemory showed where: a range of the process's code mapped again elsewhere
// as SharedCode, both addresses the same pages (libnx's JIT of the SetProcessMemoryPermission
// kind writes code through the read-write view and runs it at the code's own address). The
// source's bytes move into shared pages the first time it is viewed, and stay there while it
// is mapped.

#include <memory>
#include <vector>

#include "base/types.h"
#include "kernel/shared_pages.h"

namespace kernel {

class ProcessMemoryViews {
public:
    struct View {
        u64 destination = 0;
        u64 source = 0;
        u64 size = 0;
        std::shared_ptr<SharedPages> pages;
    };

    // The pages an earlier view put under exactly [source, +size), else null.
    std::shared_ptr<SharedPages> PagesUnder(u64 source, u64 size) const;
    // Whether a view's source or destination overlaps [address, +size).
    bool Overlaps(u64 address, u64 size) const;
    void Add(View view);
    // Removes the view of [source, +size) at destination; false when there is none.
    bool Remove(u64 destination, u64 source, u64 size);

private:
    std::vector<View> views_;
};

}  // namespace kernel
