#pragma once

// The GPU's virtual address space, as nvhost-as-gpu builds it (libnx nvidia/address_space.c;
// nvgpu's as ioctls): reservations (ALLOC_SPACE, sparse or not), mappings of memory sources
// (MAP_BUFFER_EX, REMAP), and the engines' reads and writes of GPU addresses, which may span
// several mappings. An access to an address no mapping covers is named in the log (address,
// length, what asked) and reads zeros / drops the write, as a faulting GPU channel's access
// does nothing to the guest; inside a sparse reservation it does so silently, as sparse pages
// read zero on the hardware.

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <span>
#include <string_view>
#include <type_traits>

#include "gpu/memory_source.h"

namespace gpu {

inline constexpr u64 kSmallPageSize = 0x1000;

struct GpuMapping {
    u64 size = 0;
    std::shared_ptr<MemorySource> source;
    u64 source_offset = 0;
    u32 page_size = kSmallPageSize;
    u32 kind = 0;  // the page kind (pitch, block-linear and compressed kinds): kept, not used yet
};

struct GpuReservation {
    u64 size = 0;
    u32 page_size = kSmallPageSize;
    bool sparse = false;
};

class MemoryManager {
public:
    // The 40-bit space of GM20B and T239; addresses below 64 MiB stay unmapped as the
    // driver's do.
    static constexpr u64 kAddressBits = 40;
    static constexpr u64 kFirstPlaced = 0x0400'0000;

    u32 BigPageSize() const;
    void SetBigPageSize(u32 size);

    // A reservation of `size` bytes: at `address` when given, else placed above what is
    // reserved or mapped, aligned to `align` (at least the page size). nullopt for a size or
    // address the space cannot hold or that is not page-aligned.
    std::optional<u64> Reserve(u64 size, u32 page_size, std::optional<u64> address, u64 align,
                               bool sparse);
    // Frees the reservation starting at `address` and unmaps what lies inside it.
    bool Free(u64 address);

    // Maps `size` bytes of `source` from `source_offset` on: at `address` when given (over
    // whatever was mapped there, as a fixed mapping replaces it), else at a placed address.
    std::optional<u64> Map(std::optional<u64> address, u64 size,
                           std::shared_ptr<MemorySource> source, u64 source_offset, u32 page_size,
                           u32 kind);
    // Removes the mapping that starts at `address` (UNMAP_BUFFER names a mapping by its start).
    bool Unmap(u64 address);
    // Removes whatever is mapped in [address, address + size) (REMAP with no memory handle):
    // mappings that reach into the range keep their parts outside it.
    void UnmapRange(u64 address, u64 size);

    // Engines' accesses. False when some byte lay outside every mapping (`what` names the
    // asker in the log line); the other bytes are still read or written.
    bool Read(u64 address, std::span<u8> out, std::string_view what) const;
    bool Write(u64 address, std::span<const u8> bytes, std::string_view what);
    // One value's bytes (zeros where outside).
    template <typename T>
    requires std::is_trivially_copyable_v<T> T ReadValue(u64 address, std::string_view what)
    const {
        T value{};
        Read(address, {reinterpret_cast<u8*>(&value), sizeof(T)}, what);
        return value;
    }
    template <typename T>
    requires std::is_trivially_copyable_v<T>
    bool WriteValue(u64 address, const T& value, std::string_view what) {
        return Write(address, {reinterpret_cast<const u8*>(&value), sizeof(T)}, what);
    }

    // How many bytes from `address` on, at most `limit`, lie in mappings without a gap (0 where
    // nothing is mapped at `address`): how far a buffer known only by its address can reach.
    u64 MappedBytesFrom(u64 address, u64 limit) const;
    // A snapshot of the mappings (start -> mapping), for tests and reports.
    std::map<u64, GpuMapping> Mappings() const;
    std::map<u64, GpuReservation> Reservations() const;

private:
    template <typename Access>
    bool ForEachPiece(u64 address, u64 size, std::string_view what, bool writing,
                      Access&& access) const;
    u64 Place(u64 size, u64 align);
    void RemoveRange(u64 address, u64 size);
    bool InSparse(u64 address) const;
    void NameOutside(u64 address, u64 size, std::string_view what, bool writing) const;

    mutable std::shared_mutex mutex_;
    u32 big_page_size_ = 0x20000;
    std::map<u64, GpuReservation> reservations_;
    std::map<u64, GpuMapping> mappings_;
    u64 next_free_ = kFirstPlaced;
    mutable std::atomic<u32> outside_logged_{0};
};

}  // namespace gpu
