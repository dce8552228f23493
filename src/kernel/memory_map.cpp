#include "kernel/memory_map.h"

#include "base/error.h"

namespace kernel {

MemoryMap::MemoryMap(cpu::GuestMemory& memory) : memory_(memory) {
    blocks_[0] = Block{memory.AddressSpaceSize(), MemoryState::Free, cpu::Permission::None};
}

bool MemoryMap::InRange(u64 address, u64 size) const {
    return size != 0 && address < memory_.AddressSpaceSize() &&
           size <= memory_.AddressSpaceSize() - address;
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

void MemoryMap::Assign(u64 address, u64 size, const Block& block) {
    Split(address);
    Split(address + size);
    auto first = blocks_.find(address);
    auto last = blocks_.lower_bound(address + size);
    blocks_.erase(first, last);
    Block assigned = block;
    assigned.size = size;
    blocks_[address] = assigned;
    // Join equal neighbours so that the record count stays what the kernel's would be.
    auto it = blocks_.find(address);
    if (auto next = std::next(it); next != blocks_.end() && next->second.SameKind(it->second)) {
        it->second.size += next->second.size;
        blocks_.erase(next);
    }
    if (it != blocks_.begin()) {
        auto previous = std::prev(it);
        if (previous->second.SameKind(it->second)) {
            previous->second.size += it->second.size;
            blocks_.erase(it);
        }
    }
}

bool MemoryMap::IsFree(u64 address, u64 size) const {
    if (!InRange(address, size)) {
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
    Assign(address, size, Block{size, state, permission});
}

void MemoryMap::MapView(u64 address, u64 size, MemoryState state, cpu::Permission permission,
                        int fd, u64 offset) {
    if (!IsFree(address, size)) {
        base::Fail("kernel: view of [{:#x}, +{:#x}) overlaps mapped memory", address, size);
    }
    memory_.MapView(address, size, permission, fd, offset);
    Assign(address, size, Block{size, state, permission});
}

void MemoryMap::Protect(u64 address, u64 size, cpu::Permission permission) {
    memory_.Protect(address, size, permission);
    for (const MemoryInfo& info : BlocksIn(address, size)) {
        Block block{info.size,      static_cast<MemoryState>(info.state),
                    permission,     info.attribute,
                    info.ipc_count, info.device_count};
        Assign(info.base_address, info.size, block);
    }
}

void MemoryMap::Unmap(u64 address, u64 size) {
    memory_.Unmap(address, size);
    Assign(address, size, Block{size, MemoryState::Free, cpu::Permission::None});
}

void MemoryMap::Relabel(u64 address, u64 size, MemoryState state, cpu::Permission permission,
                        u32 attribute) {
    memory_.Protect(address, size, permission);
    Assign(address, size, Block{size, state, permission, attribute});
}

void MemoryMap::SetAttribute(u64 address, u64 size, u32 attribute) {
    for (const MemoryInfo& info : BlocksIn(address, size)) {
        Block block{info.size,
                    static_cast<MemoryState>(info.state),
                    static_cast<cpu::Permission>(info.permission),
                    attribute,
                    info.ipc_count,
                    info.device_count};
        Assign(info.base_address, info.size, block);
    }
}

void MemoryMap::BackWithView(u64 address, u64 size, int fd, u64 offset) {
    for (const MemoryInfo& info : BlocksIn(address, size)) {
        memory_.MapView(info.base_address, info.size, static_cast<cpu::Permission>(info.permission),
                        fd, offset + (info.base_address - address));
    }
}

std::shared_ptr<DeviceUse> MemoryMap::UseByDevice(u64 address, u64 size) {
    const std::vector<MemoryInfo> blocks = BlocksIn(address, size);
    if (blocks.empty()) {
        return nullptr;
    }
    for (const MemoryInfo& block : blocks) {
        const auto state = static_cast<MemoryState>(block.state);
        if (state == MemoryState::Free || state == MemoryState::Inaccessible) {
            return nullptr;
        }
    }
    AddDeviceCount(address, size, 1);
    return std::make_shared<DeviceUse>(ended_device_uses_, address, size);
}

void MemoryMap::AddDeviceCount(u64 address, u64 size, int delta) {
    for (const MemoryInfo& info : BlocksIn(address, size)) {
        if (delta < 0 && info.device_count == 0) {
            continue;  // the pages were remapped since (the process is ending)
        }
        const u32 count = info.device_count + delta;
        const u32 attribute = count != 0 ? info.attribute | memory_attribute::kDeviceShared
                                         : info.attribute & ~memory_attribute::kDeviceShared;
        Block block{info.size,
                    static_cast<MemoryState>(info.state),
                    static_cast<cpu::Permission>(info.permission),
                    attribute,
                    info.ipc_count,
                    count};
        Assign(info.base_address, info.size, block);
    }
}

void MemoryMap::ApplyEndedDeviceUses() const {
    for (const auto& [address, size] : ended_device_uses_->Take()) {
        // Every MemoryMap is a mutable object; its reading calls are const for their callers.
        const_cast<MemoryMap*>(this)->AddDeviceCount(address, size, -1);
    }
}

MemoryInfo MemoryMap::Info(u64 address, u64 size, const Block& block) {
    return MemoryInfo{address,
                      size,
                      static_cast<u32>(block.state),
                      block.attribute,
                      static_cast<u32>(block.permission),
                      block.ipc_count,
                      block.device_count,
                      0};
}

MemoryInfo MemoryMap::Query(u64 address) const {
    ApplyEndedDeviceUses();
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
    // Assign keeps equal neighbours joined, so a block is already whole.
    return Info(it->first, it->second.size, it->second);
}

std::optional<MemoryInfo> MemoryMap::Uniform(u64 address, u64 size, u32 ignore_attribute) const {
    const std::vector<MemoryInfo> blocks = BlocksIn(address, size);
    if (blocks.empty()) {
        return std::nullopt;
    }
    const MemoryInfo& first = blocks.front();
    for (const MemoryInfo& block : blocks) {
        if (block.state != first.state || block.permission != first.permission ||
            (block.attribute | ignore_attribute) != (first.attribute | ignore_attribute)) {
            return std::nullopt;
        }
    }
    MemoryInfo whole = first;
    whole.base_address = address;
    whole.size = size;
    return whole;
}

std::vector<MemoryInfo> MemoryMap::BlocksIn(u64 address, u64 size) const {
    ApplyEndedDeviceUses();
    std::vector<MemoryInfo> blocks;
    if (!InRange(address, size)) {
        return blocks;
    }
    auto it = blocks_.upper_bound(address);
    --it;
    for (; it != blocks_.end() && it->first < address + size; ++it) {
        const u64 start = std::max(it->first, address);
        const u64 end = std::min(it->first + it->second.size, address + size);
        blocks.push_back(Info(start, end - start, it->second));
    }
    return blocks;
}

std::vector<MemoryInfo> MemoryMap::Blocks() const {
    ApplyEndedDeviceUses();
    std::vector<MemoryInfo> blocks;
    for (const auto& [address, block] : blocks_) {
        blocks.push_back(Info(address, block.size, block));
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
