// Every kernel of the CUDA fixture cubins goes through the compute translator; what it
// translates must be valid SPIR-V for Vulkan 1.1 (the SPIRV-Tools validator, as spirv-val).
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include <spirv/unified1/spirv.hpp>

#include "base/error.h"
#include "base/file.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "support/error_of.h"

namespace {

std::filesystem::path CudaDir() {
    return std::filesystem::path(NXHOST_SOURCE_DIR) / "tests" / "shader" / "cuda";
}

shader::sass::CubinKernel FixtureKernel(const std::string& cubin_name, std::string_view name) {
    const shader::sass::Cubin cubin =
        shader::sass::ReadCubin(base::ReadFile(CudaDir() / cubin_name), cubin_name);
    for (const shader::sass::CubinKernel& kernel : cubin.kernels) {
        if (kernel.name == name) {
            return kernel;
        }
    }
    ADD_FAILURE() << "no kernel " << name << " in " << cubin_name;
    return {};
}

shader::ComputeState BlockOf(u32 threads) {
    shader::ComputeState state;
    state.block = {threads, 1, 1};
    return state;
}

// A device with 64-bit integers (which every translated kernel needs) and, if asked, floats.
shader::TargetProfile With64BitTypes(bool float64) {
    shader::TargetProfile target;
    target.int64 = true;
    target.float64 = float64;
    return target;
}

// What TranslateCompute refuses the kernel with, or "(no error)".
std::string TranslationError(const shader::sass::CubinKernel& kernel,
                             const shader::TargetProfile& target,
                             const shader::ComputeState& state) {
    return test_support::ErrorOf([&] { shader::TranslateCompute(kernel, target, state); });
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
    const shader::sass::CubinKernel kernel = FixtureKernel("warp.cubin", "barriers");
    const shader::ComputeState state = BlockOf(64);
    shader::TargetProfile target = With64BitTypes(false);
    const std::string error = TranslationError(kernel, target, state);
    EXPECT_NE(error.find("SR_CLOCKLO needs VK_KHR_shader_clock"), std::string::npos) << error;
    target.shader_clock = true;
    EXPECT_FALSE(shader::TranslateCompute(kernel, target, state).spirv.empty());
}

// How deep structured constructs nest in a module: each OpSelectionMerge / OpLoopMerge opens
// one that lasts until its merge block's label (the emitter writes merge blocks after bodies).
std::size_t MaxNesting(const std::vector<u32>& spirv) {
    std::vector<u32> open_merges;
    std::size_t deepest = 0;
    for (std::size_t at = 5; at < spirv.size();) {
        const u32 opcode = spirv[at] & 0xffff;
        const u32 words = spirv[at] >> 16;
        if (opcode == static_cast<u32>(spv::Op::OpLabel)) {
            while (!open_merges.empty() && open_merges.back() == spirv[at + 1]) {
                open_merges.pop_back();
            }
        } else if (opcode == static_cast<u32>(spv::Op::OpSelectionMerge) ||
                   opcode == static_cast<u32>(spv::Op::OpLoopMerge)) {
            open_merges.push_back(spirv[at + 1]);
            deepest = std::max(deepest, open_merges.size());
        }
        at += std::max<u32>(words, 1);
    }
    return deepest;
}

// control.cu's loops: nvcc unrolls `while (sum > 1 && j < 100)` into a chain of 99 forward
// branches to one join. Nested once per exit it reached llvmpipe's limit of 80 levels (gallivm's
// control-flow stack), which then left the chain at its 80th test; now at most 16 exits nest
// (Emitter::kNestedSkips), then the chain goes on under `if (!skipped)`.
TEST(ComputeTranslate, ChainsOfEarlyExitsNestBoundedly) {
    const shader::sass::CubinKernel kernel = FixtureKernel("control.cubin", "loops");
    const std::vector<u32> spirv =
        shader::TranslateCompute(kernel, With64BitTypes(true), BlockOf(64)).spirv;
    EXPECT_LE(MaxNesting(spirv), 20u);
}

// TXQ does not say a texture's dimension (the GPU reads it from the texture's header): the
// launch gives it (ComputeState::image_dims), and a query of an axis the texture lacks is
// refused rather than answered with a guess.
TEST(ComputeTranslate, TextureQueryTakesTheDimensionFromTheLaunch) {
    const shader::sass::CubinKernel kernel = FixtureKernel("query.cubin", "texture_query");
    const shader::TargetProfile target = With64BitTypes(false);
    shader::ComputeState state = BlockOf(8);
    const std::string unknown = TranslationError(kernel, target, state);
    EXPECT_NE(unknown.find("is only queried (TXQ)"), std::string::npos) << unknown;
    state.image_dims = {{0x160, shader::ImageDim::D2}, {0x168, shader::ImageDim::D2}};
    const std::string no_depth = TranslationError(kernel, target, state);
    EXPECT_NE(no_depth.find("size component 2 of a 2-component texture"), std::string::npos)
        << no_depth;
    state.image_dims = {{0x160, shader::ImageDim::D2}, {0x168, shader::ImageDim::D3}};
    const shader::ComputeProgram program = shader::TranslateCompute(kernel, target, state);
    ASSERT_EQ(program.images.size(), 2u);
    EXPECT_EQ(program.images[0].dim, shader::ImageDim::D2);
    EXPECT_EQ(program.images[1].dim, shader::ImageDim::D3);
}

// A device without shaderFloat64 (Intel's Xe GPUs under Mesa) cannot run the exact float paths
// that are built on f64, nor f64 arithmetic; without shaderInt64 nothing runs. Both refused
// with the feature's name instead of a module the device would reject.
TEST(ComputeTranslate, MissingDeviceFeaturesAreNamed) {
    const shader::sass::CubinKernel kernel = FixtureKernel("arith.cubin", "double_ops");
    const auto error_of = [&](const shader::TargetProfile& target) {
        return TranslationError(kernel, target, BlockOf(64));
    };
    shader::TargetProfile target;
    target.int64 = true;
    EXPECT_NE(error_of(target).find("no shaderFloat64"), std::string::npos) << error_of(target);
    target.int64 = false;
    target.float64 = true;
    EXPECT_NE(error_of(target).find("no shaderInt64"), std::string::npos) << error_of(target);
    target.int64 = true;
    EXPECT_EQ(error_of(target), "(no error)");
}

// Module-scope data of the cubins (sass::CubinModule), as readelf shows it: memory.cubin's
// __constant__ table[64] in .nv.constant3; mufu.cubin's __cudart_i2opi_f (24 bytes of
// .nv.global.init), whose address .rel.nv.constant4 writes into c[0x4][0x0] (R_CUDA_64).
TEST(ComputeTranslate, CubinModuleData) {
    const shader::sass::Cubin memory =
        shader::sass::ReadCubin(base::ReadFile(CudaDir() / "memory.cubin"), "memory.cubin");
    ASSERT_FALSE(memory.kernels.empty());
    const shader::sass::CubinModule& constants = memory.kernels.front().module;
    EXPECT_EQ(constants.constant3.bytes.size(), 256u);
    ASSERT_EQ(constants.constant3.symbols.size(), 1u);
    EXPECT_EQ(constants.constant3.symbols[0].name, "table");
    EXPECT_EQ(constants.constant3.symbols[0].offset, 0u);
    EXPECT_EQ(constants.constant3.symbols[0].size, 256u);
    EXPECT_TRUE(constants.global.bytes.empty());

    const shader::sass::Cubin mufu =
        shader::sass::ReadCubin(base::ReadFile(CudaDir() / "mufu.cubin"), "mufu.cubin");
    ASSERT_FALSE(mufu.kernels.empty());
    const shader::sass::CubinModule& module = mufu.kernels.front().module;
    ASSERT_EQ(module.global.bytes.size(), 24u);
    EXPECT_EQ(module.global.bytes[0], 0x41);  // the first byte of 2/pi's bits
    ASSERT_EQ(module.global.symbols.size(), 1u);
    EXPECT_EQ(module.global.symbols[0].name, "__cudart_i2opi_f");
    EXPECT_EQ(module.global.symbols[0].size, 24u);
    EXPECT_EQ(module.constant4.size(), 8u);
    ASSERT_EQ(module.constant4_relocations.size(), 1u);
    const shader::sass::Relocation& relocation = module.constant4_relocations[0];
    EXPECT_EQ(relocation.offset, 0u);
    EXPECT_EQ(relocation.type, 2u);
    EXPECT_EQ(relocation.symbol, "__cudart_i2opi_f");
    EXPECT_EQ(relocation.global_offset, u64{0});
    for (const shader::sass::CubinKernel& kernel : mufu.kernels) {
        EXPECT_TRUE(kernel.code_relocations.empty()) << kernel.name;
    }
}

// A kernel reading bank 3 gets it as a uniform buffer of the module's size; one reaching the
// module's global memory through bank 4 gets that memory as a storage buffer.
TEST(ComputeTranslate, ModuleBindings) {
    shader::TargetProfile target;
    target.int64 = true;
    target.float64 = true;
    shader::ComputeState state;
    state.block = {256, 1, 1};
    const auto translate = [&](const char* file, const char* name) {
        const shader::sass::Cubin cubin =
            shader::sass::ReadCubin(base::ReadFile(CudaDir() / file), file);
        for (const auto& kernel : cubin.kernels) {
            if (kernel.name == name) {
                return shader::TranslateCompute(kernel, target, state);
            }
        }
        ADD_FAILURE() << "no kernel " << name;
        return shader::ComputeProgram{};
    };
    const shader::ComputeProgram reverse = translate("memory.cubin", "shared_reverse");
    ASSERT_EQ(reverse.constant_banks.size(), 1u);
    EXPECT_EQ(reverse.constant_banks[0].bank, 3u);
    EXPECT_EQ(reverse.constant_banks[0].bytes, 256u);
    EXPECT_FALSE(reverse.module_global_binding);
    const shader::ComputeProgram precise = translate("mufu.cubin", "precise_functions");
    EXPECT_TRUE(precise.constant_banks.empty());
    ASSERT_TRUE(precise.module_global_binding);
    ASSERT_EQ(precise.global_buffers.size(), 2u);  // a and out
    for (const shader::GlobalBufferBinding& buffer : precise.global_buffers) {
        EXPECT_NE(buffer.binding, *precise.module_global_binding);
    }
}

// Texture and surface object parameters: one image each, bound after the buffers, named by the
// parameter's offset in constant bank 0 (texture.cu: sample's t2d at 0x160 is sampled in 2D
// and as a layer of a 2D array, so its image is arrayed).
TEST(ComputeTranslate, TextureAndSurfaceBindings) {
    shader::TargetProfile target;
    target.int64 = true;
    target.float64 = true;
    const shader::sass::Cubin cubin =
        shader::sass::ReadCubin(base::ReadFile(CudaDir() / "texture.cubin"), "texture.cubin");
    shader::ComputeState state;
    state.block = {32, 1, 1};
    for (const auto& kernel : cubin.kernels) {
        const shader::ComputeProgram program = shader::TranslateCompute(kernel, target, state);
        if (kernel.name == "sample") {
            ASSERT_EQ(program.images.size(), 3u);
            EXPECT_EQ(program.images[0].handle_offset, 0x160u);
            EXPECT_EQ(program.images[0].dim, shader::ImageDim::D2);
            EXPECT_TRUE(program.images[0].arrayed);
            EXPECT_EQ(program.images[1].handle_offset, 0x168u);
            EXPECT_EQ(program.images[1].dim, shader::ImageDim::D1);
            EXPECT_EQ(program.images[2].handle_offset, 0x170u);
            EXPECT_EQ(program.images[2].dim, shader::ImageDim::D3);
            for (const shader::ImageBinding& image : program.images) {
                EXPECT_EQ(image.kind, shader::ImageKind::Sampled);
            }
            ASSERT_EQ(program.global_buffers.size(), 1u);  // out
            EXPECT_EQ(program.images[0].binding, 2u);
        } else {
            ASSERT_EQ(kernel.name, "surfaces");
            ASSERT_EQ(program.images.size(), 2u);
            EXPECT_EQ(program.images[0].kind, shader::ImageKind::Storage);
            EXPECT_EQ(program.images[0].dim, shader::ImageDim::D2);
            EXPECT_EQ(program.images[0].texel_words, 4u);
            EXPECT_EQ(program.images[1].dim, shader::ImageDim::D1);
            EXPECT_EQ(program.images[1].texel_words, 1u);
        }
    }
}

}  // namespace
