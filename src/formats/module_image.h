#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace formats {

inline constexpr u64 kPageSize = 0x1000;

// One executable module (NRO, NSO or ELF) as it lies in guest memory: three segments at
// page-aligned offsets from the module's load base, then zero-filled bss after the data bytes.
struct ModuleImage {
    std::string name;
    std::vector<u8> text, ro, data;
    u32 text_offset = 0, ro_offset = 0, data_offset = 0;
    u32 bss_size = 0;
    std::array<u8, 32> module_id{};

    // Page-aligned end of data + bss: how much address space the module occupies.
    u64 ImageSize() const;

    // The module laid out as in memory (segments in place, gaps and bss zero), ImageSize() bytes.
    std::vector<u8> LoadedBytes() const;

    // Throws base::Error naming `source` unless the segments are page-aligned, in the order
    // text, ro, data, and do not overlap.
    void Validate(std::string_view source) const;

    bool operator==(const ModuleImage&) const = default;
};

}  // namespace formats
