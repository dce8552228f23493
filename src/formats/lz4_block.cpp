#include "formats/lz4_block.h"

#include <climits>

#include <lz4.h>

#include "base/error.h"

namespace formats {

std::vector<u8> Lz4CompressBlock(std::span<const u8> input) {
    if (input.size() > LZ4_MAX_INPUT_SIZE) {
        base::Fail("lz4: {:#x} bytes is more than one LZ4 block can hold", input.size());
    }
    const int input_size = static_cast<int>(input.size());
    std::vector<u8> output(LZ4_compressBound(input_size));
    const int written = LZ4_compress_default(reinterpret_cast<const char*>(input.data()),
                                             reinterpret_cast<char*>(output.data()), input_size,
                                             static_cast<int>(output.size()));
    if (written <= 0) {
        base::Fail("lz4: compressing {:#x} bytes failed", input.size());
    }
    output.resize(written);
    return output;
}

std::optional<std::vector<u8>> Lz4DecompressBlock(std::span<const u8> input, u64 expected_size) {
    // LZ4 expands at most 255-fold; checking first keeps a hostile size from costing memory.
    constexpr u64 kMaxRatio = 255;
    if (input.size() > INT_MAX || expected_size > INT_MAX ||
        expected_size > input.size() * kMaxRatio + 16) {
        return std::nullopt;
    }
    std::vector<u8> output(expected_size);
    const int written = LZ4_decompress_safe(
        reinterpret_cast<const char*>(input.data()), reinterpret_cast<char*>(output.data()),
        static_cast<int>(input.size()), static_cast<int>(output.size()));
    if (written < 0 || static_cast<u64>(written) != expected_size) {
        return std::nullopt;
    }
    return output;
}

}  // namespace formats
