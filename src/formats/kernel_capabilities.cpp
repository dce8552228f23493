#include "formats/kernel_capabilities.h"

#include <bit>
#include <string>

#include "base/bits.h"
#include "base/byte_writer.h"
#include "base/error.h"

namespace formats {

namespace {

using base::Bit;
using base::Bits;

// Descriptor kinds, by the number of trailing ones (switchbrew "NPDM", KernelCapability).
constexpr int kThreadInfo = 3;
constexpr int kEnableSystemCalls = 4;
constexpr int kMemoryMap = 6;
constexpr int kIoMemoryMap = 7;
constexpr int kMemoryRegionMap = 10;
constexpr int kEnableInterrupts = 11;
constexpr int kMiscParams = 13;
constexpr int kKernelVersion = 14;
constexpr int kHandleTableSize = 15;
constexpr int kMiscFlags = 16;
constexpr int kPadding = 32;  // 0xffffffff: an unused slot

constexpr u32 kSvcsPerMask = 24;
constexpr u16 kNoInterrupt = 0x3ff;

// The descriptor's header: `kind` ones followed by a zero.
constexpr u32 Header(int kind) {
    return (u32{1} << kind) - 1;
}

class Decoder {
public:
    Decoder(const base::ByteReader& reader, std::string_view field)
        : reader_(reader), field_(field) {}

    void Decode(u64 offset, u64 size) {
        if (size % 4 != 0) {
            reader_.Invalid(field_, offset, "size {:#x} is not a multiple of 4", size);
        }
        reader_.Require(offset, size, field_);
        const u64 end = offset + size;
        for (u64 at = offset; at < end; at += 4) {
            const u32 word = reader_.Read<u32>(at, field_);
            switch (std::countr_one(word)) {
                case kThreadInfo:
                    DecodeThreadInfo(word, at);
                    break;
                case kEnableSystemCalls:
                    DecodeSystemCalls(word, at);
                    break;
                case kMemoryMap:
                    if (end - at < 8) {
                        Reject(at, "memory map descriptor {:#010x} lacks its size word", word);
                    }
                    DecodeMemoryMap(word, reader_.Read<u32>(at + 4, field_), at);
                    at += 4;
                    break;
                case kIoMemoryMap:
                    caps_.io_pages.push_back(Bits(word, 8, 24) << 12);
                    break;
                case kMemoryRegionMap:
                    for (unsigned slot = 0; slot < 3; ++slot) {
                        const u8 type = static_cast<u8>(Bits(word, 11 + slot * 7, 6));
                        if (type != 0) {
                            caps_.region_maps.push_back({type, Bit(word, 17 + slot * 7)});
                        }
                    }
                    break;
                case kEnableInterrupts:
                    for (unsigned slot = 0; slot < 2; ++slot) {
                        const u16 irq = static_cast<u16>(Bits(word, 12 + slot * 10, 10));
                        if (irq != kNoInterrupt) {
                            caps_.interrupts.push_back(irq);
                        }
                    }
                    break;
                case kMiscParams:
                    Once(caps_.has_program_type, word, at, "program type");
                    RequireZero(word, 17, at, "program type");
                    caps_.program_type = static_cast<u16>(Bits(word, 14, 3));
                    break;
                case kKernelVersion:
                    Once(caps_.has_kernel_version, word, at, "kernel version");
                    caps_.kernel_version = static_cast<u32>(Bits(word, 15, 17));
                    break;
                case kHandleTableSize:
                    Once(caps_.has_handle_table_size, word, at, "handle table size");
                    RequireZero(word, 26, at, "handle table size");
                    caps_.handle_table_size = static_cast<u16>(Bits(word, 16, 10));
                    break;
                case kMiscFlags:
                    Once(caps_.has_debug_flags, word, at, "debug flags");
                    RequireZero(word, 20, at, "debug flags");
                    caps_.allow_debug = Bit(word, 17);
                    caps_.force_debug_prod = Bit(word, 18);
                    caps_.force_debug = Bit(word, 19);
                    break;
                case kPadding:
                    break;
                default:
                    Reject(at, "unknown capability descriptor {:#010x} ({} trailing ones)", word,
                           std::countr_one(word));
            }
        }
    }

    KernelCapabilities Take() { return std::move(caps_); }

private:
    template <typename... Args>
    [[noreturn]] void Reject(u64 at, fmt::format_string<Args...> format, Args&&... args) const {
        reader_.Invalid(field_, at, format, std::forward<Args>(args)...);
    }

    // The kernel refuses a process whose descriptors set one of these twice.
    void Once(bool& seen, u32 word, u64 at, std::string_view what) const {
        if (seen) {
            Reject(at, "second {} descriptor {:#010x}", what, word);
        }
        seen = true;
    }

    void RequireZero(u32 word, unsigned from_bit, u64 at, std::string_view what) const {
        if (Bits(word, from_bit, 32 - from_bit) != 0) {
            Reject(at, "{} descriptor {:#010x} sets reserved bits {}..31", what, word, from_bit);
        }
    }

    void DecodeThreadInfo(u32 word, u64 at) {
        Once(caps_.has_thread_info, word, at, "thread info");
        caps_.lowest_thread_priority = static_cast<u8>(Bits(word, 4, 6));
        caps_.highest_thread_priority = static_cast<u8>(Bits(word, 10, 6));
        caps_.min_core = static_cast<u8>(Bits(word, 16, 8));
        caps_.max_core = static_cast<u8>(Bits(word, 24, 8));
        if (caps_.highest_thread_priority > caps_.lowest_thread_priority) {
            Reject(at, "thread info: highest priority {} is numerically above the lowest {}",
                   caps_.highest_thread_priority, caps_.lowest_thread_priority);
        }
        if (caps_.min_core > caps_.max_core) {
            Reject(at, "thread info: min core {} is above max core {}", caps_.min_core,
                   caps_.max_core);
        }
    }

    void DecodeSystemCalls(u32 word, u64 at) {
        const unsigned index = static_cast<unsigned>(Bits(word, 29, 3));
        if (Bit(masks_seen_, index)) {
            Reject(at, "second syscall mask descriptor for index {}", index);
        }
        masks_seen_ |= 1u << index;
        const u32 mask = static_cast<u32>(Bits(word, 5, kSvcsPerMask));
        for (unsigned bit = 0; bit < kSvcsPerMask; ++bit) {
            if (Bit(mask, bit)) {
                caps_.allowed_svcs.set(index * kSvcsPerMask + bit);
            }
        }
    }

    void DecodeMemoryMap(u32 address_word, u32 size_word, u64 at) {
        if (std::countr_one(size_word) != kMemoryMap) {
            Reject(at + 4, "memory map size word {:#010x} is not a map descriptor", size_word);
        }
        MemoryMap map;
        map.address = Bits(address_word, 7, 24) << 12;
        map.read_only = Bit(address_word, 31);
        map.size = Bits(size_word, 7, 20) << 12;
        map.size_word_bits_27_30 = static_cast<u8>(Bits(size_word, 27, 4));
        map.is_io = !Bit(size_word, 31);
        caps_.memory_maps.push_back(map);
    }

    const base::ByteReader& reader_;
    std::string field_;
    KernelCapabilities caps_;
    u32 masks_seen_ = 0;
};

void Fail(std::string_view what, u64 value, u64 limit) {
    base::Fail("kernel capabilities writer: {} {:#x} does not fit (limit {:#x})", what, value,
               limit);
}

void RequireBelow(std::string_view what, u64 value, u64 limit) {
    if (value >= limit) {
        Fail(what, value, limit);
    }
}

}  // namespace

KernelCapabilities ReadKernelCapabilities(const base::ByteReader& reader, u64 offset, u64 size,
                                          std::string_view field) {
    Decoder decoder(reader, field);
    decoder.Decode(offset, size);
    return decoder.Take();
}

std::vector<u8> WriteKernelCapabilities(const KernelCapabilities& caps) {
    std::vector<u32> words;
    if (caps.has_thread_info) {
        RequireBelow("lowest thread priority", caps.lowest_thread_priority, 64);
        RequireBelow("highest thread priority", caps.highest_thread_priority, 64);
        words.push_back(Header(kThreadInfo) | u32{caps.lowest_thread_priority} << 4 |
                        u32{caps.highest_thread_priority} << 10 | u32{caps.min_core} << 16 |
                        u32{caps.max_core} << 24);
    }
    for (u32 index = 0; index < kSvcCount / kSvcsPerMask; ++index) {
        u32 mask = 0;
        for (u32 bit = 0; bit < kSvcsPerMask; ++bit) {
            mask |= u32{caps.allowed_svcs.test(index * kSvcsPerMask + bit)} << bit;
        }
        if (mask != 0) {
            words.push_back(Header(kEnableSystemCalls) | mask << 5 | index << 29);
        }
    }
    for (const MemoryMap& map : caps.memory_maps) {
        const u64 page = map.address >> 12;
        const u64 pages = map.size >> 12;
        RequireBelow("memory map page", page, u64{1} << 24);
        RequireBelow("memory map page count", pages, u64{1} << 20);
        RequireBelow("memory map size word bits 27-30", map.size_word_bits_27_30, 16);
        words.push_back(Header(kMemoryMap) | static_cast<u32>(page) << 7 |
                        u32{map.read_only} << 31);
        words.push_back(Header(kMemoryMap) | static_cast<u32>(pages) << 7 |
                        u32{map.size_word_bits_27_30} << 27 | u32{!map.is_io} << 31);
    }
    for (const u64 address : caps.io_pages) {
        RequireBelow("IO page", address >> 12, u64{1} << 24);
        words.push_back(Header(kIoMemoryMap) | static_cast<u32>(address >> 12) << 8);
    }
    for (std::size_t i = 0; i < caps.region_maps.size(); i += 3) {
        u32 word = Header(kMemoryRegionMap);
        for (std::size_t slot = 0; slot < 3 && i + slot < caps.region_maps.size(); ++slot) {
            const RegionMap& region = caps.region_maps[i + slot];
            if (region.type == 0) {
                base::Fail("kernel capabilities writer: region type 0 means no region");
            }
            RequireBelow("region type", region.type, 64);
            word |= (u32{region.type} | u32{region.read_only} << 6) << (11 + slot * 7);
        }
        words.push_back(word);
    }
    for (const u16 irq : caps.interrupts) {
        RequireBelow("interrupt", irq, kNoInterrupt);  // 0x3ff marks an empty slot
    }
    for (std::size_t i = 0; i < caps.interrupts.size(); i += 2) {
        const u16 second = i + 1 < caps.interrupts.size() ? caps.interrupts[i + 1] : kNoInterrupt;
        words.push_back(Header(kEnableInterrupts) | u32{caps.interrupts[i]} << 12 |
                        u32{second} << 22);
    }
    if (caps.has_program_type) {
        RequireBelow("program type", caps.program_type, 8);
        words.push_back(Header(kMiscParams) | u32{caps.program_type} << 14);
    }
    if (caps.has_kernel_version) {
        RequireBelow("kernel version", caps.kernel_version, u64{1} << 17);
        words.push_back(Header(kKernelVersion) | caps.kernel_version << 15);
    }
    if (caps.has_handle_table_size) {
        RequireBelow("handle table size", caps.handle_table_size, 1024);
        words.push_back(Header(kHandleTableSize) | u32{caps.handle_table_size} << 16);
    }
    if (caps.has_debug_flags) {
        words.push_back(Header(kMiscFlags) | u32{caps.allow_debug} << 17 |
                        u32{caps.force_debug_prod} << 18 | u32{caps.force_debug} << 19);
    }
    base::ByteWriter writer;
    for (const u32 word : words) {
        writer.Append({reinterpret_cast<const u8*>(&word), sizeof(word)});
    }
    return writer.Take();
}

}  // namespace formats
