#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "base/error.h"
#include "services/pl/font_file.h"
#include "services/pl/font_priority.h"
#include "services/pl/font_sources.h"
#include "services/pl/shared_font_manager.h"
#include "services/pl/shared_font_set.h"

namespace services::pl {
namespace {

namespace fs = std::filesystem;

u32 BigEndianAt(const u8* data) {
    return u32{data[0]} << 24 | u32{data[1]} << 16 | u32{data[2]} << 8 | u32{data[3]};
}

// A stand-in TrueType file: the signature, then `size - 4` bytes that differ per `seed`.
std::vector<u8> FakeTtf(std::size_t size, u8 seed) {
    std::vector<u8> ttf(size);
    for (std::size_t i = 4; i < size; ++i) {
        ttf[i] = static_cast<u8>(seed + i * 7);
    }
    ttf[0] = 0x00, ttf[1] = 0x01, ttf[2] = 0x00, ttf[3] = 0x00;
    return ttf;
}

// The console's form, written here word by word as the spec says (the code under test works
// byte by byte): magic and size, then the font, each big-endian word XORed with the key.
std::vector<u8> EncodeBfttf(const std::vector<u8>& ttf) {
    std::vector<u32> words = {0x7F9A0218, static_cast<u32>(ttf.size())};
    for (std::size_t i = 0; i < ttf.size(); i += 4) {
        u8 word[4] = {};
        std::memcpy(word, ttf.data() + i, std::min<std::size_t>(4, ttf.size() - i));
        words.push_back(BigEndianAt(word));
    }
    std::vector<u8> file;
    for (const u32 word : words) {
        const u32 encoded = word ^ 0x49621806;
        for (int shift = 24; shift >= 0; shift -= 8) {
            file.push_back(static_cast<u8>(encoded >> shift));
        }
    }
    file.resize(8 + ttf.size());
    return file;
}

void WriteFile(const fs::path& path, const std::vector<u8>& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

u64 LanguageCode(const char* text) {
    u64 code = 0;
    std::memcpy(&code, text, std::strlen(text));
    return code;
}

// Each font's header and signature, and the fonts back to back from offset 0 in type order.
void ExpectConsoleLayout(const SharedFontSet& set) {
    const u8* memory = set.memory->HostData();
    ASSERT_EQ(set.memory->Size(), kSharedFontMemorySize);
    u64 next = 0;
    for (u32 type = 0; type < kSharedFontTypeCount; ++type) {
        const SharedFontRegion* region = set.Find(type);
        ASSERT_NE(region, nullptr) << "type " << type;
        EXPECT_EQ(region->offset, next + 8) << "type " << type;
        ASSERT_LE(u64{region->offset} + region->size, kSharedFontMemorySize);
        const u8* header = memory + region->offset - 8;
        EXPECT_EQ(BigEndianAt(header), 0x7F9A0218u) << "type " << type;
        EXPECT_EQ(BigEndianAt(header + 4) ^ 0x49621806, region->size) << "type " << type;
        EXPECT_TRUE(HasTrueTypeSignature({memory + region->offset, region->size}))
            << "type " << type << " from " << region->source;
        next = u64{region->offset} + region->size;
    }
}

class SharedFonts : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::path(NXHOST_BINARY_DIR) / "tests" / "pl_shared_font" /
                ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(root_);
        fs::create_directories(root_);
        const char* saved = std::getenv("XDG_DATA_HOME");
        saved_ = saved != nullptr ? std::optional<std::string>(saved) : std::nullopt;
        setenv("XDG_DATA_HOME", root_.c_str(), 1);
    }
    void TearDown() override {
        if (saved_.has_value()) {
            setenv("XDG_DATA_HOME", saved_->c_str(), 1);
        } else {
            unsetenv("XDG_DATA_HOME");
        }
    }
    fs::path Dump() const { return root_ / "nxhost" / "fonts"; }

    fs::path root_;
    std::optional<std::string> saved_;
};

TEST(FontFile, DecodesBfttfAndTakesPlainTrueType) {
    for (const std::size_t size : {64u, 66u}) {  // the second ends within a word
        const auto ttf = FakeTtf(size, 3);
        EXPECT_EQ(DecodeFontFile(EncodeBfttf(ttf), "test.bfttf"), ttf) << size;
        EXPECT_EQ(DecodeFontFile(ttf, "test.ttf"), ttf);
    }
    std::vector<u8> otf = {'O', 'T', 'T', 'O', 1, 2, 3, 4};
    EXPECT_EQ(DecodeFontFile(otf, "test.otf"), otf);

    auto truncated = EncodeBfttf(FakeTtf(64, 3));
    truncated.resize(40);
    EXPECT_THROW(DecodeFontFile(truncated, "short.bfttf"), base::Error);
    EXPECT_THROW(DecodeFontFile(std::vector<u8>(32, 0xAB), "junk.bfttf"), base::Error);
}

TEST(FontFile, SharedMemoryHeaderIsTheMagicAndTheKeyedSizeBigEndian) {
    u8 header[8];
    WriteSharedFontHeader(header, 0x123456);
    const std::vector<u8> expected = {0x7F, 0x9A, 0x02, 0x18, 0x49, 0x70, 0x2C, 0x50};
    EXPECT_EQ(std::vector<u8>(header, header + 8), expected);
}

TEST_F(SharedFonts, TheUsersDumpComesFirst) {
    const auto standard = FakeTtf(1000, 1);
    const auto extended = FakeTtf(500, 2);
    WriteFile(Dump() / "nintendo_udsg-r_std_003.bfttf", EncodeBfttf(standard));
    WriteFile(Dump() / "nintendo_ext_003.ttf", extended);        // a plain TrueType dump
    WriteFile(Dump() / "nintendo_udsg-r_ko_003.bfttf", {1, 2});  // damaged: skipped

    FontSources sources = DefaultFontSources();  // the dump under $XDG_DATA_HOME/nxhost
    EXPECT_EQ(sources.dump_folder, Dump());
    sources.host_fonts = {};  // no host fonts: the types without a dump get Standard's
    const SharedFontSet set = BuildSharedFonts(sources);

    ExpectConsoleLayout(set);
    const u8* memory = set.memory->HostData();
    const SharedFontRegion* std_region = set.Find(0);
    ASSERT_EQ(std_region->size, standard.size());
    EXPECT_EQ(std_region->offset, 8u);
    EXPECT_EQ(std::vector<u8>(memory + 8, memory + 8 + standard.size()), standard);
    const SharedFontRegion* ext_region = set.Find(5);
    ASSERT_EQ(ext_region->size, extended.size());
    EXPECT_EQ(
        std::vector<u8>(memory + ext_region->offset, memory + ext_region->offset + extended.size()),
        extended);
    for (u32 type = 1; type < 5; ++type) {
        EXPECT_EQ(set.Find(type)->size, standard.size()) << type;
        EXPECT_EQ(std::memcmp(memory + set.Find(type)->offset, standard.data(), standard.size()),
                  0);
    }
    EXPECT_EQ(set.Find(6), nullptr);
}

TEST_F(SharedFonts, AMissingHostFontFallsBackToTheNextCandidate) {
    const fs::path present = root_ / "present.ttf";
    WriteFile(present, FakeTtf(256, 9));
    FontSources sources;
    for (auto& candidates : sources.host_fonts) {
        candidates = {{root_ / "missing.ttf", "fonts-missing"}, {present, "fonts-present"}};
    }
    const SharedFontSet set = BuildSharedFonts(sources);
    ExpectConsoleLayout(set);
    EXPECT_EQ(set.Find(4)->source, present.string());
}

TEST_F(SharedFonts, WithoutAnyFontTheServiceStillAnswers) {
    const SharedFontSet set = BuildSharedFonts(FontSources{});
    for (u32 type = 0; type < kSharedFontTypeCount; ++type) {
        EXPECT_EQ(set.Find(type), nullptr);
    }
    SharedFontManager manager(std::make_shared<SharedFontState>(FontSources{}));
    u32 state = 0, size = 1;
    EXPECT_TRUE(manager.GetLoadState(0, {&state}).IsSuccess());
    EXPECT_EQ(state, 1u);  // loaded, or libnx would wait forever
    EXPECT_TRUE(manager.GetSize(0, {&size}).IsSuccess());
    EXPECT_EQ(size, 0u);
    std::vector<u8> types(24), offsets(24), sizes(24);
    u8 loaded = 1;
    s32 count = 1;
    EXPECT_TRUE(manager
                    .GetSharedFontInOrderOfPriority(LanguageCode("en-US"), {&loaded}, {&count},
                                                    {types}, {offsets}, {sizes})
                    .IsSuccess());
    EXPECT_EQ(loaded, 0);
    EXPECT_EQ(count, 0);
}

TEST_F(SharedFonts, FontsPastTheMemoryShareAnEarlierCopy) {
    // Six copies of 4 MB do not fit 17 MB: the fifth and sixth share the first's bytes.
    const fs::path big = root_ / "big.ttf";
    WriteFile(big, FakeTtf(4 << 20, 5));
    FontSources sources;
    for (auto& candidates : sources.host_fonts) {
        candidates = {{big, "fonts-big"}};
    }
    const SharedFontSet set = BuildSharedFonts(sources);
    for (u32 type = 0; type < 4; ++type) {
        EXPECT_EQ(set.Find(type)->offset, 8 + type * ((4u << 20) + 8));
    }
    EXPECT_EQ(set.Find(4)->offset, 8u);
    EXPECT_EQ(set.Find(5)->offset, 8u);
}

TEST(FontPriority, TheLanguagesScriptComesFirstAndNintendoExtendedLast) {
    using enum SharedFontType;
    using Order = std::array<SharedFontType, kSharedFontTypeCount>;
    const Order numeric = {Standard, ChineseSimplified, ExtChineseSimplified, ChineseTraditional,
                           Korean,   NintendoExtended};
    EXPECT_EQ(FontPriority(LanguageCode("en-US")), numeric);
    EXPECT_EQ(FontPriority(LanguageCode("ja")), numeric);
    EXPECT_EQ(FontPriority(LanguageCode("fr-CA")), numeric);
    const Order simplified = {
        ChineseSimplified, ExtChineseSimplified, Standard, ChineseTraditional, Korean,
        NintendoExtended};
    EXPECT_EQ(FontPriority(LanguageCode("zh-CN")), simplified);
    EXPECT_EQ(FontPriority(LanguageCode("zh-Hans")), simplified);
    const Order traditional = {ChineseTraditional,   Standard, ChineseSimplified,
                               ExtChineseSimplified, Korean,   NintendoExtended};
    EXPECT_EQ(FontPriority(LanguageCode("zh-TW")), traditional);
    EXPECT_EQ(FontPriority(LanguageCode("zh-Hant")), traditional);
    const Order korean = {
        Korean,          Standard, ChineseSimplified, ExtChineseSimplified, ChineseTraditional,
        NintendoExtended};
    EXPECT_EQ(FontPriority(LanguageCode("ko")), korean);
}

// The fonts scripts/setup installs, through the service's own commands.
TEST_F(SharedFonts, DebianFontsThroughTheService) {
    const FontSources sources = DefaultFontSources(root_);  // an empty dump folder
    for (const auto& candidates : sources.host_fonts) {
        ASSERT_TRUE(fs::exists(candidates.front().path))
            << candidates.front().path << " is missing: install " << candidates.front().package
            << " (scripts/setup does)";
    }
    const auto state = std::make_shared<SharedFontState>(sources);
    SharedFontManager manager(state);
    ExpectConsoleLayout(state->Fonts());
    std::shared_ptr<kernel::KernelObject> memory;
    ASSERT_TRUE(manager.GetSharedMemoryNativeHandle({&memory}).IsSuccess());
    ASSERT_EQ(memory, state->Fonts().memory);
    EXPECT_EQ(state->Fonts().memory->guest_permission, cpu::Permission::Read);

    std::vector<u8> types(24), offsets(24), sizes(24);
    u8 loaded = 0;
    s32 count = 0;
    ASSERT_TRUE(manager
                    .GetSharedFontInOrderOfPriority(LanguageCode("ko"), {&loaded}, {&count},
                                                    {types}, {offsets}, {sizes})
                    .IsSuccess());
    EXPECT_EQ(loaded, 1);
    ASSERT_EQ(count, 6);
    const auto entry = [](const std::vector<u8>& buffer, std::size_t index) {
        u32 value = 0;
        std::memcpy(&value, buffer.data() + index * 4, 4);
        return value;
    };
    const auto order = FontPriority(LanguageCode("ko"));
    for (std::size_t i = 0; i < order.size(); ++i) {
        const u32 type = static_cast<u32>(order[i]);
        u32 offset = 0, size = 0;
        EXPECT_TRUE(manager.GetSharedMemoryAddressOffset(type, {&offset}).IsSuccess());
        EXPECT_TRUE(manager.GetSize(type, {&size}).IsSuccess());
        EXPECT_EQ(entry(types, i), type);
        EXPECT_EQ(entry(offsets, i), offset);
        EXPECT_EQ(entry(sizes, i), size);
    }

    // Buffers with room for two fonts get two.
    std::vector<u8> small(8);
    ASSERT_TRUE(manager
                    .GetSharedFontInOrderOfPriority(LanguageCode("ko"), {&loaded}, {&count},
                                                    {small}, {offsets}, {sizes})
                    .IsSuccess());
    EXPECT_EQ(count, 2);

    // Another session of the same state hands out the same memory.
    SharedFontManager again(state);
    std::shared_ptr<kernel::KernelObject> memory_again;
    ASSERT_TRUE(again.GetSharedMemoryNativeHandle({&memory_again}).IsSuccess());
    EXPECT_EQ(memory_again, memory);
}

}  // namespace
}  // namespace services::pl
