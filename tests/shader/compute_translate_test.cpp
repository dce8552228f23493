// Every kernel of the CUDA fixture cubins goes through the compute translator; what it
// translates must be valid SPIR-V for Vulkan 1.1 (the SPIRV-Tools validator, as spirv-val).
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include "base/error.h"
#include "base/file.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace {

std::filesystem::path CudaDir() {
    return std::filesystem::path(NXHOST_SOURCE_DIR) / "tests" / "shader" / "cuda";
}

struct Outcome {
    std::string kernel;
    std::string error;  // empty: translated and valid
};

std::vector<Outcome> TranslateAll(const shader::TargetProfile& target) {
    std::vector<Outcome> outcomes;
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string validation;
    tools.SetMessageConsumer(
        [&](spv_message_level_t, const char*, const spv_position_t& position, const char* message) {
            validation += "word " + std::to_string(position.index) + ": " + message + "\n";
        });
    for (const auto& entry : std::filesystem::directory_iterator(CudaDir())) {
        if (entry.path().extension() != ".cubin") {
            continue;
        }
        const std::vector<u8> bytes = base::ReadFile(entry.path());
        const shader::sass::Cubin cubin = shader::sass::ReadCubin(bytes, entry.path().string());
        for (const auto& kernel : cubin.kernels) {
            Outcome outcome{kernel.name, {}};
            try {
                shader::ComputeState state;
                state.block = {64, 1, 1};
                const shader::ComputeProgram program =
                    shader::TranslateCompute(kernel, target, state);
                validation.clear();
                if (!tools.Validate(program.spirv)) {
                    outcome.error = "invalid SPIR-V: " + validation;
                }
            } catch (const base::Error& error) {
                outcome.error = error.what();
            }
            outcomes.push_back(outcome);
        }
    }
    return outcomes;
}

void ExpectValidSpirv(const shader::TargetProfile& target) {
    const std::vector<Outcome> outcomes = TranslateAll(target);
    ASSERT_GE(outcomes.size(), 31u);
    int translated = 0;
    for (const Outcome& outcome : outcomes) {
        if (outcome.error.empty()) {
            ++translated;
        } else {
            EXPECT_EQ(outcome.error.find("invalid SPIR-V"), std::string::npos)
                << outcome.kernel << ": " << outcome.error;
        }
        std::printf("%-24s %s\n", outcome.kernel.c_str(),
                    outcome.error.empty() ? "ok" : outcome.error.c_str());
    }
    std::printf("%d of %zu kernels translate\n", translated, outcomes.size());
}

// Warp operations through shared memory (lavapipe's subgroups have 8 invocations).
TEST(ComputeTranslate, TranslatedKernelsAreValidSpirv) {
    shader::TargetProfile target;
    target.subgroup_size = 8;
    target.int64 = true;
    target.float64 = true;
    ExpectValidSpirv(target);
}

// Warp operations as subgroup operations, on a device with 32-wide subgroups.
TEST(ComputeTranslate, SubgroupFastPathIsValidSpirv) {
    shader::TargetProfile target;
    target.subgroup_size = 32;
    target.int64 = true;
    target.float64 = true;
    target.subgroup_ballot = true;
    target.subgroup_shuffle = true;
    target.subgroup_arithmetic = true;
    target.shader_clock = true;
    ExpectValidSpirv(target);
}

// clock() without VK_KHR_shader_clock: refused, naming the register and the extension.
TEST(ComputeTranslate, ClockNeedsShaderClock) {
    const std::vector<u8> bytes = base::ReadFile(CudaDir() / "warp.cubin");
    const shader::sass::Cubin cubin = shader::sass::ReadCubin(bytes, "warp.cubin");
    const auto kernel = std::find_if(cubin.kernels.begin(), cubin.kernels.end(),
                                     [](const auto& k) { return k.name == "barriers"; });
    ASSERT_NE(kernel, cubin.kernels.end());
    shader::ComputeState state;
    state.block = {64, 1, 1};
    shader::TargetProfile target;
    target.int64 = true;
    try {
        shader::TranslateCompute(*kernel, target, state);
        FAIL() << "barriers translated without shader_clock";
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("SR_CLOCKLO needs VK_KHR_shader_clock"),
                  std::string::npos)
            << error.what();
    }
    target.shader_clock = true;
    EXPECT_FALSE(shader::TranslateCompute(*kernel, target, state).spirv.empty());
}

}  // namespace
