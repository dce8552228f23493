// Differential test of the shader recompiler: every launch manifest of tests/shader/cuda/runs
// is translated (shader::TranslateCompute), run on the Vulkan device and compared, buffer by
// buffer, with what an NVIDIA GPU gave for the same launch. One test per manifest.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "base/error.h"
#include "base/file.h"
#include "cuda_runner/buffer_compare.h"
#include "cuda_runner/kernel_runner.h"
#include "cuda_runner/launch_manifest.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "video_test_support.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

const std::filesystem::path kRunsDir =
    std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda/runs";

// What the lists below depend on, measured on the device the test runs on.
struct DeviceFacts {
    bool fused_fma = false;  // GLSL.std.450 Fma rounds once (Vulkan allows twice)
    u32 subgroup_size = 32;
    bool llvmpipe = false;  // Mesa's CPU device (lavapipe)
};

// GLSL.std.450 Fma((1 + 2^-12), (1 + 2^-12), -(1 + 2^-11)) is 2^-24 fused, 0 when the product
// is rounded first.
bool DeviceFusesFma(ComputeDevice& device) {
    const std::vector<u32> spirv = testing::LoadKernel("fma_probe");
    const float in[4] = {1.0f + 0x1p-12f, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f), -1.0f};
    std::vector<u8> bytes(sizeof(in));
    std::memcpy(bytes.data(), in, sizeof(in));
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers.push_back({0, BufferKind::Storage, &bytes});
    device.Dispatch(dispatch);
    float result = -1.0f;
    std::memcpy(&result, bytes.data() + 12, 4);
    return result == 0x1p-24f;
}

const DeviceFacts& Facts() {
    static const DeviceFacts facts = [] {
        ComputeDevice& device = testing::SharedDevice();
        return DeviceFacts{DeviceFusesFma(device), device.Target().subgroup_size,
                           device.Name().find("llvmpipe") != std::string::npos};
    }();
    return facts;
}

struct Listed {
    std::string reason;
    bool (*applies)(const DeviceFacts&) = [](const DeviceFacts&) { return true; };
};
using NameList = std::map<std::string, Listed, std::less<>>;

// Manifests whose kernel TranslateCompute rejects today, with the text its base::Error must
// hold (the translator's reason). Each must still throw that; one that translates must leave
// this list, and then match the GPU.
const NameList kNotTranslating = {};

// Manifests whose kernel translates but that RunTranslatedKernel cannot run yet, with the text
// its base::Error must hold. Each must still throw that; once it runs, it must match the GPU.
const NameList kNotRunnable = {};

// Manifests whose kernel translates and runs but does not match the GPU because of a translator
// bug (the reason names the SASS instruction), on the devices where `applies` holds. Each must
// still mismatch there; once fixed, remove it. Elsewhere they must match.
const NameList kKnownMismatches = {};

std::string ManifestName(const std::filesystem::path& path) {
    return path.stem().string();  // "generic_atomics.shared" for generic_atomics.shared.run
}

std::vector<std::filesystem::path> Manifests() {
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(kRunsDir)) {
        if (entry.path().extension() == ".run") {
            paths.push_back(entry.path());
        }
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

shader::sass::CubinKernel FindKernel(const LaunchManifest& manifest) {
    const shader::sass::Cubin cubin =
        shader::sass::ReadCubin(base::ReadFile(manifest.cubin), manifest.cubin.string());
    for (const shader::sass::CubinKernel& kernel : cubin.kernels) {
        if (kernel.name == manifest.kernel) {
            return kernel;
        }
    }
    base::Fail("{}: {} has no kernel {}", manifest.path.string(), manifest.cubin.string(),
               manifest.kernel);
}

class Differential : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(Differential, MatchesTheNvidiaGpu) {
    const std::string name = ManifestName(GetParam());
    const LaunchManifest manifest = ReadLaunchManifest(GetParam());
    const shader::sass::CubinKernel kernel = FindKernel(manifest);
    ComputeDevice& device = testing::SharedDevice();

    const shader::ComputeState state = LaunchComputeState(kernel, manifest.launch);
    std::optional<shader::ComputeProgram> program;
    std::string error;
    try {
        program = shader::TranslateCompute(kernel, device.Target(), state);
    } catch (const base::Error& failure) {
        error = failure.what();
    }
    if (const auto known = kNotTranslating.find(name); known != kNotTranslating.end()) {
        ASSERT_FALSE(program) << name << " translates now: remove it from kNotTranslating ("
                              << known->second.reason << "); it must then match the GPU";
        EXPECT_NE(error.find(known->second.reason), std::string::npos)
            << name << " fails to translate for another reason than the listed '"
            << known->second.reason << "': " << error;
        std::cout << "not translated yet (as listed): " << error << "\n";
        return;
    }
    ASSERT_TRUE(program) << name << " does not translate: " << error;
    if (const auto known = kNotRunnable.find(name); known != kNotRunnable.end()) {
        try {
            RunTranslatedKernel(device, kernel, *program, manifest.launch);
            FAIL() << name << " runs now: remove it from kNotRunnable (" << known->second.reason
                   << "); it must then match the GPU";
        } catch (const base::Error& failure) {
            EXPECT_NE(std::string(failure.what()).find(known->second.reason), std::string::npos)
                << name << " does not run for another reason: " << failure.what();
            std::cout << "not run yet (as listed): " << failure.what() << "\n";
        }
        return;
    }

    const KernelResult result = RunTranslatedKernel(device, kernel, *program, manifest.launch);
    bool all_match = true;
    std::string report;
    for (const ExpectedBuffer& expected : manifest.expected) {
        const auto got = result.buffers.find(expected.parameter);
        ASSERT_NE(got, result.buffers.end()) << "no result for parameter " << expected.parameter;
        const CompareResult compared =
            CompareBuffers(expected.bytes, got->second, expected.compare, 6);
        all_match = all_match && compared.Ok();
        report += "\n  param" + std::to_string(expected.parameter) + " (" + expected.where + ", " +
                  expected.file.filename().string() + "): " + DescribeResult(compared);
    }
    if (const auto known = kKnownMismatches.find(name);
        known != kKnownMismatches.end() && known->second.applies(Facts())) {
        EXPECT_FALSE(all_match) << name << " matches the GPU now: remove it from "
                                << "kKnownMismatches (" << known->second.reason << ")";
        std::cout << "known mismatch (" << known->second.reason << "):" << report << "\n";
        return;
    }
    EXPECT_TRUE(all_match) << name << " differs from the NVIDIA GPU:" << report;
}

INSTANTIATE_TEST_SUITE_P(Runs, Differential, ::testing::ValuesIn(Manifests()),
                         [](const ::testing::TestParamInfo<std::filesystem::path>& info) {
                             std::string name = ManifestName(info.param);
                             std::replace(name.begin(), name.end(), '.', '_');
                             return name;
                         });

// On a device without shaderFloat64 (Intel's Xe GPUs) packed half arithmetic still rounds
// once: HFMA2 rounds its f32 sum to odd (TwoSum) instead of computing in f64, and HADD2/HMUL2
// need no f64 at all. Run here with this device's f64 turned off in the target.
TEST(DifferentialWithoutFloat64, HalfOpsMatchTheNvidiaGpu) {
    const LaunchManifest manifest = ReadLaunchManifest(kRunsDir / "half_ops.run");
    const shader::sass::CubinKernel kernel = FindKernel(manifest);
    ComputeDevice& device = testing::SharedDevice();
    shader::TargetProfile target = device.Target();
    target.float64 = false;
    const shader::ComputeProgram program =
        shader::TranslateCompute(kernel, target, LaunchComputeState(kernel, manifest.launch));
    const KernelResult result = RunTranslatedKernel(device, kernel, program, manifest.launch);
    for (const ExpectedBuffer& expected : manifest.expected) {
        const auto got = result.buffers.find(expected.parameter);
        ASSERT_NE(got, result.buffers.end());
        const CompareResult compared =
            CompareBuffers(expected.bytes, got->second, expected.compare, 6);
        EXPECT_TRUE(compared.Ok()) << DescribeResult(compared);
    }
}

// The lists name manifests that exist, each in one list only.
TEST(DifferentialLists, NameExistingManifests) {
    std::vector<std::string> names;
    for (const std::filesystem::path& path : Manifests()) {
        names.push_back(ManifestName(path));
    }
    EXPECT_GE(names.size(), 31u);
    for (const NameList* list : {&kNotTranslating, &kNotRunnable, &kKnownMismatches}) {
        for (const auto& [name, listed] : *list) {
            EXPECT_NE(std::find(names.begin(), names.end(), name), names.end())
                << "no manifest " << name << ".run (" << listed.reason << ")";
        }
    }
    for (const auto& [name, listed] : kNotTranslating) {
        EXPECT_FALSE(kKnownMismatches.contains(name)) << name << " is in both lists";
    }
    for (const auto& [name, listed] : kNotRunnable) {
        EXPECT_FALSE(kKnownMismatches.contains(name) || kNotTranslating.contains(name))
            << name << " is in two lists";
    }
}

}  // namespace
}  // namespace video
