#pragma once

#include <span>
#include <string>

#include "base/types.h"
#include "formats/module_image.h"

namespace formats {

// The MOD0 header a module carries for the runtime loader. The file stores every field as a
// signed offset from the MOD0 header itself; here they are resolved to offsets from the module
// base.
struct Mod0 {
    u64 header_offset = 0;
    u64 dynamic = 0;
    u64 bss_start = 0;
    u64 bss_end = 0;
    u64 eh_frame_hdr_start = 0;
    u64 eh_frame_hdr_end = 0;
    u64 module_object = 0;
    bool operator==(const Mod0&) const = default;
};

inline constexpr u64 kMod0Size = 0x1c;

// Parses the MOD0 header at `header_offset` of a loaded module (`image` as in memory, bss
// included); every offset must land inside the image.
Mod0 ReadMod0(std::span<const u8> image, u64 header_offset, std::string source);

// Finds the MOD0 header through the offset at text+4, where every module keeps it.
Mod0 ReadModuleMod0(const ModuleImage& module, std::string source);

}  // namespace formats
