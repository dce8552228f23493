#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "base/byte_reader.h"
#include "base/types.h"

namespace formats {

// The file system access control of an NPDM. ACID and ACI0 lay it out differently after a
// common start (version byte, 3 bytes, then the u64 permission bits at offset 4); what follows
// (owner id ranges and lists), which nxhost does not interpret, is kept as bytes so that a file
// round-trips.
struct FsAccessControl {
    u8 version = 1;
    std::array<u8, 3> bytes_1_3{};  // ACID: owner id counts; ACI0: padding
    u64 permissions = 0;
    std::vector<u8> rest;  // from offset 0xc on; empty: the minimal layout is written
    bool operator==(const FsAccessControl&) const = default;
};

enum class FsAccessLayout { kAcid, kAci };

FsAccessControl ReadFsAccess(const base::ByteReader& reader, u64 offset, u64 size,
                             std::string_view field);

std::vector<u8> WriteFsAccess(const FsAccessControl& access, FsAccessLayout layout);

// What follows the permissions in a section for `layout` that lists no owner ids.
std::vector<u8> MinimalFsAccessRest(FsAccessLayout layout);

}  // namespace formats
