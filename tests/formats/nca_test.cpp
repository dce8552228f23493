// NCAs built here with keys made up by the test, written to a prod.keys like a user's.

#include <gtest/gtest.h>

#include <random>

#include "base/error.h"
#include "base/sha256.h"
#include "formats/nca.h"
#include "formats/nca_crypto.h"
#include "formats/partition_fs.h"
#include "formats/romfs.h"

namespace formats {
namespace {

std::string Hex(std::span<const u8> bytes) {
    return base::ToHex(bytes);
}

template <std::size_t N>
std::array<u8, N> RandomKey(std::mt19937& random) {
    std::array<u8, N> key;
    for (u8& byte : key) {
        byte = static_cast<u8>(random());
    }
    return key;
}

struct TestKeys {
    Key256 header = {};
    Key128 key_area_5 = {};
    Key128 titlekek_5 = {};
    std::string prod;

    TestKeys() {
        std::mt19937 random(99);
        header = RandomKey<32>(random);
        key_area_5 = RandomKey<16>(random);
        titlekek_5 = RandomKey<16>(random);
        prod = "header_key = " + Hex(header) + "\n" +
               "key_area_key_application_05 = " + Hex(key_area_5) + "\n" + "; a comment\n" +
               "titlekek_05 = " + Hex(titlekek_5) + "\n";
    }
};

struct SampleNca {
    std::vector<u8> exefs = WritePfs0(std::vector<PartitionFile>{
        {"main", std::vector<u8>(0x2345, 0xc3)}, {"main.npdm", std::vector<u8>(0x80, 1)}});
    std::vector<u8> romfs = WriteRomfs(std::vector<RomfsInputFile>{
        {"Pack/ZsDic.pack.zs", {9, 9, 9}}, {"data/a.bin", std::vector<u8>(5000, 0x44)}});
};

NcaWriteOptions Options() {
    NcaWriteOptions options;
    options.program_id = 0x0400486024dec000ull;
    options.key_generation = 6;
    options.sdk_version = 0x16020800;
    options.section_key = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    return options;
}

std::vector<u8> BuildNca(const KeySet& keys, const NcaWriteOptions& options) {
    const SampleNca sample;
    const std::vector<NcaWriteSection> sections{{NcaFsType::PartitionFs, sample.exefs},
                                                {NcaFsType::RomFs, sample.romfs}};
    return WriteNca(keys, options, sections);
}

TEST(NcaCrypto, XtsRoundTripAndSectorTweak) {
    std::mt19937 random(1);
    const Key256 key = RandomKey<32>(random);
    std::vector<u8> data(0x400);
    for (u8& b : data) {
        b = static_cast<u8>(random());
    }
    auto encrypted = data;
    NcaXtsCrypt(key, 0, encrypted, true);
    EXPECT_NE(encrypted, data);
    // The same plain sector encrypts differently at another sector number.
    auto moved = std::vector<u8>(data.begin(), data.begin() + 0x200);
    NcaXtsCrypt(key, 1, moved, true);
    EXPECT_FALSE(std::equal(moved.begin(), moved.end(), encrypted.begin()));
    NcaXtsCrypt(key, 0, encrypted, false);
    EXPECT_EQ(encrypted, data);
}

TEST(Nca, ReadsHeaderAndSections) {
    const TestKeys test;
    const KeySet keys = KeySet::Parse(test.prod, "prod.keys", "", "title.keys");
    const Nca nca(MakeMemoryStorage(BuildNca(keys, Options()), "program.nca"), keys);
    const NcaHeader& header = nca.Header();
    EXPECT_EQ(header.magic, "NCA3");
    EXPECT_EQ(header.program_id, 0x0400486024dec000ull);
    EXPECT_EQ(header.key_generation, 6);
    EXPECT_EQ(header.content_type, NcaContentType::Program);
    ASSERT_EQ(header.sections.size(), 2u);

    const SampleNca sample;
    const NcaSection* exefs = nca.FindSection(NcaFsType::PartitionFs);
    ASSERT_NE(exefs, nullptr);
    EXPECT_NO_THROW(nca.VerifySection(*exefs));
    const PartitionFs pfs = ReadPfs0(nca.OpenSection(*exefs));
    EXPECT_EQ(pfs.Open(*pfs.Find("main"))->ReadAll(), std::vector<u8>(0x2345, 0xc3));

    const NcaSection* romfs_section = nca.FindSection(NcaFsType::RomFs);
    ASSERT_NE(romfs_section, nullptr);
    const RomfsReader romfs(nca.OpenSection(*romfs_section));
    EXPECT_EQ(romfs.ReadFile("data/a.bin"), std::vector<u8>(5000, 0x44));
    // Unaligned reads through the CTR layer.
    const auto storage = nca.OpenSection(*romfs_section);
    EXPECT_EQ(storage->ReadBytes(3, 7),
              std::vector<u8>(sample.romfs.begin() + 3, sample.romfs.begin() + 10));
    const std::string text = DescribeNca(header);
    EXPECT_NE(text.find("key_area_key_application_05"), std::string::npos) << text;
    EXPECT_NE(text.find("0400486024dec000"), std::string::npos) << text;
}

TEST(Nca, TitleKeyFromTitleKeys) {
    const TestKeys test;
    NcaWriteOptions options = Options();
    options.rights_id =
        std::array<u8, 16>{0x04, 0x00, 0x48, 0x60, 0x24, 0xde, 0xc0, 0x00, 0, 0, 0, 0, 0, 0, 0, 6};
    Key128 encrypted_title_key = options.section_key;
    AesEcbCrypt(test.titlekek_5, encrypted_title_key, true);
    const std::string title = Hex(*options.rights_id) + " = " + Hex(encrypted_title_key) + "\n";
    const KeySet keys = KeySet::Parse(test.prod, "prod.keys", title, "title.keys");
    const Nca nca(MakeMemoryStorage(BuildNca(keys, options), "program.nca"), keys);
    const RomfsReader romfs(nca.OpenSection(*nca.FindSection(NcaFsType::RomFs)));
    EXPECT_EQ(romfs.ReadFile("Pack/ZsDic.pack.zs"), (std::vector<u8>{9, 9, 9}));

    // Without the title key, the error names the rights id and the file.
    const KeySet no_title = KeySet::Parse(test.prod, "prod.keys", "", "/keys/title.keys");
    try {
        Nca(MakeMemoryStorage(BuildNca(keys, options), "program.nca"), no_title);
        FAIL();
    } catch (const base::Error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(Hex(*options.rights_id)), std::string::npos) << message;
        EXPECT_NE(message.find("/keys/title.keys"), std::string::npos) << message;
    }
}

TEST(Nca, MissingKeysAreNamed) {
    const TestKeys test;
    const KeySet keys = KeySet::Parse(test.prod, "prod.keys", "", "title.keys");
    const auto bytes = BuildNca(keys, Options());
    try {
        ReadNcaHeader(MemoryStorage(bytes, "a.nca"), KeySet::Parse("", "/k/prod.keys", "", ""));
        FAIL();
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("\"header_key\" is missing from /k/prod.keys"),
                  std::string::npos)
            << error.what();
    }
    const std::string only_header = "header_key = " + Hex(test.header) + "\n";
    try {
        Nca(MakeMemoryStorage(bytes, "a.nca"), KeySet::Parse(only_header, "p", "", ""));
        FAIL();
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("key_area_key_application_05"), std::string::npos)
            << error.what();
    }
}

TEST(Nca, DamageIsDetected) {
    const TestKeys test;
    const KeySet keys = KeySet::Parse(test.prod, "prod.keys", "", "title.keys");
    const auto good = BuildNca(keys, Options());
    // A flipped bit in the encrypted header: the magic or a section header hash fails.
    for (u64 at : {0x200ull, 0x250ull, 0x410ull, 0x600ull}) {
        auto bytes = good;
        bytes[at] ^= 0x10;
        EXPECT_THROW(Nca(MakeMemoryStorage(bytes, "a.nca"), keys), base::Error) << at;
    }
    // A flipped bit in the ExeFS data: its hierarchical SHA-256 fails.
    auto bytes = good;
    const Nca clean(MakeMemoryStorage(good, "a.nca"), keys);
    const NcaSection exefs = *clean.FindSection(NcaFsType::PartitionFs);
    bytes[exefs.start + exefs.data_offset + 0x100] ^= 1;
    const Nca damaged(MakeMemoryStorage(bytes, "a.nca"), keys);
    EXPECT_THROW(damaged.VerifySection(*damaged.FindSection(NcaFsType::PartitionFs)), base::Error);
    // Truncated: the sections run past the end.
    EXPECT_THROW(Nca(MakeMemoryStorage({good.begin(), good.end() - 0x200}, "a.nca"), keys),
                 base::Error);
    EXPECT_THROW(Nca(MakeMemoryStorage({good.begin(), good.begin() + 0x100}, "a.nca"), keys),
                 base::Error);
}

TEST(Keys, MalformedLinesAreNamed) {
    EXPECT_THROW(KeySet::Parse("header_key = xyz\n", "p", "", ""), base::Error);
    EXPECT_THROW(KeySet::Parse("just a line\n", "p", "", ""), base::Error);
    const KeySet keys = KeySet::Parse("Header_Key = 00112233\n", "p", "", "");
    EXPECT_TRUE(keys.Has("header_key"));
    EXPECT_THROW(keys.Require128("header_key", "x"), base::Error);  // wrong size
}

}  // namespace
}  // namespace formats
