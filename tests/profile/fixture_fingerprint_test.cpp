// One libnx function, named in the 2022 hbswitchgame demo's ELF, found by its fingerprint in
// homebrew of other eras and builds (../shared/fixtures/homebrew), and patched there.

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/file.h"
#include "formats/elf.h"
#include "formats/elf_symbols.h"
#include "formats/nro.h"
#include "profile/code_fingerprint.h"
#include "profile/code_patcher.h"

namespace profile {
namespace {

std::filesystem::path Fixture(const std::string& name) {
    return std::filesystem::path(NXHOST_SHARED_DIR) / "fixtures" / "homebrew" / name;
}

// The function's fingerprint from the demo's ELF symbol table.
CodeFingerprint FingerprintOfSymbol(const std::string& symbol) {
    const std::filesystem::path elf_path = Fixture("hbswitchgame_demo_2022-05.elf");
    const std::vector<u8> elf = base::ReadFile(elf_path);
    const auto address = formats::FindElfSymbol(elf, symbol, elf_path.string());
    EXPECT_TRUE(address) << symbol;
    const formats::ModuleImage module = formats::ModuleFromElf(elf, elf_path.string());
    const auto fingerprint = FingerprintAt(module.text, address.value_or(0) - module.text_offset);
    EXPECT_TRUE(fingerprint);
    fmt::print("{} in hbswitchgame_demo_2022-05.elf at {:#x}: {}\n", symbol, address.value_or(0),
               fingerprint->ToString());
    return *fingerprint;
}

formats::ModuleImage Nro(const std::string& name) {
    return formats::ReadNro(base::ReadFile(Fixture(name)), name).module;
}

std::vector<u64> FindIn(const std::string& name, const CodeFingerprint& fingerprint) {
    const std::vector<u64> found = FindFingerprint(Nro(name).text, fingerprint);
    for (const u64 offset : found) {
        fmt::print("  found in {} at +{:#x}\n", name, offset);
    }
    return found;
}

// appletMainLoop as libnx has written it since 2019 (GetMessage, then ProcessMessage).
TEST(FixtureFingerprint, AppletMainLoopFromTheElfIsFoundOnceInOtherBuilds) {
    const CodeFingerprint fingerprint = FingerprintOfSymbol("appletMainLoop");
    EXPECT_EQ(fingerprint.words, 13u);
    EXPECT_EQ(FindIn("hbswitchgame_demo_2022-05.nro", fingerprint), (std::vector<u64>{0x2c40}));
    EXPECT_EQ(FindIn("igme-rit_gamepad-buttons_2019-06.nro", fingerprint),
              (std::vector<u64>{0x32c0}));
    EXPECT_EQ(FindIn("reset_parental_controls_1.2.0.nro", fingerprint), (std::vector<u64>{0x4bf0}));
    EXPECT_EQ(FindIn("snake_curroraya_2025-04.nro", fingerprint), (std::vector<u64>{0x3470}));
    EXPECT_EQ(FindIn("sys-con-debug-app_1.0.0_lny2.nro", fingerprint), (std::vector<u64>{0x3730}));
    // libnx 1.x wrote it otherwise: the 2018 builds do not have it.
    EXPECT_TRUE(FindIn("hello-world_switch-examples_2018-02.nro", fingerprint).empty());
}

// shmemClose has been the same code from the 2018 builds to the 2026 ones.
TEST(FixtureFingerprint, ShmemCloseIsFoundFrom2018To2026) {
    const CodeFingerprint fingerprint = FingerprintOfSymbol("shmemClose");
    EXPECT_EQ(FindIn("hello-world_switch-examples_2018-02.nro", fingerprint),
              (std::vector<u64>{0x6b60}));
    EXPECT_EQ(FindIn("checkpoint_3.4.2.nro", fingerprint), (std::vector<u64>{0xc27d0}));
    EXPECT_EQ(FindIn("snake_curroraya_2025-04.nro", fingerprint), (std::vector<u64>{0xba60}));
    EXPECT_EQ(FindIn("sys-con-debug-app_1.0.0_lny2.nro", fingerprint), (std::vector<u64>{0x7600}));
}

std::vector<PatchPlacement> PlaceIn(formats::ModuleImage& module, const CodeFingerprint& found,
                                    u64 value, const std::string& comment) {
    const PatchList list = PatchList::Parse(
        fmt::format("{}\treturn\t{:#x}\t# {}\n", found.ToString(), value, comment), "patches.tsv");
    const CodeModule code{module.name, 0x8000000, module.text_offset, module.text};
    return PlacePatches(list, {&code, 1});
}

TEST(FixtureFingerprint, APatchStubsTheFunctionWhereItIsFound) {
    formats::ModuleImage snake = Nro("snake_curroraya_2025-04.nro");
    const std::vector<PatchPlacement> placements =
        PlaceIn(snake, FingerprintOfSymbol("appletMainLoop"), 0, "appletMainLoop");
    ASSERT_EQ(placements.size(), 1u);
    EXPECT_TRUE(placements[0].placed);
    EXPECT_NE(placements[0].message.find(
                  "(appletMainLoop) found at snake_curroraya_2025-04+0x3470 (0x8003470), "
                  "stubbed to return 0x0"),
              std::string::npos)
        << placements[0].message;
    u32 words[2];
    std::memcpy(words, snake.text.data() + 0x3470, sizeof(words));
    EXPECT_EQ(words[0], 0xd2800000u);  // movz x0, #0
    EXPECT_EQ(words[1], 0xd65f03c0u);  // ret
}

// Both ends found by fingerprint in a real program: snake's appletMainLoop (0x3470) branches
// to its shmemClose (0xba60), 0x85f0 bytes on: B with imm26 0x217c words.
TEST(FixtureFingerprint, ABranchPatchFindsItsReplacementByFingerprintToo) {
    formats::ModuleImage snake = Nro("snake_curroraya_2025-04.nro");
    const PatchList list =
        PatchList::Parse(fmt::format("{}\tbranch\t{}\t# appletMainLoop\n",
                                     FingerprintOfSymbol("appletMainLoop").ToString(),
                                     FingerprintOfSymbol("shmemClose").ToString()),
                         "patches.tsv");
    const CodeModule code{snake.name, 0x8000000, snake.text_offset, snake.text};
    const std::vector<PatchPlacement> placements = PlacePatches(list, {&code, 1});
    ASSERT_TRUE(placements[0].placed) << placements[0].message;
    EXPECT_NE(placements[0].message.find("found at snake_curroraya_2025-04+0x3470 (0x8003470), "
                                         "branches to snake_curroraya_2025-04+0xba60 (0x800ba60)"),
              std::string::npos)
        << placements[0].message;
    u32 word = 0;
    std::memcpy(&word, snake.text.data() + 0x3470, sizeof(word));
    EXPECT_EQ(word, 0x1400217cu);
}

TEST(FixtureFingerprint, AFingerprintFoundNowhereOrTwiceIsLeftOut) {
    formats::ModuleImage hello = Nro("hello-world_switch-examples_2018-02.nro");
    const std::vector<u8> before = hello.text;
    const auto nowhere = PlaceIn(hello, FingerprintOfSymbol("appletMainLoop"), 0, "appletMainLoop");
    EXPECT_FALSE(nowhere[0].placed);
    EXPECT_NE(nowhere[0].message.find("(appletMainLoop) (patches.tsv:1) matches no code"),
              std::string::npos)
        << nowhere[0].message;
    EXPECT_EQ(hello.text, before);

    // appletGetAppletType is four words (ADRP, LDR :lo12: of a GOT entry, LDR, RET):
    // hekate-toolbox has other functions that read another global the same way.
    formats::ModuleImage hekate = Nro("hekate-toolbox_4.0.2.nro");
    const auto twice =
        PlaceIn(hekate, FingerprintOfSymbol("appletGetAppletType"), 0, "appletGetAppletType");
    EXPECT_FALSE(twice[0].placed);
    EXPECT_EQ(twice[0].matches.size(), 2u);
    EXPECT_NE(twice[0].message.find("matches 2 places (hekate-toolbox_4.0.2+0x20818, "
                                    "hekate-toolbox_4.0.2+0x25b20): left out"),
              std::string::npos)
        << twice[0].message;
}

}  // namespace
}  // namespace profile
