// The stubs each action writes, checked against encodings worked out by hand from the Arm
// ARM's (B: imm26 words; ADRP: immlo in bits 29-30, immhi in 5-23, in pages; ADD immediate:
// imm12 in bits 10-21; BR Xn: 0xd61f0000 | n << 5; SVC #imm16: 0xd4000001 | imm16 << 5).

#include "profile/code_patcher.h"

#include <cstring>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace profile {
namespace {

constexpr u32 kRet = 0xd65f03c0;

// A module's text of `words` words of NOPs, with `function` placed at `at` (a word index).
std::vector<u8> Text(std::size_t words, std::size_t at, std::vector<u32> function) {
    std::vector<u32> code(words, 0xd503201f);
    std::copy(function.begin(), function.end(), code.begin() + static_cast<long>(at));
    std::vector<u8> bytes(code.size() * 4);
    std::memcpy(bytes.data(), code.data(), bytes.size());
    return bytes;
}

u32 WordAt(const std::vector<u8>& text, u64 offset) {
    u32 word = 0;
    std::memcpy(&word, text.data() + offset, 4);
    return word;
}

// mov x0, #42 ; add x0, x0, x1 ; ret   and   mov x0, #7 ; sub x0, x0, x1 ; ret
const std::vector<u32> kPatched{0xd2800540, 0x8b010000, kRet};
const std::vector<u32> kReplacement{0xd28000e0, 0xcb010000, kRet};

std::string FingerprintIn(const std::vector<u8>& text, u64 offset) {
    return FingerprintAt(text, offset)->ToString();
}

TEST(CodePatcher, ANearReplacementIsOneBranch) {
    // The replacement lies 0x1000 bytes before the patched function, in the same module.
    std::vector<u8> text = Text(0x1000, 0x800, kReplacement);
    std::copy_n(Text(3, 0, kPatched).begin(), 12, text.begin() + 0x3000);
    const std::string site = FingerprintIn(text, 0x3000);
    const std::string target = FingerprintIn(text, 0x2000);
    const PatchList list =
        PatchList::Parse(fmt::format("{}\tbranch\t{}\t# patched\n", site, target), "patches.tsv");
    const CodeModule module{"main", 0x8000000, 0x0, text};
    const auto placements = PlacePatches(list, {&module, 1});
    ASSERT_TRUE(placements[0].placed) << placements[0].message;
    EXPECT_NE(placements[0].message.find(
                  "found at main+0x3000 (0x8003000), branches to main+0x2000 (0x8002000)"),
              std::string::npos)
        << placements[0].message;
    // B -0x1000: imm26 = -0x400 words.
    EXPECT_EQ(WordAt(text, 0x3000), 0x17fffc00u);
    EXPECT_EQ(WordAt(text, 0x3004), kPatched[1]);  // the rest of the function is left
    EXPECT_FALSE(placements[0].host_call.has_value());
}

TEST(CodePatcher, AFarReplacementGoesThroughX16) {
    // 0x8001000 to 0x18002340, 256 MiB on: past B's reach.
    std::vector<u8> main_text = Text(0x800, 0x400, kPatched);
    std::vector<u8> sdk_text = Text(0x1000, 0x8d0, kReplacement);
    const CodeModule modules[] = {{"main", 0x8000000, 0x0, main_text},
                                  {"sdk", 0x18000000, 0x0, sdk_text}};
    const PatchList list =
        PatchList::Parse(fmt::format("{}\tbranch\t{}\n", FingerprintIn(main_text, 0x1000),
                                     FingerprintIn(sdk_text, 0x2340)),
                         "patches.tsv");
    const auto placements = PlacePatches(list, modules);
    ASSERT_TRUE(placements[0].placed) << placements[0].message;
    // ADRP X16 of 0x10001 pages (immlo 1, immhi 0x4000), ADD X16, X16, #0x340, BR X16.
    EXPECT_EQ(WordAt(main_text, 0x1000), 0xb0080010u);
    EXPECT_EQ(WordAt(main_text, 0x1004), 0x910d0210u);
    EXPECT_EQ(WordAt(main_text, 0x1008), 0xd61f0200u);
}

TEST(CodePatcher, AReplacementFoundNowhereLeavesTheFunctionAsItWas) {
    std::vector<u8> text = Text(0x100, 0x10, kPatched);
    const std::vector<u8> before = text;
    const PatchList list = PatchList::Parse(
        fmt::format("{}\tbranch\tfp1:3:d2800000:0123456789abcdef\n", FingerprintIn(text, 0x40)),
        "patches.tsv");
    const CodeModule module{"main", 0x8000000, 0x0, text};
    const auto placements = PlacePatches(list, {&module, 1});
    EXPECT_FALSE(placements[0].placed);
    EXPECT_NE(
        placements[0].message.find("(patches.tsv:1) found at main+0x40, but its replacement "
                                   "fp1:3:d2800000:0123456789abcdef matches no code: left out"),
        std::string::npos)
        << placements[0].message;
    EXPECT_EQ(text, before);
}

TEST(CodePatcher, AFrameStepIsAHostCallThenRet) {
    std::vector<u8> text = Text(0x100, 0x20, kPatched);
    const PatchList list =
        PatchList::Parse(fmt::format("{}\tframe-step\t30\n", FingerprintIn(text, 0x80)), "p.tsv");
    const CodeModule module{"main", 0x8000000, 0x100, text};
    const auto placements = PlacePatches(list, {&module, 1});
    ASSERT_TRUE(placements[0].placed) << placements[0].message;
    EXPECT_EQ(WordAt(text, 0x80), 0xd409cb01u);  // svc #0x4e58
    EXPECT_EQ(WordAt(text, 0x84), kRet);
    EXPECT_EQ(placements[0].host_call, std::optional<u64>(0x8000180));
    EXPECT_NE(placements[0].message.find("found at main+0x180 (0x8000180), returns the host's "
                                         "frame step in frames at 30 a second"),
              std::string::npos)
        << placements[0].message;
}

}  // namespace
}  // namespace profile
