// SPIR-V checks done before a driver sees a module.
#include <gtest/gtest.h>
#include <vulkan/vulkan_core.h>

#include "base/error.h"
#include "support/error_of.h"
#include "video/spirv_module.h"
#include "video_test_support.h"

namespace video {
namespace {

using test_support::ErrorOf;

TEST(SpirvModule, WordsFromBytesRejectsPartialWordsAndWrongMagic) {
    const std::vector<u32> module = testing::LoadKernel("affine");
    std::vector<u8> bytes = testing::WordBytes(module);
    EXPECT_EQ(SpirvWordsFromBytes(bytes, "affine.spv"), module);

    std::vector<u8> odd = bytes;
    odd.push_back(0);
    const std::string odd_error = ErrorOf([&] { SpirvWordsFromBytes(odd, "odd.spv"); });
    EXPECT_NE(odd_error.find("odd.spv"), std::string::npos) << odd_error;
    EXPECT_NE(odd_error.find("not a whole number of 32-bit words"), std::string::npos);

    bytes[0] ^= 0xff;
    const std::string magic_error = ErrorOf([&] { SpirvWordsFromBytes(bytes, "bad.spv"); });
    EXPECT_NE(magic_error.find("not a SPIR-V module"), std::string::npos) << magic_error;
    EXPECT_NE(magic_error.find("bad.spv"), std::string::npos) << magic_error;
}

TEST(SpirvModule, HeaderChecks) {
    EXPECT_NE(ErrorOf([] {
                  CheckSpirvHeader(std::vector<u32>{0x07230203, 0x10300});
              }).find("shorter than its 5-word header"),
              std::string::npos);
    EXPECT_NE(ErrorOf([] {
                  CheckSpirvHeader(std::vector<u32>{0x03022307, 0, 0, 0, 0});
              }).find("other byte order"),
              std::string::npos);
}

TEST(SpirvModule, LocalSizeOfTheEntryPoint) {
    const std::vector<u32> module = testing::LoadKernel("subgroup");
    const auto size = SpirvLocalSize(module, "main");
    ASSERT_TRUE(size.has_value());
    EXPECT_EQ(*size, (std::array<u32, 3>{64, 1, 1}));
    EXPECT_NE(ErrorOf([&] { SpirvLocalSize(module, "other"); }).find("no GLCompute entry point"),
              std::string::npos);
}

TEST(SpirvModule, ValidatorRejectsBrokenModules) {
    std::vector<u32> module = testing::LoadKernel("affine");
    EXPECT_NO_THROW(ValidateSpirv(module, VK_API_VERSION_1_1));
    // Drop the last instruction (OpFunctionEnd): the function is never closed.
    module.pop_back();
    const std::string error = ErrorOf([&] { ValidateSpirv(module, VK_API_VERSION_1_1); });
    EXPECT_NE(error.find("invalid SPIR-V module"), std::string::npos) << error;
    // An instruction whose length runs past the end of the module.
    std::vector<u32> garbage{0x07230203, 0x00010300, 0, 100, 0, 0xffff0011};
    EXPECT_NE(ErrorOf([&] { ValidateSpirv(garbage, VK_API_VERSION_1_1); }).find("invalid SPIR-V"),
              std::string::npos);
    EXPECT_NE(ErrorOf([&] { SpirvLocalSize(garbage, "main"); }).find("bad length"),
              std::string::npos);
}

}  // namespace
}  // namespace video
