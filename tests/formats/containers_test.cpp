// PFS0, HFS0, XCI and SARC, built by the writers and read back, good and damaged.

#include <gtest/gtest.h>

#include "base/error.h"
#include "formats/partition_fs.h"
#include "formats/sarc.h"
#include "formats/xci.h"

namespace formats {
namespace {

std::vector<PartitionFile> SampleFiles() {
    return {{"main", std::vector<u8>(0x1234, 0xaa)},
            {"main.npdm", {1, 2, 3}},
            {"empty", {}},
            {"subsdk0", std::vector<u8>(77, 0x55)}};
}

std::vector<u8> Contents(const PartitionFs& fs, std::string_view name) {
    const PartitionEntry* entry = fs.Find(name);
    EXPECT_NE(entry, nullptr) << name;
    return entry ? fs.Open(*entry)->ReadAll() : std::vector<u8>{};
}

TEST(Pfs0, RoundTrip) {
    const auto files = SampleFiles();
    const PartitionFs fs = ReadPfs0(MakeMemoryStorage(WritePfs0(files), "test.nsp"));
    ASSERT_EQ(fs.entries.size(), files.size());
    for (const PartitionFile& file : files) {
        EXPECT_EQ(Contents(fs, file.name), file.bytes) << file.name;
    }
    EXPECT_EQ(fs.Find("missing"), nullptr);
}

TEST(Pfs0, WrongMagicIsNamed) {
    auto bytes = WritePfs0(SampleFiles());
    bytes[0] = 'X';
    try {
        ReadPfs0(MakeMemoryStorage(bytes, "bad.nsp"));
        FAIL();
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("bad.nsp"), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("PFS0"), std::string::npos);
    }
}

TEST(Pfs0, OffsetPastTheEndIsRejected) {
    auto bytes = WritePfs0(SampleFiles());
    // The first entry's size field, made larger than the file.
    const u64 huge = 0x100000000ull;
    std::memcpy(bytes.data() + 0x10 + 8, &huge, 8);
    EXPECT_THROW(ReadPfs0(MakeMemoryStorage(bytes, "x")), base::Error);
}

TEST(Pfs0, TruncatedIsRejected) {
    const auto bytes = WritePfs0(SampleFiles());
    for (u64 size : {0ull, 8ull, 0x20ull, static_cast<unsigned long long>(bytes.size() - 1)}) {
        EXPECT_THROW(ReadPfs0(MakeMemoryStorage({bytes.begin(), bytes.begin() + size}, "x")),
                     base::Error)
            << size;
    }
}

TEST(Hfs0, RoundTripAndHashes) {
    const auto files = SampleFiles();
    auto bytes = WriteHfs0(files);
    const PartitionFs fs = ReadHfs0(MakeMemoryStorage(bytes, "p.hfs0"));
    ASSERT_EQ(fs.entries.size(), files.size());
    for (const PartitionEntry& entry : fs.entries) {
        EXPECT_NO_THROW(fs.VerifyHash(entry));
    }
    EXPECT_EQ(Contents(fs, "main.npdm"), (std::vector<u8>{1, 2, 3}));
    // A flipped bit in a file is caught by its hash.
    bytes[fs.Find("main")->offset + 5] ^= 1;
    const PartitionFs damaged = ReadHfs0(MakeMemoryStorage(bytes, "p.hfs0"));
    EXPECT_THROW(damaged.VerifyHash(*damaged.Find("main")), base::Error);
}

TEST(Xci, PartitionsAndSecureFiles) {
    const std::vector<PartitionFile> secure{{"a.nca", std::vector<u8>(300, 1)},
                                            {"b.nca", std::vector<u8>(20, 2)}};
    const std::vector<PartitionFile> partitions{{"update", WriteHfs0({})},
                                                {"secure", WriteHfs0(secure)}};
    auto bytes = WriteXci(partitions);
    const Xci xci = ReadXci(MakeMemoryStorage(bytes, "game.xci"));
    const PartitionFs fs = xci.OpenPartition("secure");
    EXPECT_EQ(Contents(fs, "b.nca"), std::vector<u8>(20, 2));
    EXPECT_THROW(xci.OpenPartition("logo"), base::Error);
    // Damage in the root partition table is caught by the header's hash.
    bytes[0xf000 + 0x18] ^= 0x40;
    EXPECT_THROW(ReadXci(MakeMemoryStorage(bytes, "game.xci")), base::Error);
}

TEST(Sarc, RoundTrip) {
    const std::vector<PartitionFile> files{{"zs.zsdic", std::vector<u8>(100, 7)},
                                           {"bcett.byml.zsdic", std::vector<u8>(3, 9)},
                                           {"pack.zsdic", {}}};
    const auto bytes = WriteSarc(files);
    const Sarc sarc = ReadSarc(bytes, "ZsDic.pack");
    ASSERT_EQ(sarc.entries.size(), 3u);
    const SarcEntry* entry = sarc.Find("zs.zsdic");
    ASSERT_NE(entry, nullptr);
    EXPECT_EQ(entry->size, 100u);
    EXPECT_EQ(entry->offset % 0x100, 0u);
    EXPECT_EQ(bytes[entry->offset], 7);
}

TEST(Sarc, DamageIsNamed) {
    const std::vector<PartitionFile> files{{"a.zsdic", std::vector<u8>(100, 7)}};
    auto bytes = WriteSarc(files);
    auto bad_magic = bytes;
    bad_magic[0x14] = 'X';  // SFAT
    EXPECT_THROW(ReadSarc(bad_magic, "x"), base::Error);
    auto past_end = bytes;
    const u32 end = 0x10000;
    std::memcpy(past_end.data() + 0x20 + 12, &end, 4);
    EXPECT_THROW(ReadSarc(past_end, "x"), base::Error);
    auto bad_name = bytes;
    bad_name[0x14 + 0xc + 0x10 + 8] ^= 1;  // the name no longer matches its hash
    EXPECT_THROW(ReadSarc(bad_name, "x"), base::Error);
}

}  // namespace
}  // namespace formats
