#include "profile/game_profile.h"

#include <gtest/gtest.h>

#include "base/error.h"
#include "support/error_of.h"

namespace {

using profile::GameProfile;

std::string ErrorOf(std::string_view text) {
    return test_support::ErrorOf([&] { GameProfile::Parse(text, "game.tsv"); });
}

TEST(GameProfile, ReadsTheSeedsMemoryKeys) {
    const auto profile = GameProfile::Parse(
        "# Ocarina of Time\n"
        "mem_reserve\t0x320000000\n"
        "mem_alias\t0x100000000\n"
        "mem_stack 0x10000000\n"
        "app_pool\t0x240000000\r\n"
        "\n"
        "mem_map_limit\ton\n"
        "sys_resource\t50331648\n"
        "render_cond\ton\n"
        "gpu_timestamps\tsegment\n",
        "game.tsv");
    EXPECT_EQ(profile.Source(), "game.tsv");
    EXPECT_EQ(profile.GetSize("mem_reserve"), 0x320000000u);
    EXPECT_EQ(profile.GetSize("mem_alias"), 0x100000000u);
    EXPECT_EQ(profile.GetSize("mem_stack"), 0x10000000u);
    EXPECT_EQ(profile.GetSize("app_pool"), 0x240000000u);
    EXPECT_EQ(profile.GetSwitch("mem_map_limit"), true);
    EXPECT_EQ(profile.GetSize("sys_resource"), 0x3000000u);
    EXPECT_EQ(profile.GetSize("absent"), std::nullopt);
    EXPECT_TRUE(profile.UnknownKeys().empty());
}

// The seed's GPU keys, with the values its profiles write.
TEST(GameProfile, ReadsTheSeedsGpuKeys) {
    const auto profile = GameProfile::Parse(
        "render_cond\ton\n"
        "gpu_timestamps\tsegment\n"
        "draw_barriers\tgame\n"
        "tex_flush_upload\ton\n"
        "tex_dirty_upload\toff\n"
        "shader_groups\ton\n",
        "game.tsv");
    EXPECT_EQ(profile.GetSwitch("render_cond"), true);
    EXPECT_EQ(profile.GetChoice("gpu_timestamps"), "segment");
    EXPECT_EQ(profile.GetChoice("draw_barriers"), "game");
    EXPECT_EQ(profile.GetSwitch("tex_flush_upload"), true);
    EXPECT_EQ(profile.GetSwitch("tex_dirty_upload"), false);
    EXPECT_EQ(profile.GetSwitch("shader_groups"), true);
    EXPECT_TRUE(profile.UnknownKeys().empty());
    const auto defaults =
        GameProfile::Parse("draw_barriers full\ngpu_timestamps submission\n", "g");
    EXPECT_EQ(defaults.GetChoice("draw_barriers"), "full");
    EXPECT_EQ(defaults.GetChoice("gpu_timestamps"), "submission");
    EXPECT_EQ(GameProfile{}.GetChoice("gpu_timestamps"), std::nullopt);
}

TEST(GameProfile, BadGpuValuesNameTheFileAndLine) {
    EXPECT_EQ(ErrorOf("render_cond\ton\ngpu_timestamps\tframe\n"),
              "game.tsv:2: gpu_timestamps is 'frame', expected one of submission, segment");
    EXPECT_EQ(ErrorOf("draw_barriers\tnone\n"),
              "game.tsv:1: draw_barriers is 'none', expected one of full, game");
    EXPECT_EQ(ErrorOf("\ntex_dirty_upload\tyes\n"),
              "game.tsv:2: tex_dirty_upload is 'yes', expected on or off");
    EXPECT_EQ(ErrorOf("shader_groups\t/Shader/\n"),
              "game.tsv:1: shader_groups is '/Shader/', expected on or off");
}

// Keys of a later nxhost are kept, each with its file and line for the run's warning.
TEST(GameProfile, UnknownKeysKeepTheirFileAndLine) {
    const auto profile = GameProfile::Parse("render_cond on\n# x\nrender_condition on\n", "g.tsv");
    const auto unknown = profile.UnknownKeyLocations();
    ASSERT_EQ(unknown.size(), 1u);
    EXPECT_EQ(unknown[0].value, "render_condition");
    EXPECT_EQ(unknown[0].where, "g.tsv:3");
}

TEST(GameProfile, AnEmptyProfileAnswersNothing) {
    const GameProfile profile;
    EXPECT_TRUE(profile.Source().empty());
    EXPECT_EQ(profile.GetSwitch("mem_map_limit"), std::nullopt);
    EXPECT_TRUE(profile.UnknownKeys().empty());
}

TEST(GameProfile, BadLinesNameTheFileAndLine) {
    EXPECT_EQ(ErrorOf("mem_alias\t0x100000000\nmem_stack\tlots\n"),
              "game.tsv:2: mem_stack is 'lots', expected a size (0x hexadecimal or decimal "
              "bytes)");
    EXPECT_EQ(ErrorOf("\n\nmem_map_limit\tyes\n"),
              "game.tsv:3: mem_map_limit is 'yes', expected on or off");
    EXPECT_EQ(ErrorOf("app_pool\n"),
              "game.tsv:1: 'app_pool' has no value (expected a key, a tab, then the value)");
    EXPECT_EQ(ErrorOf("app_pool 1\n# again\napp_pool 2\n"),
              "game.tsv:3: 'app_pool' was already set on line 1");
    EXPECT_EQ(ErrorOf("mem_reserve\t0x\n"),
              "game.tsv:1: mem_reserve is '0x', expected a size (0x hexadecimal or decimal "
              "bytes)");
    EXPECT_EQ(ErrorOf("mem_reserve\t0x1ffffffffffffffff\n").substr(0, 12), "game.tsv:1: ");
}

// pad_layout is read by hid's PadLayout, which names the file and line of a mistake.
TEST(GameProfile, LocatedTextGivesFileAndLine) {
    const auto profile = GameProfile::Parse("# pads\n\npad_layout\tpro, handheld\n", "g.tsv");
    const auto pad_layout = profile.GetLocatedText("pad_layout");
    ASSERT_TRUE(pad_layout.has_value());
    EXPECT_EQ(pad_layout->value, "pro, handheld");
    EXPECT_EQ(pad_layout->where, "g.tsv:3");
    EXPECT_FALSE(profile.GetLocatedText("fps_target").has_value());
    EXPECT_TRUE(profile.UnknownKeys().empty());
}

TEST(GameProfile, TypedGettersCheckKeysTheyDoNotKnow) {
    const auto profile = GameProfile::Parse("fps_target\tsixty\n", "p.tsv");
    EXPECT_THROW(profile.GetSize("fps_target"), base::Error);
    EXPECT_EQ(profile.GetText("fps_target"), "sixty");
}

}  // namespace
