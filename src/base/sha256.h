#pragma once

#include <array>
#include <span>
#include <string>

#include "base/types.h"

namespace base {

using Sha256Digest = std::array<u8, 32>;

Sha256Digest Sha256(std::span<const u8> data);
std::string ToHex(std::span<const u8> bytes);

}  // namespace base
