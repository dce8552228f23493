#include "services/hid/pad_layout.h"

#include <gtest/gtest.h>

#include "base/error.h"
#include "support/error_of.h"

namespace services::hid {
namespace {

std::string ErrorOf(std::string_view text) {
    return test_support::ErrorOf([&] { PadLayout::Parse(text, "game.tsv:14"); });
}

TEST(PadLayout, DefaultIsOneProController) {
    const PadLayout layout;
    ASSERT_EQ(layout.Slots().size(), 1u);
    EXPECT_EQ(layout.Slots()[0].style, PadStyle::ProController);
    EXPECT_EQ(layout.Slots()[0].npad_id, 0u);
}

TEST(PadLayout, NumberedPlayersInOrderAndHandheldApart) {
    const PadLayout layout =
        PadLayout::Parse("Joycon-Pair, handheld ,joycon-left,full,joycon-right", "t");
    ASSERT_EQ(layout.Slots().size(), 5u);
    EXPECT_EQ(layout.Slots()[0].style, PadStyle::JoyConPair);
    EXPECT_EQ(layout.Slots()[0].npad_id, 0u);
    EXPECT_EQ(layout.Slots()[1].style, PadStyle::Handheld);
    EXPECT_EQ(layout.Slots()[1].npad_id, kNpadIdHandheld);
    EXPECT_EQ(layout.Slots()[2].style, PadStyle::JoyConLeft);
    EXPECT_EQ(layout.Slots()[2].npad_id, 1u);
    EXPECT_EQ(layout.Slots()[3].style, PadStyle::ProController);  // the seed's "full"
    EXPECT_EQ(layout.Slots()[3].npad_id, 2u);
    EXPECT_EQ(layout.Slots()[4].style, PadStyle::JoyConRight);
    EXPECT_EQ(layout.Slots()[4].npad_id, 3u);
    EXPECT_EQ(layout.Describe(),
              "player 1 Joy-Con pair, Handheld handheld, player 2 left Joy-Con, player 3 Pro "
              "Controller, player 4 right Joy-Con");
}

TEST(PadLayout, MistakesNameTheSourceAndTheAcceptedValues) {
    EXPECT_EQ(ErrorOf("pro,gamecube"),
              "game.tsv:14: pad_layout is 'pro,gamecube': 'gamecube' is not a controller; "
              "expected a comma list of pro (or full), handheld, joycon-pair, joycon-left, "
              "joycon-right, such as \"pro\" or \"joycon-pair,pro\"");
    EXPECT_NE(ErrorOf("pro,,pro").find("'' is not a controller"), std::string::npos);
    EXPECT_EQ(ErrorOf("handheld,pro,handheld"),
              "game.tsv:14: pad_layout is 'handheld,pro,handheld': there is one handheld console");
    EXPECT_EQ(ErrorOf("pro,pro,pro,pro,pro,pro,pro,pro,handheld"), "(no error)");
    EXPECT_EQ(ErrorOf("pro,pro,pro,pro,pro,pro,pro,pro,pro"),
              "game.tsv:14: pad_layout is 'pro,pro,pro,pro,pro,pro,pro,pro,pro': at most 8 "
              "players besides handheld");
}

TEST(PadLayout, NpadEntriesAndStyleTags) {
    EXPECT_EQ(NpadEntryIndex(0), 0u);
    EXPECT_EQ(NpadEntryIndex(7), 7u);
    EXPECT_EQ(NpadEntryIndex(kNpadIdHandheld), 8u);
    EXPECT_EQ(NpadEntryIndex(kNpadIdOther), 9u);
    EXPECT_EQ(NpadEntryIndex(8), 10u);  // no such npad
    EXPECT_EQ(StyleTag(PadStyle::JoyConLeft), 1u << 3);
    EXPECT_EQ(StyleSetNames(0x3), "Pro Controller, handheld");
    EXPECT_EQ(StyleSetNames(0x40), "none");
}

}  // namespace
}  // namespace services::hid
