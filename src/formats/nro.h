#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/module_image.h"
#include "formats/section_ref.h"

namespace formats {

// The optional ASET section homebrew appends after an NRO: an icon (JPEG), a NACP and a RomFS.
struct NroAssets {
    std::vector<u8> icon;
    std::vector<u8> nacp;
    std::vector<u8> romfs;

    bool Empty() const { return icon.empty() && nacp.empty() && romfs.empty(); }
    bool operator==(const NroAssets&) const = default;
};

// A homebrew executable. Segments lie in the file at the offsets they take in memory, and the
// NRO header sits inside the first 0x80 bytes of text, after a branch and the MOD0 offset.
struct Nro {
    ModuleImage module;
    NroAssets assets;
    bool has_asset_section = false;

    u32 mod0_offset = 0;  // from the module base; the MOD0 header usually lies in text
    u32 version = 0;
    u32 size = 0;  // bytes of the NRO proper, without the asset section
    u32 flags = 0;
    u32 dso_handle_offset = 0;
    SectionRef api_info, dynstr, dynsym;
};

inline constexpr u64 kNroHeaderEnd = 0x80;  // text bytes the header occupies

Nro ReadNro(std::span<const u8> file, std::string source);

// Writes `module` as an NRO; its text must start at 0 and be at least 0x80 bytes. The header
// replaces text bytes 0x10..0x80, as elf2nro does; the branch at 0 and the MOD0 offset at 4
// that the linker put there are kept. The asset section is written when any asset is present.
std::vector<u8> WriteNro(const ModuleImage& module, const NroAssets& assets);

}  // namespace formats
