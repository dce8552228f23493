// OpenGame and DescribeGame on an NSP and an XCI built here, with keys in a prod.keys under
// $XDG_DATA_HOME as a user would have them.

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "base/error.h"
#include "base/file.h"
#include "formats/game_image.h"
#include "formats/nca.h"
#include "formats/partition_fs.h"
#include "formats/romfs.h"
#include "formats/xci.h"

namespace formats {
namespace {

namespace fs = std::filesystem;

class GameImageTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ =
            fs::temp_directory_path() / ("nxhost-game-" + std::to_string(std::random_device()()));
        fs::create_directories(dir_ / "data/nxhost/keys");
        const std::string prod =
            "header_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
            "key_area_key_application_00 = 2122232425262728292a2b2c2d2e2f30\n";
        base::WriteFileAtomic(dir_ / "data/nxhost/keys/prod.keys",
                              {reinterpret_cast<const u8*>(prod.data()), prod.size()});
        setenv("XDG_DATA_HOME", (dir_ / "data").c_str(), 1);
        const KeySet keys = KeySet::LoadDefault();
        const std::vector<NcaWriteSection> sections{
            {NcaFsType::PartitionFs,
             WritePfs0(std::vector<PartitionFile>{{"main.npdm", {1, 2}}, {"main", {3, 4}}})},
            {NcaFsType::RomFs, WriteRomfs(std::vector<RomfsInputFile>{
                                   {"Pack/ZsDic.pack.zs", {5}}, {"System/a.txt", {'h', 'i'}}})}};
        NcaWriteOptions options;
        options.program_id = 0x0400486024dec000ull;
        nca_ = WriteNca(keys, options, sections);
    }
    void TearDown() override {
        unsetenv("XDG_DATA_HOME");
        std::error_code error;
        fs::remove_all(dir_, error);
    }

    fs::path dir_;
    std::vector<u8> nca_;
};

TEST_F(GameImageTest, NspAndXci) {
    const std::vector<PartitionFile> contents{{"0123.nca", nca_}, {"4567.cnmt.nca", {1}}};
    base::WriteFileAtomic(dir_ / "game.nsp", WritePfs0(contents));
    base::WriteFileAtomic(dir_ / "game.xci",
                          WriteXci(std::vector<PartitionFile>{{"secure", WriteHfs0(contents)}}));
    for (const char* name : {"game.nsp", "game.xci"}) {
        const GameImage game = OpenGame(dir_ / name);
        ASSERT_TRUE(game.romfs) << name;
        ASSERT_TRUE(game.exefs) << name;
        EXPECT_EQ(game.romfs->Read("System/a.txt"), (std::vector<u8>{'h', 'i'}));
        EXPECT_TRUE(game.exefs->IsFile("main.npdm"));
        const std::string text = DescribeGame(dir_ / name);
        EXPECT_NE(text.find("0400486024dec000"), std::string::npos) << text;
        EXPECT_NE(text.find("romfs: 2 files"), std::string::npos) << text;
        EXPECT_NE(text.find("keys needed: header_key, key_area_key_application_00"),
                  std::string::npos)
            << text;
    }
    // A RomFS image on its own.
    base::WriteFileAtomic(dir_ / "game.romfs",
                          WriteRomfs(std::vector<RomfsInputFile>{{"x/y", {1}}}));
    EXPECT_EQ(OpenGame(dir_ / "game.romfs").kind, "romfs");
}

TEST_F(GameImageTest, MissingKeyIsNamedWithItsFile) {
    base::WriteFileAtomic(dir_ / "game.nsp",
                          WritePfs0(std::vector<PartitionFile>{{"0123.nca", nca_}}));
    fs::remove(dir_ / "data/nxhost/keys/prod.keys");
    try {
        OpenGame(dir_ / "game.nsp");
        FAIL();
    } catch (const base::Error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("header_key"), std::string::npos) << message;
        EXPECT_NE(message.find("nxhost/keys/prod.keys"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace formats
