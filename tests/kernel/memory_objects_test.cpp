// Memory records beyond plain mapping: attributes, lent ranges and the shared pages that make
// two guest addresses (and the host) see the same bytes.

#include <gtest/gtest.h>

#include "kernel/borrowed_range.h"
#include "kernel/memory_map.h"
#include "kernel/memory_objects.h"
#include "kernel/memory_usage.h"
#include "kernel/stack_aliases.h"

namespace {

using cpu::Permission;
using kernel::MemoryState;
namespace attribute = kernel::memory_attribute;

constexpr u64 kHeap = 0x10'0000'0000;
constexpr u64 kView = 0x20'0000'0000;

TEST(MemoryMapRecords, AttributesSplitBlocksAndMergeBackWhenCleared) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(kHeap, 0x4000, MemoryState::Normal, Permission::ReadWrite);
    map.SetAttribute(kHeap + 0x1000, 0x1000, attribute::kUncached);
    EXPECT_EQ(map.Query(kHeap).size, 0x1000u);
    const auto uncached = map.Query(kHeap + 0x1000);
    EXPECT_EQ(uncached.attribute, attribute::kUncached);
    EXPECT_EQ(uncached.size, 0x1000u);
    EXPECT_FALSE(map.Uniform(kHeap, 0x2000));
    EXPECT_TRUE(map.Uniform(kHeap, 0x2000, attribute::kUncached));
    EXPECT_EQ(map.BlocksIn(kHeap + 0x800, 0x2000).size(), 3u);  // plain, uncached, plain
    map.SetAttribute(kHeap + 0x1000, 0x1000, attribute::kNone);
    EXPECT_EQ(map.Query(kHeap).size, 0x4000u);
    EXPECT_EQ(map.RecordCount(), 3u);  // free, heap, free
}

TEST(MemoryMapRecords, RelabelKeepsTheBytes) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(kHeap, 0x1000, MemoryState::Normal, Permission::ReadWrite);
    ASSERT_TRUE(memory.Write<u32>(kHeap, 0x1234));
    map.Relabel(kHeap, 0x1000, MemoryState::Normal, Permission::None, attribute::kLocked);
    EXPECT_FALSE(memory.Read<u32>(kHeap));
    EXPECT_EQ(map.Query(kHeap).attribute, attribute::kLocked);
    map.Relabel(kHeap, 0x1000, MemoryState::Normal, Permission::ReadWrite, attribute::kNone);
    EXPECT_EQ(memory.Read<u32>(kHeap), 0x1234u);
}

TEST(BorrowedRange, ViewsShareTheBytesAndTheSourceReturnsUnlocked) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(kHeap, 0x2000, MemoryState::Normal, Permission::ReadWrite);
    ASSERT_TRUE(memory.Write<u32>(kHeap + 4, 0xabcd));
    {
        kernel::BorrowedRange range(map, memory, kHeap, 0x2000, MemoryState::Normal,
                                    Permission::Read);
        EXPECT_EQ(map.Query(kHeap).attribute, attribute::kLocked);
        EXPECT_EQ(map.Query(kHeap).permission, static_cast<u32>(Permission::Read));
        range.MapView(kView, MemoryState::SharedTransferred, Permission::ReadWrite);
        EXPECT_EQ(memory.Read<u32>(kView + 4), 0xabcdu);
        ASSERT_TRUE(memory.Write<u32>(kView + 0x1000, 77));
        EXPECT_EQ(memory.Read<u32>(kHeap + 0x1000), 77u);  // the same pages
        EXPECT_EQ(*reinterpret_cast<u32*>(range.Pages().Data() + 0x1000), 77u);
        EXPECT_FALSE(memory.Write<u32>(kHeap, 1));  // the owner kept read access only
    }
    // Gone with its object: the view unmapped, the source read-write again with the bytes.
    EXPECT_EQ(map.Query(kView).state, static_cast<u32>(MemoryState::Free));
    EXPECT_EQ(map.Query(kHeap).attribute, attribute::kNone);
    EXPECT_EQ(map.Query(kHeap).size, 0x2000u);
    EXPECT_EQ(memory.Read<u32>(kHeap + 0x1000), 77u);
    EXPECT_TRUE(memory.Write<u32>(kHeap, 1));
}

TEST(SharedMemory, HostWritesAppearInEveryGuestView) {
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    const auto shared = kernel::SharedMemory::Create(0x3000, Permission::Read);
    EXPECT_EQ(shared->Size(), 0x3000u);
    map.MapView(kView, 0x3000, MemoryState::Shared, Permission::Read, shared->pages.Fd(), 0);
    map.MapView(kView + 0x100000, 0x3000, MemoryState::Shared, Permission::Read, shared->pages.Fd(),
                0);
    shared->HostData()[0x2000] = 0x5a;
    EXPECT_EQ(memory.Read<u8>(kView + 0x2000), 0x5au);
    EXPECT_EQ(memory.Read<u8>(kView + 0x102000), 0x5au);
    EXPECT_FALSE(memory.Write<u8>(kView, 1));  // mapped read-only for the guest
    EXPECT_EQ(map.Query(kView).state, static_cast<u32>(MemoryState::Shared));
}

TEST(StackAliases, UnmappingNeedsTheSamePagesPageForPage) {
    kernel::StackAliases aliases;
    aliases.Add(0x1000'0000, 0x5000'0000, 0x10000);
    aliases.Add(0x1001'0000, 0x5001'0000, 0x10000);  // continues the first
    EXPECT_TRUE(aliases.Covers(0x1000'0000, 0x5000'0000, 0x20000));
    EXPECT_TRUE(aliases.Covers(0x1000'8000, 0x5000'8000, 0x10000));
    EXPECT_FALSE(aliases.Covers(0x1000'0000, 0x5000'1000, 0x10000));
    EXPECT_FALSE(aliases.Covers(0x1000'0000, 0x5000'0000, 0x30000));
    aliases.Remove(0x1000'8000, 0x10000);
    EXPECT_TRUE(aliases.Covers(0x1000'0000, 0x5000'0000, 0x8000));
    EXPECT_FALSE(aliases.Covers(0x1000'0000, 0x5000'0000, 0x9000));
    EXPECT_TRUE(aliases.Covers(0x1001'8000, 0x5001'8000, 0x8000));
}

TEST(MemoryUsage, TheLimitRefusesWholeReservationsOnlyWhenEnforced) {
    kernel::MemoryUsage usage;
    usage.Configure(0x10000, true, 0x1000);
    EXPECT_EQ(usage.Used(), 0x1000u);
    EXPECT_FALSE(usage.TryReserve(0x10000));
    EXPECT_EQ(usage.Used(), 0x1000u);
    EXPECT_TRUE(usage.TryReserve(0xf000));
    EXPECT_FALSE(usage.TryReserve(1));
    usage.Release(0x2000);
    EXPECT_TRUE(usage.TryReserve(0x2000));
    usage.Configure(0x10000, false, 0);
    EXPECT_TRUE(usage.TryReserve(0x100000));
}

}  // namespace
