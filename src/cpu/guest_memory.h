#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "base/types.h"

namespace cpu {

// Page permissions as the guest sees them.
enum class Permission : u8 {
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
    ReadWrite = Read | Write,
    ReadExecute = Read | Execute,
};

constexpr Permission operator|(Permission a, Permission b) {
    return static_cast<Permission>(static_cast<u8>(a) | static_cast<u8>(b));
}
constexpr bool Includes(Permission have, Permission need) {
    return (static_cast<u8>(have) & static_cast<u8>(need)) == static_cast<u8>(need);
}

inline constexpr u64 kPageSize = 0x1000;

// The guest's address space: one host reservation of 2^address_bits bytes, so that guest
// address A lives at Base() + A and the JIT can access it directly (fastmem). Host protection
// mirrors guest permissions, so a stray guest access faults instead of touching host memory;
// a per-page table keeps the guest permissions for checks made by the host.
class GuestMemory {
public:
    explicit GuestMemory(unsigned address_bits = 39);
    ~GuestMemory();
    GuestMemory(const GuestMemory&) = delete;
    GuestMemory& operator=(const GuestMemory&) = delete;

    unsigned AddressBits() const { return address_bits_; }
    u64 AddressSpaceSize() const { return u64{1} << address_bits_; }
    u8* Base() const { return base_; }

    // Backs [address, address + size) with zeroed pages. Page-aligned; throws base::Error when
    // the range is outside the address space.
    void Map(u64 address, u64 size, Permission permission);
    // Backs [address, address + size) with the file's pages from `offset` on (a memfd shared
    // with other views and the host): every view of the same pages sees the same bytes.
    void MapView(u64 address, u64 size, Permission permission, int fd, u64 offset);
    void Protect(u64 address, u64 size, Permission permission);
    void Unmap(u64 address, u64 size);

    Permission PermissionAt(u64 address) const;
    bool IsAccessible(u64 address, u64 size, Permission need) const;

    // Host pointer to [address, address + size) when every page allows `need`, else nullptr.
    u8* HostPointer(u64 address, u64 size, Permission need) const;

    // Host-side accesses with the guest's permissions checked; false or nullopt on a fault.
    bool ReadBlock(u64 address, std::span<u8> out) const;
    bool WriteBlock(u64 address, std::span<const u8> bytes);

    // Writes regardless of guest permissions (loading code into read-only pages).
    void WriteInitial(u64 address, std::span<const u8> bytes);

    // The permission table as compiled code reads it (the LLVM tier checks each access inline):
    // one byte per page, PermissionTable()[address >> 12], and one more byte past the last
    // page that is always 0, so that compiled code can clamp an address outside the space to
    // it instead of branching on it (and the last page's neighbour allows nothing). A byte's
    // low bits are the page's Permission; its bits kBothPagesShift up are the Read and Write
    // that this page and the next both allow, so that an access of up to a page checks one
    // byte, wherever in the page it starts.
    static constexpr unsigned kBothPagesShift = 4;
    const u8* PermissionTable() const { return reinterpret_cast<const u8*>(permissions_); }
    u64 PermissionTableEntries() const { return (AddressSpaceSize() / kPageSize) + 1; }

    template <typename T>
    requires std::is_trivially_copyable_v<T> std::optional<T> Read(u64 address)
    const {
        T value;
        if (!ReadBlock(address, {reinterpret_cast<u8*>(&value), sizeof(T)})) {
            return std::nullopt;
        }
        return value;
    }

    template <typename T>
    requires std::is_trivially_copyable_v<T>
    bool Write(u64 address, const T& value) {
        return WriteBlock(address, {reinterpret_cast<const u8*>(&value), sizeof(T)});
    }

private:
    void CheckRange(u64 address, u64 size, const char* operation) const;
    void SetPermissions(u64 address, u64 size, Permission permission);
    Permission PagePermission(u64 page) const;

    unsigned address_bits_;
    u8* base_ = nullptr;
    // A flat table in a reservation of its own: the host backs only its pages that describe
    // something mapped, so a 39-bit space costs memory only where the guest maps. Read without
    // a lock by every core (JIT slow paths, supervisor calls, compiled regions) while one maps.
    std::atomic<u8>* permissions_ = nullptr;
    static_assert(sizeof(std::atomic<u8>) == sizeof(u8));
};

}  // namespace cpu
