#include "formats/nso.h"

#include <gtest/gtest.h>

#include <cstring>

#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;
using testing::SampleModule;

void Put32(std::vector<u8>& bytes, std::size_t offset, u32 value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

u32 Get32(const std::vector<u8>& bytes, std::size_t offset) {
    u32 value;
    std::memcpy(&value, bytes.data() + offset, sizeof(value));
    return value;
}

class NsoRoundTrip : public ::testing::TestWithParam<bool> {};

TEST_P(NsoRoundTrip, ReadGivesBackTheModule) {
    const bool compress = GetParam();
    const ModuleImage module = SampleModule();
    const std::vector<u8> file = WriteNso(module, compress);
    const Nso nso = ReadNso(file, "exefs/main");
    EXPECT_EQ(nso.module, module);
    EXPECT_EQ(nso.embedded_name, "sample");
    EXPECT_EQ(nso.flags, compress ? 0x3fu : 0x38u);
    for (const NsoSegment& segment : nso.segments) {
        EXPECT_EQ(segment.compressed, compress);
        EXPECT_TRUE(segment.hash_checked);
    }
    EXPECT_EQ(nso.segments[1].memory_offset, 0x2000u);
    EXPECT_EQ(nso.segments[1].size, 0x1000u);
    if (!compress) {
        EXPECT_EQ(nso.segments[1].file_size, 0x1000u);
    }
    EXPECT_EQ(WriteNso(nso.module, compress), file);
}

INSTANTIATE_TEST_SUITE_P(CompressedOrNot, NsoRoundTrip, ::testing::Bool());

TEST(Nso, CompressionShrinksRepetitiveSegments) {
    ModuleImage module = SampleModule();
    module.ro.assign(0x10000, 0);
    module.data_offset = 0x12000;
    EXPECT_LT(WriteNso(module, true).size(), WriteNso(module, false).size() / 4);
    EXPECT_EQ(ReadNso(WriteNso(module, true), "m").module, module);
}

TEST(Nso, EmptyNameFallsBackToTheFileStem) {
    ModuleImage module = SampleModule();
    module.name.clear();
    EXPECT_EQ(ReadNso(WriteNso(module, true), "exefs/subsdk0").module.name, "subsdk0");
}

TEST(Nso, RejectsTruncatedHeader) {
    std::vector<u8> file = WriteNso(SampleModule(), true);
    file.resize(0x80);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }),
                         "main: nso.header at offset 0x0 (size 0x100) is past the end"));
}

TEST(Nso, RejectsWrongMagic) {
    std::vector<u8> file = WriteNso(SampleModule(), true);
    file[3] = '1';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }),
                         "main: nso.magic at offset 0x0: expected magic \"NSO0\", found "
                         "\"NSO1\""));
}

TEST(Nso, RejectsSegmentPastEnd) {
    std::vector<u8> file = WriteNso(SampleModule(), false);
    file.resize(file.size() - 1);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }),
                         "main: nso.segments.data at offset 0x30: segment (0x800 bytes at"));
}

TEST(Nso, RejectsHashMismatchNamingTheSegment) {
    std::vector<u8> file = WriteNso(SampleModule(), false);
    const u32 ro_file_offset = Get32(file, 0x20);
    file[ro_file_offset + 5] ^= 1;
    const std::string error = ErrorOf([&] { ReadNso(file, "main"); });
    EXPECT_TRUE(Contains(error,
                         "main: nso.segments.ro.hash at offset 0xc0: SHA-256 of the "
                         "decompressed ro segment is"));
}

TEST(Nso, IgnoresHashWhenItsFlagIsClear) {
    std::vector<u8> file = WriteNso(SampleModule(), false);
    Put32(file, 0xc, 0x28);  // ro not hash checked
    file[Get32(file, 0x20) + 5] ^= 1;
    EXPECT_NO_THROW(ReadNso(file, "main"));
}

TEST(Nso, RejectsCorruptOrMissizedCompression) {
    std::vector<u8> file = WriteNso(SampleModule(), true);
    Put32(file, 0x18, 0x2001);  // text size the LZ4 data does not expand to
    EXPECT_TRUE(
        Contains(ErrorOf([&] { ReadNso(file, "main"); }), "main: nso.segments.text at offset 0x"));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }), "corrupt or does not expand"));
}

TEST(Nso, RejectsUnknownFlagsAndVersions) {
    std::vector<u8> file = WriteNso(SampleModule(), true);
    Put32(file, 0xc, 0x7f);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }), "unknown flag bits 0x40"));
    Put32(file, 0xc, 0x3f);
    Put32(file, 0x4, 2);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }),
                         "nso.version at offset 0x4: unsupported version 2"));
}

TEST(Nso, RejectsMisorderedMemoryOffsets) {
    std::vector<u8> file = WriteNso(SampleModule(), true);
    Put32(file, 0x24, 0x1000);  // ro memory offset inside text
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNso(file, "main"); }),
                         "nso.segments.ro at offset 0x24: memory offset 0x1000 overlaps"));
}

}  // namespace
}  // namespace formats
