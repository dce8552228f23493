#include "formats/nacp.h"

#include <gtest/gtest.h>

#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;

TEST(Nacp, RoundTrips) {
    Nacp nacp;
    nacp.titles[0] = {"Sample Game", "Sample Publisher"};
    nacp.titles[2] = {"サンプル", "パブリッシャー"};
    nacp.display_version = "1.2.3";
    nacp.application_id = 0x0100000000010000;
    nacp.save_data_owner_id = 0x0100000000010000;
    const std::vector<u8> file = WriteNacp(nacp);
    ASSERT_EQ(file.size(), kNacpSize);
    const Nacp read = ReadNacp(file, "control.nacp");
    EXPECT_EQ(read, nacp);
    ASSERT_NE(read.FirstTitle(), nullptr);
    EXPECT_EQ(read.FirstTitle()->name, "Sample Game");
    EXPECT_EQ(NacpLanguageName(2), "Japanese");
}

TEST(Nacp, FirstTitleSkipsEmptyLanguages) {
    Nacp nacp;
    EXPECT_EQ(nacp.FirstTitle(), nullptr);
    nacp.titles[1].name = "British";
    EXPECT_EQ(nacp.FirstTitle(), &nacp.titles[1]);
}

TEST(Nacp, RejectsWrongSize) {
    std::vector<u8> file = WriteNacp({});
    file.pop_back();
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNacp(file, "control.nacp"); }),
                         "control.nacp: nacp at offset 0x0: size is 0x3fff bytes, expected "
                         "0x4000"));
}

TEST(Nacp, WriterRejectsOverlongFields) {
    Nacp nacp;
    nacp.display_version = std::string(17, '9');
    EXPECT_TRUE(Contains(ErrorOf([&] { WriteNacp(nacp); }), "longer than its 0x10-byte field"));
}

}  // namespace
}  // namespace formats
