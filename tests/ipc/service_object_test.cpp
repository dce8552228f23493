#include "ipc/service_object.h"

#include <gtest/gtest.h>

namespace {

// Raw arguments are laid out by alignment, smallest first, keeping declaration order within
// one alignment (nn::sf's rule): time's ToCalendarTimeWithMyRule answers a CalendarTime
// (alignment 2) before its CalendarAdditionalInfo (alignment 4), and sm's RegisterService takes
// its 8-character name (alignment 1) before the u8 and the u32.
TEST(RawLayout, SortsByAlignmentSmallestFirst) {
    constexpr auto layout =
        ipc::detail::RawLayout<4>({true, true, true, true}, {8, 8, 4, 1}, {8, 1, 4, 1});
    EXPECT_EQ(layout.first[1], 0u);   // 8 bytes of alignment 1 (a service name)
    EXPECT_EQ(layout.first[3], 8u);   // u8
    EXPECT_EQ(layout.first[2], 12u);  // u32
    EXPECT_EQ(layout.first[0], 16u);  // u64
    EXPECT_EQ(layout.second, 24u);
}

TEST(RawLayout, SkipsArgumentsThatAreNotRaw) {
    constexpr auto layout = ipc::detail::RawLayout<3>({true, false, true}, {4, 8, 4}, {4, 8, 4});
    EXPECT_EQ(layout.first[0], 0u);
    EXPECT_EQ(layout.first[2], 4u);
    EXPECT_EQ(layout.second, 8u);
}

}  // namespace
