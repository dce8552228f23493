// RunTranslatedKernel with a hand translation (kernels/cuda_scale.spvasm) in place of the
// translator's: constant bank 0, pointer arguments bound as the program names them,
// buffers returned by parameter index.
#include <gtest/gtest.h>

#include "base/error.h"
#include "cuda_runner/kernel_runner.h"
#include "support/error_of.h"
#include "video_test_support.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

using testing::BytesWords;
using testing::WordBytes;

constexpr u32 kThreads = 128;

// scale(const uint* in, uint* out, uint factor, uint* unused), as ptxas lays it out.
shader::sass::CubinKernel ScaleKernel() {
    shader::sass::CubinKernel kernel;
    kernel.name = "scale";
    kernel.param_base = 0x160;
    kernel.param_bytes = 0x20;
    kernel.parameters = {{0, 0x0, 8}, {1, 0x8, 8}, {2, 0x10, 4}, {3, 0x18, 8}};
    return kernel;
}

shader::ComputeProgram ScaleProgram() {
    shader::ComputeProgram program;
    program.spirv = testing::LoadKernel("cuda_scale");
    program.workgroup_size = {64, 1, 1};
    program.cbank0_binding = 0;
    program.cbank0_bytes = 32 * 16;
    program.global_buffers = {{1, 0x160}, {2, 0x168}};
    return program;
}

std::vector<u32> Input() {
    std::vector<u32> input(kThreads);
    for (u32 i = 0; i < kThreads; ++i) {
        input[i] = i * i + 1;
    }
    return input;
}

KernelLaunch ScaleLaunch() {
    KernelLaunch launch;
    launch.grid = {kThreads / 64, 1, 1};
    launch.block = {64, 1, 1};
    // Filled directly, as a launch manifest reader does.
    launch.arguments = {{ArgumentKind::In, WordBytes(Input()), 0, "in", {}},
                        ParseKernelArgument("out:512"),
                        ParseKernelArgument("u32:3"),
                        {ArgumentKind::InOut, {9, 8, 7, 6, 5}, 0, "inout", {}}};
    return launch;
}

std::string ErrorOf(const shader::ComputeProgram& program, const KernelLaunch& launch) {
    return test_support::ErrorOf(
        [&] { RunTranslatedKernel(testing::SharedDevice(), ScaleKernel(), program, launch); });
}

TEST(TranslatedKernel, RunsWithConstantBank0AndPointerBuffers) {
    ComputeDevice& device = testing::SharedDevice();
    const KernelResult result =
        RunTranslatedKernel(device, ScaleKernel(), ScaleProgram(), ScaleLaunch());
    ASSERT_EQ(result.buffers.size(), 2u);  // out and inout; not in
    ASSERT_TRUE(result.buffers.contains(1));
    const std::vector<u32> out = BytesWords(result.buffers.at(1));
    const std::vector<u32> input = Input();
    ASSERT_EQ(out.size(), kThreads);
    for (u32 i = 0; i < kThreads; ++i) {
        // blockDim.x 64 and gridDim.x 2 come from constant bank 0, as does the factor 3.
        ASSERT_EQ(out[i], input[i] * 3 + 64 + 2 * 65536) << "at " << i;
    }
    // Not bound by the program: written back unchanged.
    EXPECT_EQ(result.buffers.at(3), (std::vector<u8>{9, 8, 7, 6, 5}));
    EXPECT_EQ(result.gpu_time_ns.has_value(), device.HasTimestamps());
}

TEST(TranslatedKernel, ProgramBindingANonPointerFails) {
    shader::ComputeProgram program = ScaleProgram();
    program.global_buffers[1].address_offset = 0x170;  // the u32 factor
    EXPECT_EQ(ErrorOf(program, ScaleLaunch()),
              "kernel scale: the translation binds c[0x0][0x170] as a global buffer, which is "
              "not a pointer argument");
    program.global_buffers[1].address_offset = 0x164;  // inside a pointer, not at one
    EXPECT_NE(ErrorOf(program, ScaleLaunch()).find("c[0x0][0x164]"), std::string::npos);
    program.global_buffers[1].address_offset = 0x160;
    EXPECT_EQ(ErrorOf(program, ScaleLaunch()),
              "kernel scale: the translation binds parameter 0 twice");
}

TEST(TranslatedKernel, LaunchesCudaWouldRejectFail) {
    KernelLaunch launch = ScaleLaunch();
    launch.block = {64, 32, 1};
    EXPECT_EQ(ErrorOf(ScaleProgram(), launch),
              "kernel scale: a block of 64x32x1 = 2048 threads (CUDA allows 1024)");
    launch.block = {1, 1, 65};
    EXPECT_NE(ErrorOf(ScaleProgram(), launch).find("65 threads along z"), std::string::npos);
    launch = ScaleLaunch();
    launch.grid = {2, 0, 1};
    EXPECT_EQ(ErrorOf(ScaleProgram(), launch), "kernel scale: a grid of 0 blocks along y");
    launch = ScaleLaunch();
    launch.arguments.pop_back();
    EXPECT_EQ(ErrorOf(ScaleProgram(), launch),
              "kernel scale takes 4 parameters, 3 arguments given");
}

}  // namespace
}  // namespace video
