// Choosing a physical device: by index, by name, and the default order.
#include <gtest/gtest.h>

#include "base/error.h"
#include "support/error_of.h"
#include "video/device_choice.h"

namespace video {
namespace {

const std::vector<DeviceSummary> kDevices{
    {"llvmpipe (LLVM 15.0.6, 256 bits)", DeviceType::Cpu, true},
    {"Intel(R) UHD Graphics 770", DeviceType::Integrated, true},
    {"NVIDIA GeForce RTX 3080", DeviceType::Discrete, true},
    {"Old Discrete 1.0", DeviceType::Discrete, false},
};

std::string ErrorOf(std::span<const DeviceSummary> devices, std::string_view selector) {
    return test_support::ErrorOf([&] { ChooseDevice(devices, selector); });
}

TEST(DeviceChoice, DefaultPrefersDiscreteThenIntegratedThenAnyUsable) {
    EXPECT_EQ(ChooseDevice(kDevices, ""), 2u);
    const std::vector<DeviceSummary> no_discrete(kDevices.begin(), kDevices.begin() + 2);
    EXPECT_EQ(ChooseDevice(no_discrete, ""), 1u);
    const std::vector<DeviceSummary> cpu_only{kDevices[3], kDevices[0]};
    EXPECT_EQ(ChooseDevice(cpu_only, ""), 1u);  // the unusable discrete one is passed over
}

TEST(DeviceChoice, IndexAndCaseInsensitiveNameSubstring) {
    EXPECT_EQ(ChooseDevice(kDevices, "0"), 0u);
    EXPECT_EQ(ChooseDevice(kDevices, "1"), 1u);
    EXPECT_EQ(ChooseDevice(kDevices, "LLVMpipe"), 0u);
    EXPECT_EQ(ChooseDevice(kDevices, "rtx"), 2u);
}

TEST(DeviceChoice, ClearErrors) {
    EXPECT_NE(ErrorOf(kDevices, "7").find("only 4"), std::string::npos) << ErrorOf(kDevices, "7");
    const std::string no_match = ErrorOf(kDevices, "radeon");
    EXPECT_NE(no_match.find("radeon"), std::string::npos) << no_match;
    EXPECT_NE(no_match.find("2: NVIDIA GeForce RTX 3080"), std::string::npos) << no_match;
    EXPECT_NE(ErrorOf(kDevices, "3").find("lacks Vulkan 1.1"), std::string::npos);
    EXPECT_EQ(ErrorOf({}, ""), "no Vulkan device: install mesa-vulkan-drivers for lavapipe");
    const std::vector<DeviceSummary> none_usable{kDevices[3]};
    EXPECT_NE(ErrorOf(none_usable, "").find("no usable Vulkan device"), std::string::npos);
}

}  // namespace
}  // namespace video
