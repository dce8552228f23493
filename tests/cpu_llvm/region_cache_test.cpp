// The disk cache of compiled regions (src/cpu/llvm/region_cache.h): what it keys, and what it
// does with entries that are truncated, corrupted or another region's.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "base/file.h"
#include "cpu/llvm/region.h"
#include "cpu/llvm/region_cache.h"

namespace {

using cpu::llvm_tier::MakeRegionKey;
using cpu::llvm_tier::Region;
using cpu::llvm_tier::RegionCache;
using cpu::llvm_tier::RegionKeyContext;

Region SmallRegion() {
    Region region;
    region.entry = 0x18000000;
    region.words = {{0x18000000, 0x91000420}, {0x18000004, 0xd65f03c0}};  // add x0, x1, #1; ret
    region.block_starts = {0x18000000};
    return region;
}

RegionKeyContext Context() {
    return {
        .build_id = "v1", .llvm_version = "14.0.6", .host_cpu = "znver3,+avx2", .address_bits = 39};
}

class RegionCacheTest : public ::testing::Test {
protected:
    RegionCacheTest()
        : folder(std::filesystem::temp_directory_path() /
                 ("nx_region_cache_" +
                  std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
        std::filesystem::remove_all(folder);
    }
    ~RegionCacheTest() override { std::filesystem::remove_all(folder); }

    std::vector<u8> Object() const {
        std::vector<u8> bytes(300);
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            bytes[i] = static_cast<u8>(i * 7 + 3);
        }
        return bytes;
    }

    std::filesystem::path folder;
};

TEST_F(RegionCacheTest, AStoredRegionLoadsBackByteForByte) {
    const auto key = MakeRegionKey(SmallRegion(), Context());
    RegionCache cache(folder);
    EXPECT_FALSE(cache.Load(key));
    cache.Store(key, Object());
    RegionCache reopened(folder);
    const auto loaded = reopened.Load(key);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(*loaded, Object());
    EXPECT_EQ(reopened.Stats().hits, 1u);
    EXPECT_EQ(cache.Stats().misses, 1u);
    EXPECT_EQ(cache.Stats().stored, 1u);
}

TEST_F(RegionCacheTest, EverythingBakedIntoTheCodeChangesTheKey) {
    const Region region = SmallRegion();
    const auto key = MakeRegionKey(region, Context());
    EXPECT_EQ(key, MakeRegionKey(region, Context()));
    std::vector<RegionKeyContext> others(4, Context());
    others[0].build_id = "v2";
    others[1].llvm_version = "15.0.0";
    others[2].host_cpu = "znver3,-avx2";
    others[3].address_bits = 36;
    for (const RegionKeyContext& other : others) {
        EXPECT_NE(MakeRegionKey(region, other), key);
    }
    Region moved = region;  // the same words at other addresses: their branches mean otherwise
    moved.entry += 0x1000;
    moved.words = {{0x18001000, 0x91000420}, {0x18001004, 0xd65f03c0}};
    EXPECT_NE(MakeRegionKey(moved, Context()), key);
    Region rewritten = region;
    rewritten.words[0x18000000] = 0x91000820;  // add x0, x1, #2
    EXPECT_NE(MakeRegionKey(rewritten, Context()), key);
}

TEST_F(RegionCacheTest, ATruncatedEntryIsAMissAndIsRebuilt) {
    const auto key = MakeRegionKey(SmallRegion(), Context());
    RegionCache cache(folder);
    cache.Store(key, Object());
    const auto path = cache.EntryPath(key);
    for (const std::uintmax_t size :
         {std::uintmax_t{0}, std::uintmax_t{20}, std::filesystem::file_size(path) - 1}) {
        cache.Store(key, Object());
        std::filesystem::resize_file(path, size);
        RegionCache reading(folder);
        EXPECT_FALSE(reading.Load(key)) << size;
        EXPECT_EQ(reading.Stats().damaged, 1u) << size;
    }
    cache.Store(key, Object());  // what the tier does after compiling the region again
    RegionCache reading(folder);
    ASSERT_TRUE(reading.Load(key));
    EXPECT_EQ(reading.Stats().damaged, 0u);
}

TEST_F(RegionCacheTest, AnyFlippedByteMakesTheEntryAMiss) {
    const auto key = MakeRegionKey(SmallRegion(), Context());
    RegionCache cache(folder);
    cache.Store(key, Object());
    const auto path = cache.EntryPath(key);
    const std::vector<u8> good = base::ReadFile(path);
    for (std::size_t offset = 0; offset < good.size(); ++offset) {
        std::vector<u8> bad = good;
        bad[offset] ^= 0x10;
        base::WriteFileAtomic(path, bad);
        RegionCache reading(folder);
        EXPECT_FALSE(reading.Load(key)) << "byte " << offset;
        EXPECT_EQ(reading.Stats().damaged, 1u) << "byte " << offset;
    }
}

TEST_F(RegionCacheTest, AnEntryOfAnotherCpuOrVersionUnderThisNameIsRejected) {
    const Region region = SmallRegion();
    const auto key = MakeRegionKey(region, Context());
    RegionKeyContext other_cpu = Context();
    other_cpu.host_cpu = "skylake,+avx512f";
    RegionKeyContext other_build = Context();
    other_build.build_id = "v0-dirty";
    for (const RegionKeyContext& other : {other_cpu, other_build}) {
        RegionCache cache(folder);
        const auto other_key = MakeRegionKey(region, other);
        cache.Store(other_key, Object());
        std::filesystem::rename(cache.EntryPath(other_key), cache.EntryPath(key));
        RegionCache reading(folder);
        EXPECT_FALSE(reading.Load(key));
        EXPECT_EQ(reading.Stats().damaged, 1u);
        EXPECT_TRUE(reading.Load(other_key) == std::nullopt);  // and it is not under its own name
    }
}

TEST_F(RegionCacheTest, AFolderThatCannotBeWrittenOnlyReads) {
    std::filesystem::create_directories(folder.parent_path());
    { std::ofstream(folder) << "a file where the folder should be"; }
    const auto key = MakeRegionKey(SmallRegion(), Context());
    RegionCache cache(folder);
    cache.Store(key, Object());
    EXPECT_EQ(cache.Stats().stored, 0u);
    EXPECT_FALSE(cache.Load(key));
}

}  // namespace
