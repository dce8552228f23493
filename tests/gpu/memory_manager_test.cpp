#include "gpu/memory_manager.h"

#include <gtest/gtest.h>

#include <numeric>

#include "gpu_test_memory.h"

namespace {

using gpu_test::HostMemory;

std::shared_ptr<HostMemory> Counting(u64 size, u8 first) {
    auto memory = std::make_shared<HostMemory>(size);
    std::iota(memory->bytes.begin(), memory->bytes.end(), first);
    return memory;
}

TEST(MemoryManager, PlacedMappingsAreAlignedToTheirPageSizeAndDoNotOverlap) {
    gpu::MemoryManager manager;
    const auto first = manager.Map(std::nullopt, 0x3000, Counting(0x3000, 0), 0, 0x20000, 0);
    const auto second = manager.Map(std::nullopt, 0x1000, Counting(0x1000, 0), 0, 0x1000, 0);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(*first, gpu::MemoryManager::kFirstPlaced);
    EXPECT_EQ(*first % 0x20000, 0u);
    EXPECT_GE(*second, *first + 0x3000);
    EXPECT_FALSE(manager.Map(0x1234, 0x1000, Counting(0x1000, 0), 0, 0x1000, 0));  // unaligned
    EXPECT_FALSE(manager.Map(u64{1} << 40, 0x1000, Counting(0x1000, 0), 0, 0x1000, 0));
}

TEST(MemoryManager, AReadSpanningTwoMappingsGetsBothSourcesBytes) {
    gpu::MemoryManager manager;
    const auto low = Counting(0x1000, 0);
    const auto high = Counting(0x1000, 100);
    ASSERT_TRUE(manager.Map(0x1000'0000, 0x1000, low, 0, 0x1000, 0));
    ASSERT_TRUE(manager.Map(0x1000'1000, 0x1000, high, 0x10, 0x1000, 0));
    std::vector<u8> out(8);
    EXPECT_TRUE(manager.Read(0x1000'0FFC, out, "test"));
    EXPECT_EQ(out, (std::vector<u8>{0xFC, 0xFD, 0xFE, 0xFF, 116, 117, 118, 119}));
    const std::vector<u8> bytes{1, 2, 3, 4};
    EXPECT_TRUE(manager.Write(0x1000'0FFE, bytes, "test"));
    EXPECT_EQ(low->bytes[0xFFE], 1);
    EXPECT_EQ(low->bytes[0xFFF], 2);
    EXPECT_EQ(high->bytes[0x10], 3);
    EXPECT_EQ(high->bytes[0x11], 4);
}

// Two adjacent mappings reach on from one into the other up to the gap after them.
TEST(MemoryManager, MappedBytesFromAnAddressStopAtTheFirstGapOrTheLimit) {
    gpu::MemoryManager manager;
    ASSERT_TRUE(manager.Map(0x1000'0000, 0x1000, Counting(0x1000, 0), 0, 0x1000, 0));
    ASSERT_TRUE(manager.Map(0x1000'1000, 0x2000, Counting(0x2000, 0), 0, 0x1000, 0));
    ASSERT_TRUE(manager.Map(0x1000'4000, 0x1000, Counting(0x1000, 0), 0, 0x1000, 0));
    EXPECT_EQ(manager.MappedBytesFrom(0x1000'0800, 0x10000), 0x2800u);
    EXPECT_EQ(manager.MappedBytesFrom(0x1000'0800, 0x100), 0x100u);
    EXPECT_EQ(manager.MappedBytesFrom(0x1000'4000, 0x10000), 0x1000u);
    EXPECT_EQ(manager.MappedBytesFrom(0x1000'3000, 0x10000), 0u);
    EXPECT_EQ(manager.MappedBytesFrom(0x100, 0x10000), 0u);
}

TEST(MemoryManager, AnAccessOutsideEveryMappingReadsZerosAndWritesNothing) {
    gpu::MemoryManager manager;
    const auto source = Counting(0x1000, 1);
    ASSERT_TRUE(manager.Map(0x2000'0000, 0x1000, source, 0, 0x1000, 0));
    std::vector<u8> out(4, 0xAA);
    EXPECT_FALSE(manager.Read(0x2000'0FFE, out, "test"));  // half inside, half in the gap
    EXPECT_EQ(out, (std::vector<u8>{0xFF, 0x00, 0x00, 0x00}));
    EXPECT_FALSE(manager.Write(0x3000'0000, std::vector<u8>{9, 9}, "test"));
    EXPECT_EQ(manager.ReadValue<u32>(0x3000'0000, "test"), 0u);
    // A mapping larger than its source: past the source's end is outside too.
    ASSERT_TRUE(manager.Map(0x4000'0000, 0x2000, source, 0x800, 0x1000, 0));
    EXPECT_FALSE(manager.Read(0x4000'07FE, out, "test"));
    EXPECT_EQ(out, (std::vector<u8>{0xFF, 0x00, 0x00, 0x00}));
}

TEST(MemoryManager, UnmapTakesTheMappingByItsStart) {
    gpu::MemoryManager manager;
    ASSERT_TRUE(manager.Map(0x1000'0000, 0x2000, Counting(0x2000, 5), 0, 0x1000, 0));
    EXPECT_FALSE(manager.Unmap(0x1000'1000));
    EXPECT_TRUE(manager.Unmap(0x1000'0000));
    EXPECT_TRUE(manager.Mappings().empty());
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'0000, "test"), 0);
}

TEST(MemoryManager, AFixedMappingOverAnotherSplitsIt) {
    gpu::MemoryManager manager;
    const auto under = Counting(0x3000, 0);
    const auto over = std::make_shared<HostMemory>(0x1000);
    over->bytes.assign(0x1000, 0x77);
    ASSERT_TRUE(manager.Map(0x1000'0000, 0x3000, under, 0, 0x1000, 0));
    ASSERT_TRUE(manager.Map(0x1000'1000, 0x1000, over, 0, 0x1000, 0));
    const auto mappings = manager.Mappings();
    ASSERT_EQ(mappings.size(), 3u);
    EXPECT_EQ(mappings.at(0x1000'2000).source_offset, 0x2000u);
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'0FFF, "test"), 0xFF);
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'1000, "test"), 0x77);
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'2001, "test"), 0x01);
    manager.UnmapRange(0x1000'0800, 0x2000);
    EXPECT_EQ(manager.Mappings().size(), 2u);
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'07FF, "test"), 0xFF);
    EXPECT_EQ(manager.ReadValue<u8>(0x1000'2800, "test"), 0x00);  // 0x2800 & 0xFF
    EXPECT_EQ(manager.Mappings().at(0x1000'2800).source_offset, 0x2800u);
}

TEST(MemoryManager, SparseReservationsReadZerosQuietlyUntilRemapped) {
    gpu::MemoryManager manager;
    const auto at = manager.Reserve(0x40000, 0x20000, std::nullopt, 0, true);
    ASSERT_TRUE(at);
    EXPECT_EQ(*at % 0x20000, 0u);
    std::vector<u8> out(16, 0xAA);
    EXPECT_TRUE(manager.Read(*at + 0x100, out, "test"));  // sparse: not an access outside
    EXPECT_EQ(out, std::vector<u8>(16, 0));
    const auto backing = Counting(0x20000, 3);
    ASSERT_TRUE(manager.Map(*at + 0x20000, 0x20000, backing, 0, 0x20000, 0));
    EXPECT_EQ(manager.ReadValue<u8>(*at + 0x20001, "test"), 4);
    // A reservation that is not sparse is outside until mapped.
    const auto plain = manager.Reserve(0x1000, 0x1000, std::nullopt, 0, false);
    ASSERT_TRUE(plain);
    EXPECT_FALSE(manager.Read(*plain, out, "test"));
    // Freeing the reservation takes its mappings with it.
    EXPECT_TRUE(manager.Free(*at));
    EXPECT_FALSE(manager.Free(*at));
    EXPECT_TRUE(manager.Mappings().empty());
    EXPECT_FALSE(manager.Reserve(0x1800, 0x1000, std::nullopt, 0, false));  // not page sized
    EXPECT_FALSE(manager.Reserve(0x1000, 0x1000, 0x1800, 0, false));        // not page aligned
}

}  // namespace
