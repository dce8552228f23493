#include "profile/profile_location.h"

#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

#include "base/error.h"

namespace {

namespace fs = std::filesystem;

// A profiles folder under the build directory, with one title.
class ProfileLocation : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::path(NXHOST_BINARY_DIR) / "tests" / "profile_location" /
                ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(root_);
        fs::create_directories(root_ / "profiles" / "0400486024DEC000");
        std::ofstream(root_ / "profiles" / "0400486024DEC000" / "game.tsv")
            << "app_pool\t0x240000000\nmem_map_limit\ton\n";
        saved_ = std::getenv("NXHOST_PROFILES") ? std::getenv("NXHOST_PROFILES") : "";
        unsetenv("NXHOST_PROFILES");
    }
    void TearDown() override {
        if (!saved_.empty()) {
            setenv("NXHOST_PROFILES", saved_.c_str(), 1);
        } else {
            unsetenv("NXHOST_PROFILES");
        }
    }
    fs::path root_;
    std::string saved_;
};

TEST_F(ProfileLocation, TheOptionComesFirstThenTheVariable) {
    const fs::path profiles = root_ / "profiles";
    EXPECT_EQ(profile::FindProfilesDirectory(profiles), profiles);
    setenv("NXHOST_PROFILES", profiles.c_str(), 1);
    EXPECT_EQ(profile::FindProfilesDirectory(std::nullopt), profiles);
    EXPECT_EQ(profile::FindProfilesDirectory(root_), root_);
    EXPECT_THROW(profile::FindProfilesDirectory(root_ / "missing"), base::Error);
    setenv("NXHOST_PROFILES", (root_ / "missing").c_str(), 1);
    EXPECT_THROW(profile::FindProfilesDirectory(std::nullopt), base::Error);
}

TEST_F(ProfileLocation, ATitlesProfileOrTheDefaults) {
    const fs::path profiles = root_ / "profiles";
    EXPECT_EQ(profile::ProfileFile(profiles, 0x0400486024DEC000),
              profiles / "0400486024DEC000" / "game.tsv");
    const auto known = profile::LoadGameProfile(profiles, {0x0400486024DEC000, {}});
    EXPECT_EQ(known.GetSize("app_pool"), 0x240000000u);
    EXPECT_EQ(known.Source(), (profiles / "0400486024DEC000" / "game.tsv").string());
    EXPECT_TRUE(profile::LoadGameProfile(profiles, {0x0100000000001000, {}}).Source().empty());
    EXPECT_TRUE(profile::LoadGameProfile(profiles, {}).Source().empty());
    EXPECT_TRUE(profile::LoadGameProfile(std::nullopt, {0x0400486024DEC000, {}}).Source().empty());
}

TEST_F(ProfileLocation, AnNroFindsItsProfileByName) {
    const fs::path profiles = root_ / "profiles";
    fs::create_directories(profiles / "nro" / "hbmenu");
    std::ofstream(profiles / "nro" / "hbmenu" / "game.tsv") << "docked\ton\n";
    const auto found = profile::LoadGameProfile(profiles, {std::nullopt, "hbmenu"});
    EXPECT_EQ(found.GetSwitch("docked"), true);
    EXPECT_EQ(found.Source(), (profiles / "nro" / "hbmenu" / "game.tsv").string());
    EXPECT_TRUE(profile::LoadGameProfile(profiles, {std::nullopt, "other"}).Source().empty());
}

TEST_F(ProfileLocation, AMalformedProfileIsAnError) {
    const fs::path profiles = root_ / "profiles";
    fs::create_directories(profiles / "0100000000001000");
    std::ofstream(profiles / "0100000000001000" / "game.tsv") << "mem_stack\tbig\n";
    try {
        profile::LoadGameProfile(profiles, {0x0100000000001000, {}});
        FAIL() << "no error";
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("0100000000001000/game.tsv:1: mem_stack"),
                  std::string::npos);
    }
}

}  // namespace
