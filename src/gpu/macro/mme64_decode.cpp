#include "gpu/macro/mme64_macro.h"

namespace gpu::macro {

namespace {

using Bits = unsigned __int128;

// Bits [lo, hi] of the 96-bit group.
u32 Field(Bits words, unsigned lo, unsigned hi) {
    return static_cast<u32>(words >> lo) & ((u32{1} << (hi - lo + 1)) - 1);
}

Mme64Alu DecodeAlu(Bits words, unsigned base) {
    return Mme64Alu{
        .op = static_cast<u8>(Field(words, base, base + 4)),
        .dst = static_cast<u8>(Field(words, base + 5, base + 9)),
        .src = {static_cast<u8>(Field(words, base + 10, base + 14)),
                static_cast<u8>(Field(words, base + 15, base + 19))},
        .imm = static_cast<u16>(Field(words, base + 20, base + 35)),
    };
}

}  // namespace

Mme64Group DecodeMme64(u32 high, u32 middle, u32 low) {
    const Bits words = Bits{low} | (Bits{middle} << 32) | (Bits{high} << 64);
    return Mme64Group{
        .end_next = Field(words, 0, 0) != 0,
        .predicate_mode = static_cast<u8>(Field(words, 1, 4)),
        .predicate = static_cast<u8>(Field(words, 5, 9)),
        .alu = {DecodeAlu(words, 10), DecodeAlu(words, 46)},
        .out = {Mme64Out{static_cast<u8>(Field(words, 82, 84)),
                         static_cast<u8>(Field(words, 85, 88))},
                Mme64Out{static_cast<u8>(Field(words, 89, 91)),
                         static_cast<u8>(Field(words, 92, 95))}},
    };
}

}  // namespace gpu::macro
