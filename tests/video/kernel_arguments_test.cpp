// Kernel arguments from text, and their check against a kernel's parameters.
#include <bit>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "base/error.h"
#include "cuda_runner/kernel_arguments.h"
#include "support/error_of.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

std::string ErrorOf(std::string_view text) {
    return test_support::ErrorOf([&] { ParseKernelArgument(text); });
}

TEST(KernelArguments, Scalars) {
    const auto bits = [](std::string_view text) { return ParseKernelArgument(text).scalar; };
    EXPECT_EQ(ParseKernelArgument("i32:64").kind, ArgumentKind::I32);
    EXPECT_EQ(bits("i32:64"), 64u);
    EXPECT_EQ(bits("i32:-1"), 0xffffffffu);
    EXPECT_EQ(bits("i32:-2147483648"), 0x80000000u);
    EXPECT_EQ(bits("i32:0x80000000"), 0x80000000u);
    EXPECT_EQ(bits("u32:4294967295"), 0xffffffffu);
    EXPECT_EQ(bits("u32:0xDEADbeef"), 0xdeadbeefu);
    EXPECT_EQ(bits("i64:-2"), 0xfffffffffffffffeu);
    EXPECT_EQ(bits("u64:0x123456789abcdef0"), 0x123456789abcdef0u);
    EXPECT_EQ(bits("f32:1.5"), std::bit_cast<u32>(1.5f));
    EXPECT_EQ(bits("f32:-0.1"), std::bit_cast<u32>(-0.1f));
    EXPECT_EQ(bits("f32:0x3f800000"), 0x3f800000u);  // raw bits
    EXPECT_EQ(bits("f64:2.5e-3"), std::bit_cast<u64>(2.5e-3));
    EXPECT_EQ(ParseKernelArgument("f64:1").kind, ArgumentKind::F64);
    EXPECT_EQ(ParameterBytes(ArgumentKind::I32), 4u);
    EXPECT_EQ(ParameterBytes(ArgumentKind::F64), 8u);
    EXPECT_EQ(ParameterBytes(ArgumentKind::Out), 8u);
}

TEST(KernelArguments, Buffers) {
    const KernelArgument out = ParseKernelArgument("out:0x20");
    EXPECT_EQ(out.kind, ArgumentKind::Out);
    EXPECT_EQ(out.bytes, std::vector<u8>(32, 0));
    EXPECT_TRUE(IsBuffer(out.kind));

    const auto path = std::filesystem::temp_directory_path() / "nxhost_video_argument.bin";
    std::ofstream(path, std::ios::binary) << "\x01\x02\x03";
    const KernelArgument in = ParseKernelArgument("in:" + path.string());
    EXPECT_EQ(in.kind, ArgumentKind::In);
    EXPECT_EQ(in.bytes, (std::vector<u8>{1, 2, 3}));
    EXPECT_EQ(in.source, "in:" + path.string());
    EXPECT_EQ(ParseKernelArgument("inout:" + path.string()).kind, ArgumentKind::InOut);
    std::filesystem::remove(path);
}

TEST(KernelArguments, BadTextNamesTheArgument) {
    EXPECT_NE(ErrorOf("x32:5").find("'x32:5' is not KIND:VALUE"), std::string::npos);
    EXPECT_NE(ErrorOf("64").find("not KIND:VALUE"), std::string::npos);
    EXPECT_NE(ErrorOf("i32:4294967296").find("not a i32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("i32:2147483648").find("not a i32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("u32:-1").find("not a u32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("u32:12abc").find("not a u32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("u64:").find("not a u64 value"), std::string::npos);
    EXPECT_NE(ErrorOf("f32:1.5x").find("not a f32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("f32:0x100000000").find("not a f32 value"), std::string::npos);
    EXPECT_NE(ErrorOf("out:ten").find("byte count"), std::string::npos);
    EXPECT_NE(ErrorOf("out:0x100000001").find("byte count"), std::string::npos);
    EXPECT_NE(ErrorOf("in:").find("names no file"), std::string::npos);
    const std::string missing = ErrorOf("in:/nonexistent/nxhost/input.bin");
    EXPECT_NE(missing.find("kernel argument 'in:/nonexistent/nxhost/input.bin'"), std::string::npos)
        << missing;
}

shader::sass::CubinKernel TwoParameterKernel() {
    shader::sass::CubinKernel kernel;
    kernel.name = "copy";
    kernel.param_base = 0x160;
    kernel.param_bytes = 0xc;
    kernel.parameters = {{0, 0x0, 8}, {1, 0x8, 4}};
    return kernel;
}

std::string CheckError(std::vector<KernelArgument> arguments) {
    return test_support::ErrorOf([&] { CheckKernelArguments(TwoParameterKernel(), arguments); });
}

TEST(KernelArguments, CheckedAgainstTheKernelsParameters) {
    const KernelArgument pointer = ParseKernelArgument("out:16");
    const KernelArgument count = ParseKernelArgument("i32:4");
    EXPECT_EQ(CheckError({pointer, count}), "(no error)");
    EXPECT_EQ(CheckError({ParseKernelArgument("u64:7"), ParseKernelArgument("f32:1")}),
              "(no error)");
    EXPECT_EQ(CheckError({pointer}), "kernel copy takes 2 parameters, 1 arguments given");
    EXPECT_EQ(CheckError({count, count}),
              "kernel copy parameter 0 is 8 bytes, but argument 'i32:4' is 4");
    EXPECT_EQ(CheckError({pointer, pointer}),
              "kernel copy parameter 1 is 4 bytes, but argument 'out:16' is 8 (a pointer)");
}

}  // namespace
}  // namespace video
