#include "kernel/memory_map.h"

#include <gtest/gtest.h>

#include <thread>

#include "base/error.h"

namespace {

using cpu::Permission;
using kernel::MemoryState;

TEST(MemoryMap, QueryReportsStatePermissionAndWholeBlocks) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(0x8000000, 0x4000, MemoryState::Code, Permission::ReadExecute);
    map.Map(0x8004000, 0x2000, MemoryState::CodeData, Permission::ReadWrite);

    const auto code = map.Query(0x8001234);
    EXPECT_EQ(code.base_address, 0x8000000u);
    EXPECT_EQ(code.size, 0x4000u);
    EXPECT_EQ(code.state, static_cast<u32>(MemoryState::Code));
    EXPECT_EQ(code.permission, static_cast<u32>(Permission::ReadExecute));

    const auto free_before = map.Query(0x1000);
    EXPECT_EQ(free_before.base_address, 0u);
    EXPECT_EQ(free_before.size, 0x8000000u);
    EXPECT_EQ(free_before.state, static_cast<u32>(MemoryState::Free));

    const auto past_end = map.Query(u64{1} << 40);
    EXPECT_EQ(past_end.state, static_cast<u32>(MemoryState::Inaccessible));
    EXPECT_EQ(map.MappedBytes(), 0x6000u);
}

TEST(MemoryMap, NeighboursOfTheSameKindMergeAndSplitAgain) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(0x100000, 0x1000, MemoryState::Normal, Permission::ReadWrite);
    map.Map(0x101000, 0x1000, MemoryState::Normal, Permission::ReadWrite);
    EXPECT_EQ(map.Query(0x100000).size, 0x2000u);
    map.Protect(0x101000, 0x1000, Permission::Read);
    EXPECT_EQ(map.Query(0x100000).size, 0x1000u);
    EXPECT_EQ(map.Query(0x101000).permission, static_cast<u32>(Permission::Read));
    EXPECT_FALSE(memory.Write<u8>(0x101000, 1));
    map.Unmap(0x100000, 0x2000);
    EXPECT_TRUE(map.IsFree(0x100000, 0x2000));
}

TEST(MemoryMap, RefusesToMapOverMappedMemory) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(0x100000, 0x2000, MemoryState::Normal, Permission::ReadWrite);
    EXPECT_THROW(map.Map(0x101000, 0x2000, MemoryState::Normal, Permission::ReadWrite),
                 base::Error);
    EXPECT_EQ(map.Query(0x102000).state, static_cast<u32>(MemoryState::Free));
}

}  // namespace

// nvmap's memory used by the GPU: DeviceShared with a count while any use lives, so that the
// memory calls (which want attribute-free memory) leave it alone; a use ended on another
// thread (the GPU's) shows at the map's next call.
TEST(MemoryMap, DeviceUsesMarkPagesSharedUntilTheLastOneEnds) {
    using kernel::memory_attribute::kDeviceShared;
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(0x200000, 0x8000, MemoryState::Normal, Permission::ReadWrite);

    auto whole = map.UseByDevice(0x200000, 0x4000);
    ASSERT_NE(whole, nullptr);
    auto overlapping = map.UseByDevice(0x202000, 0x4000);
    ASSERT_NE(overlapping, nullptr);
    EXPECT_EQ(map.Query(0x200000).attribute, kDeviceShared);
    EXPECT_EQ(map.Query(0x200000).device_count, 1u);
    EXPECT_EQ(map.Query(0x203000).device_count, 2u);
    EXPECT_EQ(map.Query(0x205000).device_count, 1u);
    EXPECT_EQ(map.Query(0x206000).attribute, 0u);
    // What SetHeapSize, UnmapMemory and SetMemoryPermission ask: not plain memory any more.
    EXPECT_FALSE(map.Uniform(0x200000, 0x8000).has_value());

    std::thread([&] { whole.reset(); }).join();
    EXPECT_EQ(map.Query(0x200000).attribute, 0u);
    EXPECT_EQ(map.Query(0x203000).device_count, 1u);
    overlapping.reset();
    const auto after = map.Uniform(0x200000, 0x8000);
    ASSERT_TRUE(after.has_value());
    EXPECT_EQ(after->attribute, 0u);
    EXPECT_EQ(after->device_count, 0u);
    EXPECT_EQ(map.Query(0x200000).size, 0x8000u);  // one block again

    // Memory that is not mapped cannot be given to a device.
    EXPECT_EQ(map.UseByDevice(0x208000, 0x1000), nullptr);
    EXPECT_EQ(map.UseByDevice(0x207000, 0x2000), nullptr);
}

// A use that outlives its map (a GPU mapping dropped after the process) ends quietly.
TEST(MemoryMap, ADeviceUseMayOutliveItsMap) {
    std::shared_ptr<kernel::DeviceUse> use;
    {
        cpu::GuestMemory memory(39);
        kernel::MemoryMap map(memory);
        map.Map(0x200000, 0x1000, MemoryState::Normal, Permission::ReadWrite);
        use = map.UseByDevice(0x200000, 0x1000);
        ASSERT_NE(use, nullptr);
    }
    use.reset();
}
