#include "profile/patch_list.h"

#include <gtest/gtest.h>

#include "base/error.h"

namespace profile {
namespace {

constexpr const char* kFingerprint = "fp1:13:a9be7bfd:0123456789abcdef";

std::string ErrorOf(const std::string& text) {
    try {
        PatchList::Parse(text, "patches.tsv");
    } catch (const base::Error& error) {
        return error.what();
    }
    return "";
}

TEST(PatchList, ReadsRowsWithTheirComments) {
    const PatchList list =
        PatchList::Parse(std::string("# the main loop ends at once\n\n") + kFingerprint +
                             "\treturn\t0\t# appletMainLoop\n" + kFingerprint + "\treturn\t0x10\n" +
                             kFingerprint + "\treturn\t-1\n",
                         "patches.tsv");
    ASSERT_EQ(list.Patches().size(), 3u);
    EXPECT_EQ(list.Patches()[0].fingerprint.ToString(), kFingerprint);
    EXPECT_EQ(list.Patches()[0].return_value, 0u);
    EXPECT_EQ(list.Patches()[0].comment, "appletMainLoop");
    EXPECT_EQ(list.Patches()[0].where, "patches.tsv:3");
    EXPECT_EQ(list.Patches()[1].return_value, 0x10u);
    EXPECT_EQ(list.Patches()[1].comment, "");
    EXPECT_EQ(list.Patches()[2].return_value, ~u64{0});
}

TEST(PatchList, ReadsBranchAndFrameStepRows) {
    const PatchList list = PatchList::Parse(
        std::string(kFingerprint) + "\tbranch\tfp1:3:d2800540:00000000000000ff\t# to ours\n" +
            kFingerprint + "\tframe-step\t30\n",
        "patches.tsv");
    ASSERT_EQ(list.Patches().size(), 2u);
    EXPECT_EQ(list.Patches()[0].action, PatchAction::Branch);
    EXPECT_EQ(list.Patches()[0].branch_target.ToString(), "fp1:3:d2800540:00000000000000ff");
    EXPECT_EQ(list.Patches()[0].comment, "to ours");
    EXPECT_EQ(list.Patches()[1].action, PatchAction::FrameStep);
    EXPECT_EQ(list.Patches()[1].frame_step_base, 30u);
}

TEST(PatchList, ErrorsNameTheFileAndLine) {
    EXPECT_NE(ErrorOf("\nfp1:13:zz\treturn\t0\n")
                  .find("patches.tsv:2: \"fp1:13:zz\" is not a "
                        "fingerprint"),
              std::string::npos);
    EXPECT_NE(
        ErrorOf(std::string(kFingerprint) + "\tnop\t0\n").find("patches.tsv:1: unknown action"),
        std::string::npos);
    EXPECT_NE(ErrorOf(std::string(kFingerprint) + "\treturn\tzero\n")
                  .find("patches.tsv:1: return takes a value"),
              std::string::npos);
    EXPECT_NE(ErrorOf(std::string(kFingerprint) + "\tframe-step\t0\n")
                  .find("patches.tsv:1: frame-step takes the game's base rate, 1 to 1000"),
              std::string::npos);
    EXPECT_NE(ErrorOf(std::string(kFingerprint) + "\tframe-step\tsixty\n")
                  .find("patches.tsv:1: frame-step takes the game's base rate"),
              std::string::npos);
    EXPECT_NE(ErrorOf(std::string(kFingerprint) + "\tbranch\t0x8004bf0\n")
                  .find("patches.tsv:1: branch takes the fingerprint of the replacement"),
              std::string::npos);
    EXPECT_NE(ErrorOf(std::string(kFingerprint) + "\treturn\t0\tnot a comment\n")
                  .find("patches.tsv:1: a row is"),
              std::string::npos);
    EXPECT_NE(ErrorOf(kFingerprint).find("patches.tsv:1: a row is"), std::string::npos);
}

}  // namespace
}  // namespace profile
