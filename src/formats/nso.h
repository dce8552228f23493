#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/module_image.h"
#include "formats/section_ref.h"

namespace formats {

// One segment's entry in the NSO header.
struct NsoSegment {
    u32 file_offset = 0;
    u32 memory_offset = 0;
    u32 size = 0;       // decompressed
    u32 file_size = 0;  // stored (compressed) size
    bool compressed = false;
    bool hash_checked = false;
    std::array<u8, 32> hash{};  // SHA-256 of the decompressed segment
};

// An official-SDK executable: three LZ4-compressed segments with SHA-256 hashes.
struct Nso {
    ModuleImage module;
    u32 version = 0;
    u32 flags = 0;  // bits 0-2: text/ro/data compressed, 3-5: text/ro/data hash checked
    std::string embedded_name;
    std::array<NsoSegment, 3> segments;  // text, ro, data
    SectionRef api_info, dynstr, dynsym;
};

inline constexpr u64 kNsoHeaderSize = 0x100;

// Reads and decompresses an NSO, checking each segment's hash where its flag asks for it.
// module.name is the embedded module name, or the file's stem when that is empty.
Nso ReadNso(std::span<const u8> file, std::string source);

// Writes `module` as an NSO with hash checks on and, if `compress`, LZ4-compressed segments.
std::vector<u8> WriteNso(const ModuleImage& module, bool compress);

}  // namespace formats
