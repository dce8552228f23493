#include "kernel/process_memory_views.h"

#include <algorithm>

namespace kernel {
namespace {

bool RangesOverlap(u64 a, u64 a_size, u64 b, u64 b_size) {
    return a < b + b_size && b < a + a_size;
}

}  // namespace

std::shared_ptr<SharedPages> ProcessMemoryViews::PagesUnder(u64 source, u64 size) const {
    for (const View& view : views_) {
        if (view.source == source && view.size == size) {
            return view.pages;
        }
    }
    return nullptr;
}

bool ProcessMemoryViews::Overlaps(u64 address, u64 size) const {
    return std::any_of(views_.begin(), views_.end(), [&](const View& view) {
        return RangesOverlap(view.source, view.size, address, size) ||
               RangesOverlap(view.destination, view.size, address, size);
    });
}

void ProcessMemoryViews::Add(View view) {
    views_.push_back(std::move(view));
}

bool ProcessMemoryViews::Remove(u64 destination, u64 source, u64 size) {
    const auto found = std::find_if(views_.begin(), views_.end(), [&](const View& view) {
        return view.destination == destination && view.source == source && view.size == size;
    });
    if (found == views_.end()) {
        return false;
    }
    views_.erase(found);
    return true;
}

}  // namespace kernel
