#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "base/types.h"
#include "cpu/guest_memory.h"
#include "kernel/device_use.h"
#include "kernel/memory_attribute.h"
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
    // Maps a view of shared pages (a memfd at `offset`); the range must be free.
    void MapView(u64 address, u64 size, MemoryState state, cpu::Permission permission, int fd,
                 u64 offset);
    void Protect(u64 address, u64 size, cpu::Permission permission);
    void Unmap(u64 address, u64 size);
    // Changes what a mapped range is recorded as, its permission and attribute, keeping its
    // contents (a source borrowed by MapMemory or code memory).
    void Relabel(u64 address, u64 size, MemoryState state, cpu::Permission permission,
                 u32 attribute);
    void SetAttribute(u64 address, u64 size, u32 attribute);
    // Puts shared pages (a memfd from `offset`) under a mapped range, records unchanged; the
    // caller has copied the range's bytes into them.
    void BackWithView(u64 address, u64 size, int fd, u64 offset);
    // A device (the GPU, through nvmap) uses [address, address + size): while the returned use
    // lives, its pages have the DeviceShared attribute and a device count, so the memory calls
    // that need memory without attributes refuse to unmap, alias or re-protect them, as
    // Horizon's do, and the device never finds them gone. Null when a page of the range is not
    // mapped. Uses of the same pages add up.
    std::shared_ptr<DeviceUse> UseByDevice(u64 address, u64 size);

    bool IsFree(u64 address, u64 size) const;
    // The block holding address, merged with neighbours of identical state as the kernel does.
    MemoryInfo Query(u64 address) const;
    // Horizon's CheckMemoryState: the record of [address, address + size) when every block
    // in it has the same state, permission and attribute (bits in `ignore_attribute` aside);
    // nullopt otherwise or for a range outside the address space.
    std::optional<MemoryInfo> Uniform(u64 address, u64 size, u32 ignore_attribute = 0) const;
    // The blocks overlapping [address, address + size), clipped to it.
    std::vector<MemoryInfo> BlocksIn(u64 address, u64 size) const;
    std::vector<MemoryInfo> Blocks() const;
    u64 MappedBytes() const;
    // Records in the map, the size of the kernel's block list (system resource use).
    std::size_t RecordCount() const { return blocks_.size(); }

private:
    struct Block {
        u64 size;
        MemoryState state;
        cpu::Permission permission;
        u32 attribute = memory_attribute::kNone;
        u32 ipc_count = 0;
        u32 device_count = 0;
        bool SameKind(const Block& other) const {
            return state == other.state && permission == other.permission &&
                   attribute == other.attribute && ipc_count == other.ipc_count &&
                   device_count == other.device_count;
        }
    };
    bool InRange(u64 address, u64 size) const;
    void AddDeviceCount(u64 address, u64 size, int delta);
    // Applies the device uses that ended since the last call (see device_use.h). Called by the
    // reading calls too, which then change the records: the map itself is never const.
    void ApplyEndedDeviceUses() const;
    void Split(u64 address);
    void Assign(u64 address, u64 size, const Block& block);
    static MemoryInfo Info(u64 address, u64 size, const Block& block);

    cpu::GuestMemory& memory_;
    std::map<u64, Block> blocks_;  // covers the whole address space, Free where unmapped
    std::shared_ptr<EndedDeviceUses> ended_device_uses_ = std::make_shared<EndedDeviceUses>();
};

}  // namespace kernel
