#include "formats/service_access.h"

#include "base/error.h"

namespace formats {

namespace {

// Each entry is a control byte (bit 7: server, bits 0-2: name length - 1) and the name.
constexpr u8 kServerBit = 0x80;
constexpr u8 kLengthMask = 0x07;
constexpr std::size_t kMaxNameLength = 8;

}  // namespace

std::vector<ServiceAccess> ReadServiceAccess(const base::ByteReader& reader, u64 offset, u64 size,
                                             std::string_view field) {
    reader.Require(offset, size, field);
    std::vector<ServiceAccess> services;
    const u64 end = offset + size;
    for (u64 at = offset; at < end;) {
        const u8 control = reader.Read<u8>(at, field);
        if ((control & ~(kServerBit | kLengthMask)) != 0) {
            reader.Invalid(field, at, "control byte {:#04x} sets reserved bits", control);
        }
        const u64 length = (control & kLengthMask) + 1u;
        if (end - at - 1 < length) {
            reader.Invalid(field, at, "name of {} characters runs past the section end", length);
        }
        const std::span<const u8> name = reader.Slice(at + 1, length, field);
        services.push_back({std::string(name.begin(), name.end()), (control & kServerBit) != 0});
        at += 1 + length;
    }
    return services;
}

std::vector<u8> WriteServiceAccess(const std::vector<ServiceAccess>& services) {
    std::vector<u8> bytes;
    for (const ServiceAccess& service : services) {
        if (service.name.empty() || service.name.size() > kMaxNameLength) {
            base::Fail("service access writer: name \"{}\" must have 1 to 8 characters",
                       service.name);
        }
        bytes.push_back(
            static_cast<u8>((service.name.size() - 1) | (service.is_server ? kServerBit : 0)));
        bytes.insert(bytes.end(), service.name.begin(), service.name.end());
    }
    return bytes;
}

}  // namespace formats
