#include "kernel/stack_aliases.h"

namespace kernel {

void StackAliases::Add(u64 destination, u64 source, u64 size) {
    aliases_[destination] = Alias{source, size};
}

bool StackAliases::Covers(u64 destination, u64 source, u64 size) const {
    const u64 end = destination + size;
    u64 cursor = destination;
    auto it = aliases_.upper_bound(destination);
    if (it == aliases_.begin()) {
        return false;
    }
    --it;
    for (; cursor < end; ++it) {
        if (it == aliases_.end() || it->first > cursor || it->first + it->second.size <= cursor) {
            return false;
        }
        // The same distance from destination to source means the same pages.
        if (it->second.source - it->first != source - destination) {
            return false;
        }
        cursor = it->first + it->second.size;
    }
    return true;
}

void StackAliases::Remove(u64 destination, u64 size) {
    const u64 end = destination + size;
    auto it = aliases_.upper_bound(destination);
    if (it != aliases_.begin()) {
        --it;
    }
    while (it != aliases_.end() && it->first < end) {
        const u64 start = it->first;
        const Alias alias = it->second;
        const u64 alias_end = start + alias.size;
        if (alias_end <= destination) {
            ++it;
            continue;
        }
        it = aliases_.erase(it);
        if (start < destination) {
            aliases_[start] = Alias{alias.source, destination - start};
        }
        if (alias_end > end) {
            aliases_[end] = Alias{alias.source + (end - start), alias_end - end};
        }
    }
}

}  // namespace kernel
