#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/byte_reader.h"
#include "base/types.h"

namespace formats {

// One entry of an NPDM's service access control: a service name (up to 8 characters, may end
// in the wildcard '*') the process may connect to, or register when `is_server`.
struct ServiceAccess {
    std::string name;
    bool is_server = false;
    bool operator==(const ServiceAccess&) const = default;
};

std::vector<ServiceAccess> ReadServiceAccess(const base::ByteReader& reader, u64 offset, u64 size,
                                             std::string_view field);
std::vector<u8> WriteServiceAccess(const std::vector<ServiceAccess>& services);

}  // namespace formats
