#pragma once

// SARC, the archive of Nintendo's first-party engines (here the one inside Pack/ZsDic.pack.zs
// that holds the zstd dictionaries): a header, SFAT nodes sorted by name hash with data
// ranges, SFNT names, then the data. Little-endian only, as on the Switch.

#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/partition_fs.h"

namespace formats {

struct SarcEntry {
    std::string name;
    u64 offset = 0;  // from the start of the archive
    u64 size = 0;
};

struct Sarc {
    std::vector<SarcEntry> entries;

    const SarcEntry* Find(std::string_view name) const;
};

Sarc ReadSarc(std::span<const u8> archive, std::string source);
u32 SarcNameHash(std::string_view name, u32 key = 0x65);
// Files are aligned to `alignment` bytes (dictionaries and most data use 0x100 or less).
std::vector<u8> WriteSarc(std::span<const PartitionFile> files, u32 alignment = 0x100);

}  // namespace formats
