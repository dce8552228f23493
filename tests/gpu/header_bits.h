#pragma once

// Bit fields of the headers the GPU tests write (shader program headers, texture headers).

#include <vector>

#include "base/types.h"

namespace gpu_test {

// Sets bits [lo, lo + width) of `bytes` (a header) to `value`.
inline void SetBits(std::vector<u8>& bytes, u32 lo, u32 width, u32 value) {
    for (u32 i = 0; i < width; ++i) {
        const u32 bit = lo + i;
        bytes[bit / 8] =
            static_cast<u8>((bytes[bit / 8] & ~(1u << bit % 8)) | ((value >> i & 1) << bit % 8));
    }
}

}  // namespace gpu_test
