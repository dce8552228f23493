#include <gtest/gtest.h>

#include "profile/console_model.h"
#include "support/error_of.h"

namespace {

TEST(ConsoleModel, SwitchTwoTitlesAreDetectedByTheirIds) {
    EXPECT_EQ(profile::DetectConsole(0x0400486024DEC000), profile::Console::Switch2);
    EXPECT_EQ(profile::DetectConsole(0x0100000000010000), profile::Console::Switch1);
    EXPECT_EQ(profile::DetectConsole(0x00FF0000000002AA), profile::Console::Switch1);
    EXPECT_EQ(profile::DetectConsole(std::nullopt), profile::Console::Switch1);
}

TEST(ConsoleModel, EachConsoleReportsItsOwnMemoryAndDisplay) {
    profile::ConsoleModel model;
    EXPECT_EQ(model.ApplicationPool(), u64{3285} << 20);
    EXPECT_EQ(model.Display().width, 1280u);
    EXPECT_EQ(model.Display().height, 720u);
    EXPECT_EQ(model.GpuName(), "GM20B");
    model.docked = true;
    EXPECT_EQ(model.Display().width, 1920u);
    EXPECT_EQ(model.Display().height, 1080u);
    model.console = profile::Console::Switch2;
    EXPECT_EQ(model.ApplicationPool(), u64{9} << 30);
    EXPECT_EQ(model.GpuName(), "T239");
}

TEST(ConsoleModel, FlagOverProfileOverDetection) {
    const auto profile = profile::GameProfile::Parse("console\tswitch2\ndocked\ton\n", "game.tsv");
    auto model = profile::ConsoleModelFor(profile, 0x0100000000010000, std::nullopt, false);
    EXPECT_EQ(model.console, profile::Console::Switch2);
    EXPECT_TRUE(model.docked);
    model = profile::ConsoleModelFor(profile, 0x0100000000010000, "switch1", false);
    EXPECT_EQ(model.console, profile::Console::Switch1);
    model = profile::ConsoleModelFor({}, 0x0400486024DEC000, std::nullopt, true);
    EXPECT_EQ(model.console, profile::Console::Switch2);
    EXPECT_TRUE(model.docked);
}

TEST(ConsoleModel, ABadConsoleNameIsAnError) {
    const auto profile = profile::GameProfile::Parse("console\tswitch3\n", "game.tsv");
    EXPECT_NE(test_support::ErrorOf([&] {
                  profile::ConsoleModelFor(profile, std::nullopt, std::nullopt, false);
              }).find("game.tsv:1: console 'switch3'"),
              std::string::npos);
    EXPECT_NE(test_support::ErrorOf([&] {
                  profile::ConsoleModelFor({}, std::nullopt, "wii", false);
              }).find("--console wii"),
              std::string::npos);
}

}  // namespace
