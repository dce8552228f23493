#include "formats/module_image.h"

#include <gtest/gtest.h>

#include "base/error.h"
#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;
using testing::SampleModule;

TEST(ModuleImage, ImageSizeIsPageAlignedEndOfBss) {
    ModuleImage module = SampleModule();
    EXPECT_EQ(module.ImageSize(), 0x5000u);
    module.bss_size = 0x1801;
    EXPECT_EQ(module.ImageSize(), 0x6000u);
}

TEST(ModuleImage, LoadedBytesPlaceSegments) {
    const ModuleImage module = SampleModule();
    const std::vector<u8> bytes = module.LoadedBytes();
    ASSERT_EQ(bytes.size(), 0x5000u);
    EXPECT_EQ(bytes[0x2000], module.ro[0]);
    EXPECT_EQ(bytes[0x3000 + 5], module.data[5]);
    EXPECT_EQ(bytes[0x3800], 0);
}

TEST(ModuleImage, ValidateRejectsMisalignedAndOverlappingSegments) {
    ModuleImage module = SampleModule();
    EXPECT_NO_THROW(module.Validate("m"));
    module.ro_offset = 0x2100;
    EXPECT_TRUE(Contains(ErrorOf([&] { module.Validate("m"); }),
                         "m: ro segment offset 0x2100 is not page-aligned"));
    module.ro_offset = 0x1000;
    EXPECT_TRUE(Contains(ErrorOf([&] { module.Validate("m"); }), "overlaps text"));
}

}  // namespace
}  // namespace formats
