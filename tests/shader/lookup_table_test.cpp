// LOP3.LUT tables as expressions (frontend/lookup_table.h): what each costs. That each computes
// its table is checked on the Vulkan device by tests/video/sass_arithmetic_test.cpp.
#include <gtest/gtest.h>

#include "shader/frontend/lookup_table.h"

namespace {

using shader::frontend::LookupTableCost;

TEST(LookupTable, InputsAndConstantsCostNothing) {
    for (const u32 lut : {0x00u, 0xffu, 0xf0u, 0xccu, 0xaau}) {
        EXPECT_EQ(LookupTableCost(lut), 0u) << lut;
    }
}

TEST(LookupTable, OneOperationWhereOneDoes) {
    // a & b, a | c, b ^ c, ~a
    for (const u32 lut : {0xc0u, 0xfau, 0x66u, 0x0fu}) {
        EXPECT_EQ(LookupTableCost(lut), 1u) << lut;
    }
    EXPECT_EQ(LookupTableCost(0x96), 2u);  // a ^ b ^ c
    EXPECT_EQ(LookupTableCost(0xca), 3u);  // a ? b : c as ((b ^ c) & a) ^ c
}

// A sum of minterms took up to 26 operations; no table needs more than 5.
TEST(LookupTable, EveryTableInFiveOperationsAtMost) {
    for (u32 lut = 0; lut < 256; ++lut) {
        EXPECT_LE(LookupTableCost(lut), 5u) << lut;
    }
}

}  // namespace
