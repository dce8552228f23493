// ShaderCache::GetOrTranslate with the real translator: a miss translates and stores, the next
// call (from another cache object too) is a hit that gives the same program.
#include <unistd.h>

#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "base/file.h"
#include "shader/cache/shader_cache.h"

namespace {

namespace fs = std::filesystem;
using namespace shader;

sass::CubinKernel FixtureKernel(const std::string& cubin, const std::string& name) {
    const fs::path path = fs::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda" / cubin;
    for (sass::CubinKernel& kernel : sass::ReadCubin(base::ReadFile(path), path.string()).kernels) {
        if (kernel.name == name) {
            return std::move(kernel);
        }
    }
    ADD_FAILURE() << "no kernel " << name << " in " << path;
    return {};
}

// A device with the 64-bit types every translated kernel may need.
TargetProfile Target() {
    TargetProfile target;
    target.int64 = true;
    target.float64 = true;
    return target;
}

TEST(ShaderCacheTranslateTest, MissTranslatesAndStoresThenHitsGiveTheSameProgram) {
    const fs::path folder =
        fs::temp_directory_path() / ("nxhost-shader-cache-translate-" + std::to_string(::getpid()) +
                                     "-" + std::to_string(std::random_device()()));
    // tests/video runs this kernel on the Vulkan device, so it is one the translator handles.
    const sass::CubinKernel kernel = FixtureKernel("arith.cubin", "int32_ops");
    const ComputeState state{.block = {64, 1, 1}};
    const ComputeProgram direct = TranslateCompute(kernel, Target(), state);

    ShaderCache first(folder);
    const ComputeProgram translated = first.GetOrTranslate(kernel, Target(), state);
    EXPECT_EQ(first.Stats().misses, 1u);
    EXPECT_EQ(first.Stats().stored, 1u);
    EXPECT_TRUE(fs::is_regular_file(first.EntryPath(MakeShaderCacheKey(kernel, Target(), state))));

    const ComputeProgram again = first.GetOrTranslate(kernel, Target(), state);
    ShaderCache second(folder);
    const ComputeProgram shared = second.GetOrTranslate(kernel, Target(), state);
    EXPECT_EQ(first.Stats().hits, 1u);
    EXPECT_EQ(second.Stats().hits, 1u);
    EXPECT_EQ(second.Stats().stored, 0u);
    for (const ComputeProgram* program : {&translated, &again, &shared}) {
        EXPECT_EQ(program->spirv, direct.spirv);
        EXPECT_EQ(program->workgroup_size, direct.workgroup_size);
        EXPECT_EQ(program->global_buffers.size(), direct.global_buffers.size());
        EXPECT_EQ(program->cbank0_bytes, direct.cbank0_bytes);
    }
    EXPECT_FALSE(direct.spirv.empty());

    // Another block size is another key: translated again, not served the 64-thread program.
    const ComputeProgram wider = first.GetOrTranslate(kernel, Target(), {.block = {128, 1, 1}});
    EXPECT_EQ(first.Stats().misses, 2u);
    EXPECT_NE(wider.workgroup_size, translated.workgroup_size);
    EXPECT_EQ(wider.workgroup_size,
              TranslateCompute(kernel, Target(), {.block = {128, 1, 1}}).workgroup_size);
    fs::remove_all(folder);
}

}  // namespace
