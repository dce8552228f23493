#pragma once

#include <bitset>
#include <span>
#include <string_view>
#include <vector>

#include "base/byte_reader.h"
#include "base/types.h"

namespace formats {

inline constexpr std::size_t kSvcCount = 192;  // 8 mask descriptors x 24 bits

// A physical range the process may map (a pair of descriptors).
struct MemoryMap {
    u64 address = 0;  // page-aligned
    u64 size = 0;     // page-aligned
    bool read_only = false;
    bool is_io = false;           // bit 31 of the size word clear: device memory, not normal memory
    u8 size_word_bits_27_30 = 0;  // reserved by the documented layout; kept to round-trip
    bool operator==(const MemoryMap&) const = default;
};

// A region of kernel-provided memory (trace buffer, boot image, DTB) the process may map.
struct RegionMap {
    u8 type = 0;  // 1..63; 0 is "none" and is not stored
    bool read_only = false;
    bool operator==(const RegionMap&) const = default;
};

// The kernel capability descriptors of an NPDM (ACID or ACI0), decoded. A descriptor's kind is
// the number of ones below its lowest clear bit. Lower priority numbers are higher priorities.
struct KernelCapabilities {
    bool has_thread_info = false;
    u8 lowest_thread_priority = 0;   // the numerically largest priority allowed (bits 4-9)
    u8 highest_thread_priority = 0;  // the numerically smallest priority allowed (bits 10-15)
    u8 min_core = 0;
    u8 max_core = 0;
    std::bitset<kSvcCount> allowed_svcs;
    std::vector<MemoryMap> memory_maps;
    std::vector<u64> io_pages;  // single pages of device memory, by address
    std::vector<RegionMap> region_maps;
    std::vector<u16> interrupts;
    bool has_program_type = false;
    u16 program_type = 0;
    bool has_kernel_version = false;
    u32 kernel_version = 0;  // major << 4 | minor
    bool has_handle_table_size = false;
    u16 handle_table_size = 0;
    bool has_debug_flags = false;
    bool allow_debug = false;
    bool force_debug_prod = false;
    bool force_debug = false;

    u32 KernelVersionMajor() const { return kernel_version >> 4; }
    u32 KernelVersionMinor() const { return kernel_version & 0xf; }
    bool operator==(const KernelCapabilities&) const = default;
};

// Decodes `size` bytes of descriptors at `offset`; an unknown, duplicated or malformed descriptor
// is an error naming its offset.
KernelCapabilities ReadKernelCapabilities(const base::ByteReader& reader, u64 offset, u64 size,
                                          std::string_view field);

// Encodes the capabilities in a fixed order: thread info, syscall masks, memory maps, IO pages,
// regions, interrupts, program type, kernel version, handle table size, debug flags.
std::vector<u8> WriteKernelCapabilities(const KernelCapabilities& caps);

}  // namespace formats
