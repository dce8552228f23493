#include "kernel/memory_map.h"

#include <gtest/gtest.h>

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
