// The memory ceiling's sizes and readings of the host.

#include <gtest/gtest.h>

#include <vector>

#include "base/host_memory.h"

namespace base {
namespace {

TEST(HostMemory, SizesTakeBinaryUnits) {
    EXPECT_EQ(ParseByteSize("65536"), 65536u);
    EXPECT_EQ(ParseByteSize("512M"), u64{512} << 20);
    EXPECT_EQ(ParseByteSize("4G"), u64{4} << 30);
    EXPECT_EQ(ParseByteSize("1.5g"), u64{3} << 29);
    EXPECT_EQ(ParseByteSize("2k"), 2048u);
    EXPECT_EQ(ParseByteSize("1T"), u64{1} << 40);
}

TEST(HostMemory, MalformedSizesAreRefused) {
    for (const char* text : {"", "G", "lots", "12Q", "-1G", "0", "1e30G", "nan", "4 G"}) {
        EXPECT_FALSE(ParseByteSize(text).has_value()) << text;
    }
}

TEST(HostMemory, ResidentMemoryGrowsWithWrittenPages) {
    const u64 before = ResidentBytes();
    ASSERT_GT(before, 0u);
    std::vector<char> block(64 << 20, 1);
    EXPECT_GE(ResidentBytes(), before + (48 << 20));
    EXPECT_GT(AvailableBytes(), 0u);
    EXPECT_EQ(block[12345], 1);
}

}  // namespace
}  // namespace base
