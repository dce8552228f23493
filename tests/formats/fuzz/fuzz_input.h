#pragma once

// Shared by the formats fuzz targets. Random bytes rarely get past a magic and a hash, so each
// target fuzzes two ways, chosen by the first input byte: the input parsed as it is, or a valid
// image built by the writers, damaged by the input (5-byte edits: a u32 offset and a byte to
// XOR there; a final short edit truncates). The second way reaches the deep fields.

#include <cstring>
#include <span>
#include <vector>

#include "base/types.h"

namespace formats::fuzz {

inline std::vector<u8> DamagedOrRaw(std::span<const u8> input, const std::vector<u8>& good) {
    if (input.empty()) {
        return {};
    }
    if (input[0] & 1) {
        return {input.begin() + 1, input.end()};
    }
    std::vector<u8> bytes = good;
    std::size_t at = 1;
    for (; at + 5 <= input.size() && !bytes.empty(); at += 5) {
        u32 offset;
        std::memcpy(&offset, input.data() + at, 4);
        bytes[offset % bytes.size()] ^= input[at + 4];
    }
    if (at < input.size() && !bytes.empty()) {
        bytes.resize(bytes.size() - (input[at] % bytes.size()));
    }
    return bytes;
}

}  // namespace formats::fuzz
