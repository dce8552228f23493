#include "kernel/memory_map.h"

#include "base/error.h"

namespace kernel {

MemoryMap::MemoryMap(cpu::GuestMemory& memory) : memory_(memory) {
    blocks_[0] = Block{memory.AddressSpaceSize(), MemoryState::Free, cpu::Permission::None};
}

void MemoryMap::Split(u64 address) {
    if (address >= memory_.AddressSpaceSize()) {
        return;
    }
    auto it = blocks_.upper_bound(address);
    --it;
    if (it->first == address) {
        return;
    }
    const u64 head = address - it->first;
    Block tail = it->second;
    tail.size -= head;
    it->second.size = head;
    blocks_.emplace(address, tail);
}

void MemoryMap::Assign(u64 address, u64 size, MemoryState state, cpu::Permission permission) {
    Split(address);
    Split(address + size);
    auto first = blocks_.find(address);
    auto last = blocks_.lower_bound(address + size);
    blocks_.erase(first, last);
    blocks_[address] = Block{size, state, permission};
}

bool MemoryMap::IsFree(u64 address, u64 size) const {
    if (size == 0 || address >= memory_.AddressSpaceSize() ||
        size > memory_.AddressSpaceSize() - address) {
        return false;
    }
    auto it = blocks_.upper_bound(address);
    --it;
    for (; it != blocks_.end() && it->first < address + size; ++it) {
        if (it->second.state != MemoryState::Free) {
            return false;
        }
    }
    return true;
}

void MemoryMap::Map(u64 address, u64 size, MemoryState state, cpu::Permission permission) {
    if (!IsFree(address, size)) {
        base::Fail("kernel: map of [{:#x}, +{:#x}) overlaps mapped memory", address, size);
    }
    memory_.Map(address, size, permission);
    Assign(address, size, state, permission);
}

void MemoryMap::Protect(u64 address, u64 size, cpu::Permission permission) {
    memory_.Protect(address, size, permission);
    Split(address);
    Split(address + size);
    for (auto it = blocks_.find(address); it != blocks_.end() && it->first < address + size; ++it) {
        it->second.permission = permission;
    }
}

void MemoryMap::Unmap(u64 address, u64 size) {
    memory_.Unmap(address, size);
    Assign(address, size, MemoryState::Free, cpu::Permission::None);
}

MemoryInfo MemoryMap::Query(u64 address) const {
    if (address >= memory_.AddressSpaceSize()) {
        // Past the address space the kernel reports one inaccessible block up to the top.
        return MemoryInfo{memory_.AddressSpaceSize(),
                          0 - memory_.AddressSpaceSize(),
                          static_cast<u32>(MemoryState::Inaccessible),
                          0,
                          0,
                          0,
                          0,
                          0};
    }
    auto it = blocks_.upper_bound(address);
    --it;
    u64 start = it->first;
    u64 end = it->first + it->second.size;
    const auto same = [&](const Block& block) {
        return block.state == it->second.state && block.permission == it->second.permission;
    };
    for (auto before = it; before != blocks_.begin();) {
        --before;
        if (!same(before->second)) {
            break;
        }
        start = before->first;
    }
    for (auto after = std::next(it); after != blocks_.end() && same(after->second); ++after) {
        end = after->first + after->second.size;
    }
    return MemoryInfo{start,
                      end - start,
                      static_cast<u32>(it->second.state),
                      0,
                      static_cast<u32>(it->second.permission),
                      0,
                      0,
                      0};
}

std::vector<MemoryInfo> MemoryMap::Blocks() const {
    std::vector<MemoryInfo> blocks;
    for (u64 address = 0; address < memory_.AddressSpaceSize();) {
        const MemoryInfo info = Query(address);
        blocks.push_back(info);
        address = info.base_address + info.size;
    }
    return blocks;
}

u64 MemoryMap::MappedBytes() const {
    u64 total = 0;
    for (const auto& [address, block] : blocks_) {
        if (block.state != MemoryState::Free && block.state != MemoryState::Inaccessible) {
            total += block.size;
        }
    }
    return total;
}

}  // namespace kernel
