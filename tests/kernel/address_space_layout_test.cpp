#include "kernel/address_space_layout.h"

#include <gtest/gtest.h>

#include "base/error.h"

namespace {

using kernel::MemorySettings;
using kernel::MemoryState;

TEST(AddressSpaceLayout, DefaultsAreHorizonsThirtyNineBitRegionsInItsOrder) {
    const auto layout = kernel::MakeApplicationLayout(0x123000);
    EXPECT_EQ(layout.address_space.base, 0u);
    EXPECT_EQ(layout.address_space.size, u64{1} << 39);
    EXPECT_EQ(layout.alias_code.base, 0x8000000u);
    EXPECT_EQ(layout.alias_code.End(), u64{1} << 39);
    // nxhost's fixed place 256 MiB into the map region, with room for mappings below it.
    EXPECT_EQ(layout.code.base, 0x18000000u);
    EXPECT_EQ(layout.code.size, 0x200000u);  // 2 MiB aligned
    // Kernel map, stack, alias, heap, one after the other from the code's end.
    EXPECT_EQ(layout.kernel_map.base, 0x18200000u);
    EXPECT_EQ(layout.kernel_map.size, u64{64} << 30);
    EXPECT_EQ(layout.stack.base, layout.kernel_map.End());
    EXPECT_EQ(layout.stack.size, u64{2} << 30);
    EXPECT_EQ(layout.alias.base, layout.stack.End());
    EXPECT_EQ(layout.alias.size, u64{64} << 30);
    EXPECT_EQ(layout.heap.base, layout.alias.End());
    EXPECT_EQ(layout.heap.size, u64{6} << 30);
    EXPECT_NE(layout.Describe().find("kernel map"), std::string::npos);
}

TEST(AddressSpaceLayout, ProfileSizesReplaceTheDefaultsRoundedToTwoMebibytes) {
    MemorySettings settings;
    settings.heap_region_size = 0x320000000;
    settings.alias_region_size = 0x100000000;
    settings.stack_region_size = 0x10000000 + 1;
    const auto layout = kernel::MakeApplicationLayout(0x4000000, settings);
    EXPECT_EQ(layout.code.size, 0x4000000u);
    EXPECT_EQ(layout.stack.size, 0x10200000u);
    EXPECT_EQ(layout.alias.size, 0x100000000u);
    EXPECT_EQ(layout.heap.size, 0x320000000u);
    EXPECT_EQ(layout.heap.base, layout.alias.End());
    EXPECT_EQ(layout.heap.base % kernel::kRegionAlignment, 0u);
}

TEST(AddressSpaceLayout, RegionsThatDoNotFitAreRefused) {
    MemorySettings settings;
    settings.alias_region_size = u64{500} << 30;
    EXPECT_THROW(kernel::MakeApplicationLayout(0x1000, settings), base::Error);
    settings = {};
    settings.stack_region_size = 0;
    EXPECT_THROW(kernel::MakeApplicationLayout(0x1000, settings), base::Error);
}

TEST(AddressSpaceLayout, CanContainFollowsEachStatesRegion) {
    const auto layout = kernel::MakeApplicationLayout(0x1000);
    const u64 page = 0x1000;
    EXPECT_TRUE(layout.CanContain(layout.heap.base, page, MemoryState::Normal));
    EXPECT_FALSE(layout.CanContain(layout.stack.base, page, MemoryState::Normal));
    EXPECT_TRUE(layout.CanContain(layout.stack.base, page, MemoryState::Stack));
    EXPECT_FALSE(layout.CanContain(layout.heap.base, page, MemoryState::Stack));
    // A stack mapping may not run past its region.
    EXPECT_FALSE(layout.CanContain(layout.stack.End() - page, 2 * page, MemoryState::Stack));
    EXPECT_TRUE(layout.CanContain(layout.alias.base, page, MemoryState::Ipc));
    EXPECT_TRUE(layout.CanContain(layout.kernel_map.base, page, MemoryState::ThreadLocal));
    // Shared, transferred and code views go anywhere in the map region but heap and alias.
    for (const auto state : {MemoryState::Shared, MemoryState::Transferred, MemoryState::CodeOut,
                             MemoryState::GeneratedCode}) {
        EXPECT_TRUE(layout.CanContain(layout.heap.End(), page, state));
        EXPECT_TRUE(layout.CanContain(layout.stack.base, page, state));
        EXPECT_FALSE(layout.CanContain(layout.heap.base, page, state));
        EXPECT_FALSE(layout.CanContain(layout.alias.End() - page, 2 * page, state));
        EXPECT_FALSE(layout.CanContain(0x1000, page, state));  // below the map region
        EXPECT_FALSE(layout.CanContain(layout.heap.End(), 0, state));
    }
}

}  // namespace
