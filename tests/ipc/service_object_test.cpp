#include "ipc/service_object.h"

#include <gtest/gtest.h>

namespace {

// Raw arguments are laid out by alignment, largest first, keeping declaration order within
// one alignment (nn::sf's rule).
TEST(RawLayout, SortsByAlignmentLargestFirst) {
    constexpr auto layout = ipc::detail::RawLayout<3>({true, true, true}, {1, 8, 4}, {1, 8, 4});
    EXPECT_EQ(layout.first[1], 0u);   // u64
    EXPECT_EQ(layout.first[2], 8u);   // u32
    EXPECT_EQ(layout.first[0], 12u);  // u8
    EXPECT_EQ(layout.second, 13u);
}

TEST(RawLayout, SkipsArgumentsThatAreNotRaw) {
    constexpr auto layout = ipc::detail::RawLayout<3>({true, false, true}, {4, 8, 4}, {4, 8, 4});
    EXPECT_EQ(layout.first[0], 0u);
    EXPECT_EQ(layout.first[2], 4u);
    EXPECT_EQ(layout.second, 8u);
}

}  // namespace
