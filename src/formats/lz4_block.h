#pragma once

#include <optional>
#include <span>
#include <vector>

#include "base/types.h"

namespace formats {

// LZ4 block format (no frame), as NSO segments store their contents.
std::vector<u8> Lz4CompressBlock(std::span<const u8> input);

// Decompresses a block that must expand to exactly `expected_size` bytes; nullopt when the data
// is corrupt or expands to another size.
std::optional<std::vector<u8>> Lz4DecompressBlock(std::span<const u8> input, u64 expected_size);

}  // namespace formats
