// The integer half-precision conversions against the compiler's _Float16 (round to nearest).

#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "cpu/a64_extension/half_float.h"

namespace cpu::fp16 {
namespace {

TEST(HalfFloat, EveryHalfWidensExactlyAndNarrowsBack) {
    for (u32 bits = 0; bits < 0x10000; ++bits) {
        const u16 half = static_cast<u16>(bits);
        const float widened = HalfToFloat(half);
        const Unpacked unpacked = Unpack(half, FpEnv{});
        if (unpacked.IsNan()) {
            EXPECT_TRUE(widened != widened);
            continue;
        }
        EXPECT_EQ(std::bit_cast<u16>(static_cast<_Float16>(widened)), half) << bits;
        FpEnv env;
        EXPECT_EQ(FloatToHalf(widened, env), half) << bits;
        EXPECT_EQ(env.flags, 0u) << bits;
    }
}

TEST(HalfFloat, NarrowingMatchesTheCompiler) {
    std::mt19937 random(12345);
    for (int i = 0; i < 1000000; ++i) {
        // Bias exponents toward half's range so denormals, ties and overflow all occur.
        u32 bits = random();
        const u32 exponent = 127 - 28 + (bits % 48);
        bits = (bits & 0x807fffff) | (exponent << 23);
        if (i % 4 == 0) {
            bits &= 0xffffe000 | (random() & 0x1000);  // exact halves and exact ties
        }
        const float value = std::bit_cast<float>(bits);
        FpEnv env;
        EXPECT_EQ(FloatToHalf(value, env), std::bit_cast<u16>(static_cast<_Float16>(value)))
            << std::hex << bits;
    }
}

TEST(HalfFloat, NarrowingRoundsPerMode) {
    const float just_above_one = std::bit_cast<float>(0x3f800001u);
    FpEnv up{1u << kFpcrRModeShift};
    EXPECT_EQ(FloatToHalf(just_above_one, up), 0x3c01);
    EXPECT_EQ(up.flags, kFpsrIxc);
    FpEnv down{2u << kFpcrRModeShift};
    EXPECT_EQ(FloatToHalf(-just_above_one, down), 0xbc01);
    FpEnv zero{3u << kFpcrRModeShift};
    EXPECT_EQ(FloatToHalf(1e6f, zero), 0x7bff);
    EXPECT_EQ(zero.flags, kFpsrOfc | kFpsrIxc);
    FpEnv nearest;
    EXPECT_EQ(FloatToHalf(std::bit_cast<float>(0x7f800001u), nearest), 0x7e00);  // sNaN
    EXPECT_EQ(nearest.flags, kFpsrIoc);
}

}  // namespace
}  // namespace cpu::fp16
