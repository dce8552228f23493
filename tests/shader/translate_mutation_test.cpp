// The translator on damaged code: every fixture kernel with some of its instruction words
// changed (operand bits, control bits, whole words swapped or repeated) must translate to valid
// SPIR-V or be refused with base::Error, never crash or emit what the validator rejects. A
// game's shader reaching nxhost damaged, or hostile, gets the same.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "base/error.h"
#include "base/file.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace {

// NXHOST_TRANSLATE_MUTATIONS sets how many damaged copies of each kernel are tried (default 16;
// more under the sanitizers of the debug preset).
int MutationsPerKernel() {
    const char* text = std::getenv("NXHOST_TRANSLATE_MUTATIONS");
    return text != nullptr && std::atoi(text) > 0 ? std::atoi(text) : 16;
}

std::vector<shader::sass::CubinKernel> FixtureKernels() {
    std::vector<shader::sass::CubinKernel> kernels;
    const auto dir = std::filesystem::path(NXHOST_SOURCE_DIR) / "tests" / "shader" / "cuda";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".cubin") {
            const auto cubin =
                shader::sass::ReadCubin(base::ReadFile(entry.path()), entry.path().string());
            kernels.insert(kernels.end(), cubin.kernels.begin(), cubin.kernels.end());
        }
    }
    return kernels;
}

// One to three changes to the code: a bit of an operand or immediate field (the low 64 bits),
// a bit anywhere, or an instruction copied over another.
void Mutate(std::vector<u8>& code, std::mt19937& random) {
    const std::size_t words = code.size() / 16;
    const int changes = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < changes; ++i) {
        const std::size_t word = random() % words;
        switch (random() % 4) {
            case 0:
            case 1:
                code[word * 16 + random() % 8] ^= static_cast<u8>(1u << (random() % 8));
                break;
            case 2:
                code[word * 16 + random() % 16] ^= static_cast<u8>(1u << (random() % 8));
                break;
            default:
                std::copy_n(code.begin() + static_cast<std::ptrdiff_t>((random() % words) * 16), 16,
                            code.begin() + static_cast<std::ptrdiff_t>(word * 16));
                break;
        }
    }
}

TEST(TranslateMutations, ValidSpirvOrAClearError) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string validation;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* message) { validation += message; });
    shader::TargetProfile target;
    target.subgroup_size = 8;
    target.int64 = true;
    target.float64 = true;
    std::mt19937 random(20261130);
    int translated = 0;
    int refused = 0;
    for (const shader::sass::CubinKernel& original : FixtureKernels()) {
        for (int i = 0; i < MutationsPerKernel(); ++i) {
            shader::sass::CubinKernel kernel = original;
            Mutate(kernel.code, random);
            shader::ComputeState state;
            state.block = {64, 1, 1};
            try {
                const shader::ComputeProgram program =
                    shader::TranslateCompute(kernel, target, state);
                validation.clear();
                EXPECT_TRUE(tools.Validate(program.spirv))
                    << kernel.name << " mutation " << i << ": " << validation;
                ++translated;
            } catch (const base::Error&) {
                ++refused;
            }
        }
    }
    std::printf("%d mutated kernels translated, %d refused\n", translated, refused);
    EXPECT_GT(translated, 0);
    EXPECT_GT(refused, 0);
}

}  // namespace
