// Dictionaries trained by the zstd command-line tool, as a game's are, packed into a
// ZsDic.pack.zs and used to read .zs files made by the tool.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "base/error.h"
#include "base/file.h"
#include "formats/partition_fs.h"
#include "formats/sarc.h"
#include "formats/zstd_dictionaries.h"

namespace formats {
namespace {

namespace fs = std::filesystem;

class ZstdDictionariesTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (std::system("zstd --version > /dev/null 2>&1") != 0) {
            GTEST_SKIP() << "the zstd command-line tool is not installed (scripts/setup)";
        }
        dir_ =
            fs::temp_directory_path() /
            ("nxhost-zsdic-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + std::to_string(std::random_device()()));
        fs::create_directories(dir_ / "samples");
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(dir_, error);
    }

    // Samples in the manner of a game's BYML/actor files: shared structure, varied values.
    void WriteSamples(const std::string& flavour, int count) {
        std::mt19937 random(7);
        for (int i = 0; i < count; ++i) {
            std::string text;
            for (int j = 0; j < 40; ++j) {
                text += flavour + "{ActorName: Obj_" + std::to_string(random() % 100) +
                        ", Translate: [" + std::to_string(random() % 1000) + ", " +
                        std::to_string(random() % 1000) + "], Rotate: 0, Scale: 1}\n";
            }
            const std::string path = (dir_ / "samples" / (flavour + std::to_string(i))).string();
            base::WriteFileAtomic(path, {reinterpret_cast<const u8*>(text.data()), text.size()});
        }
    }

    void Run(const std::string& command) {
        ASSERT_EQ(std::system((command + " > /dev/null 2>&1").c_str()), 0) << command;
    }

    fs::path dir_;
};

TEST_F(ZstdDictionariesTest, FramesChooseTheirDictionaryById) {
    WriteSamples("bcett", 60);
    Run("cd " + dir_.string() +
        " && zstd --train samples/* --dictID=1234 --maxdict=8192 -o a.zsdic");
    Run("cd " + dir_.string() +
        " && zstd --train samples/* --dictID=5678 --maxdict=4096 -o b.zsdic");
    // A file to compress with each dictionary.
    std::string plain;
    for (int i = 0; i < 30; ++i) {
        plain += "bcett{ActorName: Obj_" + std::to_string(i) +
                 ", Translate: [1, 2], Rotate: 0, Scale: 1}\n";
    }
    base::WriteFileAtomic(dir_ / "Actor.byml",
                          {reinterpret_cast<const u8*>(plain.data()), plain.size()});
    Run("cd " + dir_.string() + " && zstd -q -19 -D a.zsdic Actor.byml -o Actor.byml.zs");
    Run("cd " + dir_.string() + " && zstd -q -D b.zsdic Actor.byml -o Other.byml.zs");

    // The pack: a zstd frame (no dictionary) of a SARC of the dictionaries.
    const std::vector<PartitionFile> dictionaries{
        {"zs.zsdic", base::ReadFile(dir_ / "a.zsdic")},
        {"bcett.byml.zsdic", base::ReadFile(dir_ / "b.zsdic")},
        {"readme.txt", {1, 2, 3}}};
    const auto pack = ZstdCompress(WriteSarc(dictionaries), 19);
    const ZstdDictionaries loaded = ZstdDictionaries::FromPack(pack, "Pack/ZsDic.pack.zs");
    ASSERT_EQ(loaded.Count(), 2u);

    const std::vector<u8> expected(plain.begin(), plain.end());
    const auto first = base::ReadFile(dir_ / "Actor.byml.zs");
    EXPECT_EQ(ZstdFrameDictionaryId(first), 1234u);
    EXPECT_EQ(loaded.Decompress(first, "Actor.byml.zs"), expected);
    const auto second = base::ReadFile(dir_ / "Other.byml.zs");
    EXPECT_EQ(ZstdFrameDictionaryId(second), 5678u);
    EXPECT_EQ(loaded.Decompress(second, "Other.byml.zs"), expected);
    // Used again: the digested dictionary is reused.
    EXPECT_EQ(loaded.Decompress(first, "Actor.byml.zs"), expected);

    // A frame naming a dictionary that is not loaded fails naming the id.
    ZstdDictionaries only_b;
    only_b.Add(base::ReadFile(dir_ / "b.zsdic"), "b");
    try {
        only_b.Decompress(first, "Actor.byml.zs");
        FAIL();
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("0x4d2"), std::string::npos) << error.what();
    }
    // Damaged frames fail, never return wrong bytes silently (zstd's checksum is on by default
    // in the command-line tool).
    auto flipped = first;
    flipped[flipped.size() / 2] ^= 0x20;
    EXPECT_THROW(loaded.Decompress(flipped, "x"), base::Error);
    auto truncated = first;
    truncated.resize(truncated.size() - 5);
    EXPECT_THROW(loaded.Decompress(truncated, "x"), base::Error);
}

TEST(Zstd, LibraryFramesWithoutDictionary) {
    std::vector<u8> plain(100000);
    for (std::size_t i = 0; i < plain.size(); ++i) {
        plain[i] = static_cast<u8>(i * 7 / 13);
    }
    const auto frame = ZstdCompress(plain, 3);
    EXPECT_TRUE(IsZstdFrame(frame));
    EXPECT_EQ(ZstdFrameDictionaryId(frame), 0u);
    EXPECT_EQ(ZstdDecompress(frame, "x"), plain);
    const ZstdDictionaries none;
    EXPECT_EQ(none.Decompress(frame, "x"), plain);
    EXPECT_THROW(ZstdDecompress(frame, "x", 1000), base::Error);  // output limit
    EXPECT_THROW(ZstdDecompress(std::vector<u8>{1, 2, 3, 4}, "x"), base::Error);
    EXPECT_THROW(ZstdDictionaries().Add({1, 2, 3, 4, 5, 6, 7, 8}, "x"), base::Error);
}

}  // namespace
}  // namespace formats
