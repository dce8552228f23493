#pragma once

#include "base/types.h"

namespace shader::sass {

// One 128-bit instruction word, as two little-endian 64-bit halves (bit 0 is bit 0 of `lo`).
struct Word {
    u64 lo = 0;
    u64 hi = 0;

    u64 Get(unsigned pos, unsigned width) const {
        u64 value = 0;
        for (unsigned i = 0; i < width;) {
            const unsigned bit = pos + i;
            const u64 half = bit < 64 ? lo : hi;
            const unsigned shift = bit & 63;
            const unsigned take = (64 - shift) < (width - i) ? (64 - shift) : (width - i);
            const u64 mask = take == 64 ? ~u64{0} : ((u64{1} << take) - 1);
            value |= ((half >> shift) & mask) << i;
            i += take;
        }
        return value;
    }

    void Set(unsigned pos, unsigned width, u64 value) {
        for (unsigned i = 0; i < width;) {
            const unsigned bit = pos + i;
            u64& half = bit < 64 ? lo : hi;
            const unsigned shift = bit & 63;
            const unsigned take = (64 - shift) < (width - i) ? (64 - shift) : (width - i);
            const u64 mask = take == 64 ? ~u64{0} : ((u64{1} << take) - 1);
            half = (half & ~(mask << shift)) | (((value >> i) & mask) << shift);
            i += take;
        }
    }

    Word operator&(const Word& other) const { return {lo & other.lo, hi & other.hi}; }
    Word operator|(const Word& other) const { return {lo | other.lo, hi | other.hi}; }
    Word operator^(const Word& other) const { return {lo ^ other.lo, hi ^ other.hi}; }
    Word operator~() const { return {~lo, ~hi}; }
    bool operator==(const Word&) const = default;
    bool IsZero() const { return lo == 0 && hi == 0; }
};

}  // namespace shader::sass
