// Constant bank 0 of a launch: CUDA's driver constants below the parameters.
#include <cstring>

#include <gtest/gtest.h>

#include "cuda_runner/constant_bank0.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

template <typename Value>
Value At(const std::vector<u8>& bank, u32 offset) {
    Value value;
    EXPECT_LE(offset + sizeof(Value), bank.size());
    std::memcpy(&value, bank.data() + offset, sizeof(Value));
    return value;
}

shader::sass::CubinKernel ThreeParameterKernel() {
    shader::sass::CubinKernel kernel;
    kernel.name = "saxpy";
    kernel.param_base = 0x160;
    kernel.param_bytes = 0x1c;
    kernel.parameters = {{0, 0x0, 8}, {1, 0x8, 8}, {2, 0x10, 8}, {3, 0x18, 4}};
    return kernel;
}

TEST(ConstantBank0, DriverConstantsThenParameters) {
    const shader::sass::CubinKernel kernel = ThreeParameterKernel();
    const std::vector<KernelArgument> arguments{
        ParseKernelArgument("out:64"), ParseKernelArgument("f64:-2.5"),
        ParseKernelArgument("out:8"), ParseKernelArgument("i32:-3")};
    ConstantBank0Launch launch;
    launch.grid = {5, 6, 7};
    launch.block = {128, 2, 3};
    launch.local_bytes = 0x40;
    const std::vector<u8> bank = BuildConstantBank0(kernel, launch, arguments);

    EXPECT_EQ(bank.size(), 0x180u);  // 0x160 + 0x1c, in whole 16-byte vectors
    EXPECT_EQ(At<u32>(bank, 0x0), 128u);
    EXPECT_EQ(At<u32>(bank, 0x4), 2u);
    EXPECT_EQ(At<u32>(bank, 0x8), 3u);
    EXPECT_EQ(At<u32>(bank, 0xc), 5u);
    EXPECT_EQ(At<u32>(bank, 0x10), 6u);
    EXPECT_EQ(At<u32>(bank, 0x14), 7u);
    EXPECT_EQ(At<u64>(bank, 0x18), kKernelSharedWindowAddress);
    EXPECT_EQ(At<u32>(bank, 0x28), 0x40u);

    const u64 first = At<u64>(bank, 0x160);
    const u64 third = At<u64>(bank, 0x170);
    EXPECT_EQ(first, KernelBufferAddress(0));
    EXPECT_EQ(third, KernelBufferAddress(2));
    for (const u64 address : {first, third}) {
        EXPECT_NE(address, 0u);
        EXPECT_EQ(address % (u64{1} << 32), 0u);
        EXPECT_NE(address >> 32, kKernelSharedWindowAddress >> 32);
    }
    EXPECT_NE(first, third);
    EXPECT_EQ(At<double>(bank, 0x168), -2.5);
    EXPECT_EQ(At<s32>(bank, 0x178), -3);
    EXPECT_EQ(At<u32>(bank, 0x17c), 0u);
}

TEST(ConstantBank0, AtLeastTheProgramsSize) {
    const shader::sass::CubinKernel kernel = ThreeParameterKernel();
    const std::vector<KernelArgument> arguments{
        ParseKernelArgument("out:4"), ParseKernelArgument("u64:1"), ParseKernelArgument("out:4"),
        ParseKernelArgument("u32:2")};
    ConstantBank0Launch launch;
    launch.min_bytes = 0x205;
    EXPECT_EQ(BuildConstantBank0(kernel, launch, arguments).size(), 0x210u);
}

TEST(ConstantBank0, KernelWithoutParametersStillHasTheDriverConstants) {
    shader::sass::CubinKernel kernel;
    kernel.param_base = 0x160;
    const std::vector<u8> bank = BuildConstantBank0(kernel, {}, {});
    EXPECT_EQ(bank.size(), 0x160u);
    EXPECT_EQ(At<u32>(bank, 0x0), 1u);
}

}  // namespace
}  // namespace video
