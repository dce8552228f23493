#pragma once

#include <bit>
#include <concepts>

#include "base/types.h"

namespace base {

template <std::unsigned_integral T>
constexpr T AlignUp(T value, T alignment) {
    return (value + alignment - 1) & ~(alignment - 1);
}

template <std::unsigned_integral T>
constexpr T AlignDown(T value, T alignment) {
    return value & ~(alignment - 1);
}

template <std::unsigned_integral T>
constexpr bool IsAligned(T value, T alignment) {
    return (value & (alignment - 1)) == 0;
}

// Bits [lo, lo + count) of value.
constexpr u64 Bits(u64 value, unsigned lo, unsigned count) {
    return count >= 64 ? value >> lo : (value >> lo) & ((u64{1} << count) - 1);
}

constexpr bool Bit(u64 value, unsigned index) {
    return (value >> index) & 1;
}

// Sign-extends the low `bits` bits of value.
constexpr s64 SignExtend(u64 value, unsigned bits) {
    const unsigned shift = 64 - bits;
    return static_cast<s64>(value << shift) >> shift;
}

}  // namespace base
