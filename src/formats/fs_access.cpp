#include "formats/fs_access.h"

#include <algorithm>
#include <cstring>

namespace formats {

namespace {

constexpr u64 kPermissions = 0x4;
constexpr u64 kCommonSize = 0xc;  // version, 3 bytes, permissions

// ACID: after the permissions, the content and save data owner id ranges (0x20 bytes), then
// the ids the counts in bytes 1-2 announce. ACI0: the offsets and sizes of the content and save
// data owner info (0x10 bytes), here empty and right after those fields.
constexpr u64 kAcidMinimalRest = 0x20;
constexpr u32 kAciInfoOffset = 0x1c;

}  // namespace

FsAccessControl ReadFsAccess(const base::ByteReader& reader, u64 offset, u64 size,
                             std::string_view field) {
    if (size < kCommonSize) {
        reader.Invalid(field, offset, "section of {:#x} bytes is smaller than {:#x}", size,
                       kCommonSize);
    }
    const std::span<const u8> bytes = reader.Slice(offset, size, field);
    FsAccessControl access;
    access.version = bytes[0];
    std::copy_n(bytes.begin() + 1, 3, access.bytes_1_3.begin());
    access.permissions = reader.Read<u64>(offset + kPermissions, field);
    access.rest.assign(bytes.begin() + kCommonSize, bytes.end());
    return access;
}

std::vector<u8> MinimalFsAccessRest(FsAccessLayout layout) {
    if (layout == FsAccessLayout::kAcid) {
        return std::vector<u8>(kAcidMinimalRest);
    }
    std::vector<u8> rest(0x10);
    std::memcpy(rest.data() + 0x0, &kAciInfoOffset, 4);  // content owner info, 0 bytes
    std::memcpy(rest.data() + 0x8, &kAciInfoOffset, 4);  // save data owner info, 0 bytes
    return rest;
}

std::vector<u8> WriteFsAccess(const FsAccessControl& access, FsAccessLayout layout) {
    std::vector<u8> bytes(kCommonSize);
    bytes[0] = access.version;
    std::copy(access.bytes_1_3.begin(), access.bytes_1_3.end(), bytes.begin() + 1);
    std::memcpy(bytes.data() + kPermissions, &access.permissions, sizeof(access.permissions));
    const std::vector<u8> rest = access.rest.empty() ? MinimalFsAccessRest(layout) : access.rest;
    bytes.insert(bytes.end(), rest.begin(), rest.end());
    return bytes;
}

}  // namespace formats
