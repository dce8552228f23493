// Launch manifests: the committed ones read whole; malformed ones fail naming file and line.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "base/error.h"
#include "cuda_runner/launch_manifest.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

const std::filesystem::path kRunsDir =
    std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda/runs";

TEST(LaunchManifest, ReadsInt32Ops) {
    const LaunchManifest manifest = ReadLaunchManifest(kRunsDir / "int32_ops.run");
    EXPECT_EQ(manifest.cubin, kRunsDir.parent_path() / "arith.cubin");
    EXPECT_EQ(manifest.kernel, "int32_ops");
    EXPECT_EQ(manifest.launch.grid, (std::array<u32, 3>{2, 1, 1}));
    EXPECT_EQ(manifest.launch.block, (std::array<u32, 3>{64, 1, 1}));
    EXPECT_EQ(manifest.launch.dynamic_shared_bytes, 0u);
    ASSERT_EQ(manifest.launch.arguments.size(), 4u);
    EXPECT_EQ(manifest.launch.arguments[0].kind, ArgumentKind::In);
    EXPECT_FALSE(manifest.launch.arguments[0].bytes.empty());
    EXPECT_EQ(manifest.launch.arguments[2].kind, ArgumentKind::Out);
    EXPECT_EQ(manifest.launch.arguments[2].bytes, std::vector<u8>(4096, 0));
    EXPECT_EQ(manifest.launch.arguments[3].kind, ArgumentKind::I32);
    EXPECT_EQ(manifest.launch.arguments[3].scalar, 120u);
    ASSERT_EQ(manifest.expected.size(), 1u);
    EXPECT_EQ(manifest.expected[0].parameter, 2u);
    EXPECT_EQ(manifest.expected[0].bytes.size(), 4096u);
    EXPECT_EQ(manifest.expected[0].where, (kRunsDir / "int32_ops.run").string() + ":10");
    EXPECT_TRUE(manifest.globals.empty());
    EXPECT_TRUE(manifest.description.starts_with("int32_ops: IADD3"));
}

TEST(LaunchManifest, KeepsGlobalsAndInoutSpecs) {
    const LaunchManifest reverse = ReadLaunchManifest(kRunsDir / "shared_reverse.run");
    ASSERT_EQ(reverse.globals.size(), 1u);
    EXPECT_EQ(reverse.globals[0].symbol, "table");
    EXPECT_FALSE(reverse.globals[0].bytes.empty());
    const LaunchManifest atomics = ReadLaunchManifest(kRunsDir / "global_atomics.run");
    ASSERT_EQ(atomics.expected.size(), 5u);
    EXPECT_EQ(atomics.launch.arguments[0].kind, ArgumentKind::InOut);
    EXPECT_EQ(atomics.expected[0].compare.text, "exact:0-16,skip:16-24");
}

// Texture and surface object arguments: their texels, shape and sampling; a surface's contents
// after the launch are expected like an out buffer's.
TEST(LaunchManifest, ReadsTextureAndSurfaceArguments) {
    const LaunchManifest sample = ReadLaunchManifest(kRunsDir / "sample.run");
    ASSERT_EQ(sample.launch.arguments.size(), 4u);
    const KernelArgument& t2d = sample.launch.arguments[0];
    EXPECT_EQ(t2d.kind, ArgumentKind::Texture);
    ASSERT_TRUE(t2d.image);
    EXPECT_EQ(t2d.image->dim, shader::ImageDim::D2);
    EXPECT_EQ(t2d.image->size, (std::array<u32, 3>{13, 13, 1}));
    EXPECT_EQ(t2d.image->channels, 4u);
    EXPECT_EQ(t2d.image->filter, TextureFilter::Point);
    EXPECT_EQ(t2d.image->address, TextureAddress::Clamp);
    EXPECT_TRUE(t2d.image->normalized);
    EXPECT_EQ(t2d.bytes.size(), 13u * 13 * 16);
    EXPECT_TRUE(sample.launch.arguments[1].image->linear_memory);
    EXPECT_EQ(sample.launch.arguments[2].image->dim, shader::ImageDim::D3);
    EXPECT_EQ(ParameterBytes(t2d.kind), 8u);

    const LaunchManifest surfaces = ReadLaunchManifest(kRunsDir / "surfaces.run");
    EXPECT_EQ(surfaces.launch.arguments[0].kind, ArgumentKind::Surface);
    EXPECT_EQ(surfaces.launch.arguments[1].image->type, TexelType::I32);
    ASSERT_EQ(surfaces.expected.size(), 3u);
    EXPECT_EQ(surfaces.expected[0].parameter, 0u);
    EXPECT_EQ(surfaces.expected[0].bytes.size(), 16u * 2 * 16);
}

TEST(LaunchManifest, EveryCommittedManifestReads) {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kRunsDir)) {
        if (entry.path().extension() == ".run") {
            EXPECT_NO_THROW(ReadLaunchManifest(entry.path())) << entry.path();
            ++count;
        }
    }
    EXPECT_GE(count, 31);
}

// The error names the manifest and the line, and says what is wrong.
void ExpectError(const std::string& text, const std::string& where, const std::string& what) {
    const std::filesystem::path path = kRunsDir / "test.run";
    try {
        ParseLaunchManifest(text, path);
        ADD_FAILURE() << "accepted:\n" << text;
    } catch (const base::Error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(path.string() + where), std::string::npos) << message;
        EXPECT_NE(message.find(what), std::string::npos) << message;
    }
}

TEST(LaunchManifest, BadInputNamesFileAndLine) {
    const std::string head = "# comment\ncubin arith.cubin\nkernel int32_ops\ngrid 2 1 1\n";
    ExpectError(head + "block 64 0 1\n", ":5", "cannot parse 'block 64 0 1'");
    ExpectError(head + "block 64 1 1\nlaunch now\n", ":6", "cannot parse 'launch now'");
    ExpectError(head + "block 64 1 1\narg in missing.bin\n", ":6", "missing.bin");
    ExpectError(head + "block 64 1 1\narg i32 12x\n", ":6", "not a i32 value");
    ExpectError(head + "block 64 1 1\narg out 0 int32_ops.out.expected.bin exact\n", ":6",
                "cannot parse");
    ExpectError(head + "block 64 1 1\narg out 4000 int32_ops.out.expected.bin exact\n", ":6",
                "has 4096 bytes, the buffer 4000");
    ExpectError(head + "block 64 1 1\narg out 4096 int32_ops.out.expected.bin f32ulp:0:0-6\n", ":6",
                "does not fit 4-byte elements");
    ExpectError(head + "block 64 1 1\nglobal table nothing.bin\n", ":6", "nothing.bin");
    ExpectError(head + "grid 1 1 1\n", ":5", "a second grid line");
    ExpectError(head, "", "no block line");
}

}  // namespace
}  // namespace video
