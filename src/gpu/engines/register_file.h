#pragma once

// An engine's registers: every method index (12 bits) holds the last argument written to it.

#include <array>

#include "base/types.h"

namespace gpu::engines {

class RegisterFile {
public:
    static constexpr u32 kCount = 0x1000;

    u32 Get(u32 method) const { return registers_[method % kCount]; }
    void Set(u32 method, u32 value) { registers_[method % kCount] = value; }
    // Two registers holding the upper and lower halves of an address (the _A/_B, UPPER/LOWER
    // pairs of the class headers), upper first; `upper_bits` of the upper word count.
    u64 Address(u32 upper_method, unsigned upper_bits = 8) const {
        const u64 upper = Get(upper_method) & ((u64{1} << upper_bits) - 1);
        return upper << 32 | Get(upper_method + 1);
    }

private:
    std::array<u32, kCount> registers_{};
};

}  // namespace gpu::engines
