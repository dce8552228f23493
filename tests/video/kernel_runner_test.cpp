// RunKernel end to end: a fixture cubin translated by shader::TranslateCompute and run on the
// device, against the results an NVIDIA GPU gave for the same launch (tests/shader/cuda/runs).
#include <gtest/gtest.h>

#include "base/error.h"
#include "base/file.h"
#include "cuda_runner/kernel_runner.h"
#include "shader/sass/cubin.h"
#include "video_test_support.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

const std::filesystem::path kCudaDir =
    std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda";
const std::filesystem::path kRunsDir = kCudaDir / "runs";

shader::sass::CubinKernel FixtureKernel(const char* cubin, std::string_view name) {
    const std::filesystem::path path = kCudaDir / cubin;
    const shader::sass::Cubin parsed = shader::sass::ReadCubin(base::ReadFile(path), path.string());
    for (const shader::sass::CubinKernel& kernel : parsed.kernels) {
        if (kernel.name == name) {
            return kernel;
        }
    }
    ADD_FAILURE() << "no kernel " << name << " in " << path;
    return {};
}

// tests/shader/cuda/runs/int32_ops.run: every output word must equal the GPU's.
TEST(KernelRunner, Int32OpsMatchesTheNvidiaGpu) {
    const shader::sass::CubinKernel kernel = FixtureKernel("arith.cubin", "int32_ops");
    KernelLaunch launch;
    launch.grid = {2, 1, 1};
    launch.block = {64, 1, 1};
    for (const std::string& text : {"in:" + (kRunsDir / "int32_ops.a.bin").string(),
                                    "in:" + (kRunsDir / "int32_ops.b.bin").string(),
                                    std::string("out:4096"), std::string("i32:120")}) {
        launch.arguments.push_back(ParseKernelArgument(text));
    }
    const KernelResult result = RunKernel(testing::SharedDevice(), kernel, launch);
    ASSERT_TRUE(result.buffers.contains(2));
    const std::vector<u32> got = testing::BytesWords(result.buffers.at(2));
    const std::vector<u32> expected =
        testing::BytesWords(base::ReadFile(kRunsDir / "int32_ops.out.expected.bin"));
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i], expected[i]) << "word " << i;
    }
}

// `global NAME FILE` values must name a module variable and have its size.
TEST(KernelRunner, ModuleGlobalsAreChecked) {
    const shader::sass::CubinKernel kernel = FixtureKernel("memory.cubin", "shared_reverse");
    KernelLaunch launch;
    launch.block = {256, 1, 1};
    launch.arguments.push_back(ParseKernelArgument("out:1024"));
    launch.arguments.push_back(ParseKernelArgument("out:1024"));
    launch.globals.push_back({"table", std::vector<u8>(256, 0), "test"});
    EXPECT_NO_THROW(CheckKernelLaunch(kernel, launch));
    launch.globals[0].bytes.resize(255);
    EXPECT_THROW(CheckKernelLaunch(kernel, launch), base::Error);
    launch.globals[0] = {"no_such_variable", std::vector<u8>(4, 0), "test"};
    EXPECT_THROW(CheckKernelLaunch(kernel, launch), base::Error);
}

}  // namespace
}  // namespace video
