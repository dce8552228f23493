#pragma once

// Half-precision lanes of the guest's vector registers.

#include "base/types.h"
#include "cpu/a64_extension.h"

namespace cpu::extension {

inline u16 GetLane(const ExtensionState::Vector& v, unsigned lane) {
    return static_cast<u16>(v[lane / 4] >> (16 * (lane % 4)));
}

inline void SetLane(ExtensionState::Vector& v, unsigned lane, u16 value) {
    const unsigned shift = 16 * (lane % 4);
    v[lane / 4] = (v[lane / 4] & ~(u64{0xffff} << shift)) | (u64{value} << shift);
}

// A scalar write to Hd clears the rest of the 128-bit register, as every A64 scalar FP write.
inline void SetScalarHalf(ExtensionState& state, unsigned index, u16 value) {
    state.SetV(index, {value, 0});
}

}  // namespace cpu::extension
