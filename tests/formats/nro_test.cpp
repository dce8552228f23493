#include "formats/nro.h"

#include <gtest/gtest.h>

#include <cstring>

#include "formats/nacp.h"
#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;
using testing::SampleModule;

NroAssets SampleAssets() {
    NroAssets assets;
    assets.icon = {0xff, 0xd8, 0xff, 0xe0, 1, 2, 3};
    Nacp nacp;
    nacp.titles[0] = {"Sample", "nxhost"};
    assets.nacp = WriteNacp(nacp);
    assets.romfs = std::vector<u8>(0x123, 0x5a);
    return assets;
}

void Put32(std::vector<u8>& bytes, std::size_t offset, u32 value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

TEST(Nro, RoundTripsModuleAndAssets) {
    const ModuleImage module = SampleModule();
    const NroAssets assets = SampleAssets();
    const std::vector<u8> file = WriteNro(module, assets);
    const Nro nro = ReadNro(file, "dir/sample.nro");

    EXPECT_EQ(nro.module.name, "sample");
    EXPECT_EQ(nro.module.ro, module.ro);
    EXPECT_EQ(nro.module.data, module.data);
    EXPECT_EQ(nro.module.ro_offset, module.ro_offset);
    EXPECT_EQ(nro.module.data_offset, module.data_offset);
    EXPECT_EQ(nro.module.bss_size, module.bss_size);
    EXPECT_EQ(nro.module.module_id, module.module_id);
    EXPECT_EQ(nro.module.ImageSize(), module.ImageSize());
    // Text is the module's, except for the header the writer put at 0x10..0x80.
    ASSERT_EQ(nro.module.text.size(), module.text.size());
    EXPECT_TRUE(
        std::equal(module.text.begin(), module.text.begin() + 0x10, nro.module.text.begin()));
    EXPECT_TRUE(
        std::equal(module.text.begin() + 0x80, module.text.end(), nro.module.text.begin() + 0x80));
    EXPECT_EQ(nro.mod0_offset, 0x80u);
    EXPECT_EQ(nro.size, 0x4000u);
    EXPECT_TRUE(nro.has_asset_section);
    EXPECT_EQ(nro.assets, assets);

    // Writing what was read gives the same file back.
    EXPECT_EQ(WriteNro(nro.module, nro.assets), file);
}

TEST(Nro, WithoutAssetsHasNoAssetSection) {
    const std::vector<u8> file = WriteNro(SampleModule(), {});
    EXPECT_EQ(file.size(), 0x4000u);
    const Nro nro = ReadNro(file, "a.nro");
    EXPECT_FALSE(nro.has_asset_section);
    EXPECT_TRUE(nro.assets.Empty());
}

TEST(Nro, RejectsTruncatedFile) {
    std::vector<u8> file = WriteNro(SampleModule(), {});
    file.resize(0x40);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "short.nro"); }),
                         "short.nro: nro.header at offset 0x0 (size 0x80) is past the end"));
}

TEST(Nro, RejectsWrongMagic) {
    std::vector<u8> file = WriteNro(SampleModule(), {});
    file[0x10] = 'X';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "bad.nro"); }),
                         "bad.nro: nro.magic at offset 0x10: expected magic \"NRO0\", found "
                         "\"XRO0\""));
}

TEST(Nro, RejectsSizeBeyondFile) {
    std::vector<u8> file = WriteNro(SampleModule(), {});
    file.resize(0x3800);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "cut.nro"); }),
                         "cut.nro: nro.size at offset 0x18: size 0x4000 is not within"));
}

TEST(Nro, RejectsSegmentPastEnd) {
    std::vector<u8> file = WriteNro(SampleModule(), {});
    Put32(file, 0x34, 0x1800);  // data size: 0x3000 + 0x1800 > 0x4000
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "x.nro"); }),
                         "x.nro: nro.segments.data at offset 0x30: segment (0x1800 bytes at "
                         "0x3000) runs past the NRO's size 0x4000"));
}

TEST(Nro, RejectsOverlappingAndMisalignedSegments) {
    std::vector<u8> file = WriteNro(SampleModule(), {});
    Put32(file, 0x28, 0x1000);  // ro inside text
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "x.nro"); }),
                         "nro.segments.ro at offset 0x28: segment at 0x1000 overlaps"));
    Put32(file, 0x28, 0x2010);
    EXPECT_TRUE(
        Contains(ErrorOf([&] { ReadNro(file, "x.nro"); }), "offset 0x2010 is not page-aligned"));
}

TEST(Nro, RejectsAssetPastEnd) {
    std::vector<u8> file = WriteNro(SampleModule(), SampleAssets());
    // The romfs entry's size, at ASET+0x30.
    const u64 huge = ~u64{0} - 4;
    std::memcpy(file.data() + 0x4000 + 0x30, &huge, sizeof(huge));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNro(file, "x.nro"); }),
                         "x.nro: asset.romfs at offset 0x4028: 0xfffffffffffffffb bytes"));
}

TEST(Nro, WriterNeedsRoomForTheHeader) {
    ModuleImage module = SampleModule();
    module.text.resize(0x40);
    EXPECT_TRUE(Contains(ErrorOf([&] { WriteNro(module, {}); }), "too small to hold the NRO"));
}

}  // namespace
}  // namespace formats
