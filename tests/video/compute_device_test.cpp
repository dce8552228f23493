// The Vulkan compute device on the machine's device (lavapipe in CI): opening, the target
// profile, dispatches with uniform and storage buffers, the pipeline cache, subgroups,
// timestamps and bad input.
#include <bit>
#include <numeric>

#include <gtest/gtest.h>

#include "base/error.h"
#include "support/error_of.h"
#include "video/compute_device.h"
#include "video_test_support.h"

namespace video {
namespace {

using testing::BytesWords;
using testing::LoadKernel;
using testing::SharedDevice;
using testing::WordBytes;

using test_support::ErrorOf;

TEST(ComputeDevice, OpensWithASaneTarget) {
    ComputeDevice& device = SharedDevice();
    EXPECT_FALSE(device.Name().empty());
    EXPECT_FALSE(device.Driver().empty());
    const shader::TargetProfile& target = device.Target();
    EXPECT_TRUE(std::has_single_bit(target.subgroup_size)) << target.subgroup_size;
    EXPECT_GE(target.subgroup_size, 1u);
    EXPECT_LE(target.subgroup_size, 128u);
    // Features that only make sense with others.
    if (target.float64_atomic_add) {
        EXPECT_TRUE(target.float64);
    }
    if (target.int64_atomics) {
        EXPECT_TRUE(target.int64);
    }
    if (target.full_32_wide_subgroups) {
        EXPECT_TRUE(target.subgroup_arithmetic || target.subgroup_ballot || target.subgroup_vote);
    }
    std::printf("device: %s (%s), subgroups of %u\n", device.Name().c_str(),
                device.Driver().c_str(), target.subgroup_size);
}

TEST(ComputeDevice, ChoosingByANameNoDeviceHasFails) {
    ComputeDeviceOptions options;
    options.device = "no such vulkan device";
    const std::string error = ErrorOf([&] { ComputeDevice::Open(options); });
    EXPECT_NE(error.find("no Vulkan device's name contains 'no such vulkan device'"),
              std::string::npos)
        << error;
    EXPECT_NE(error.find(SharedDevice().Name()), std::string::npos) << error;
}

TEST(ComputeDevice, AffineKernelGivesTheRightNumbers) {
    ComputeDevice& device = SharedDevice();
    const std::vector<u32> spirv = LoadKernel("affine");
    constexpr u32 kCount = 256;  // 4 groups of 64
    std::vector<u32> input(kCount);
    for (u32 i = 0; i < kCount; ++i) {
        input[i] = i * 7 + 3;
    }
    std::vector<u8> params = WordBytes({5, 1000});
    std::vector<u8> in = WordBytes(input);
    std::vector<u8> out(kCount * 4, 0xee);
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Uniform, &params},
                        {1, BufferKind::Storage, &in},
                        {2, BufferKind::Storage, &out}};
    dispatch.groups = {kCount / 64, 1, 1};
    device.Dispatch(dispatch);
    const std::vector<u32> result = BytesWords(out);
    for (u32 i = 0; i < kCount; ++i) {
        ASSERT_EQ(result[i], input[i] * 5 + 1000 + i) << "at " << i;
    }
    EXPECT_EQ(BytesWords(in), input);  // read back, unchanged
    EXPECT_EQ(BytesWords(params), (std::vector<u32>{5, 1000}));
}

TEST(ComputeDevice, StorageBytesBeyondTheWrittenOnesRoundTrip) {
    ComputeDevice& device = SharedDevice();
    const std::vector<u32> spirv = LoadKernel("increment");
    // 64 words are incremented; the 6 words and 3 bytes after them come back as they went.
    std::vector<u8> data(70 * 4 + 3);
    std::iota(data.begin(), data.end(), u8{1});
    const std::vector<u8> before = data;
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Storage, &data}};
    device.Dispatch(dispatch);
    ASSERT_EQ(data.size(), before.size());
    const std::vector<u32> words_before = BytesWords(before);
    const std::vector<u32> words_after = BytesWords(data);
    for (u32 i = 0; i < 64; ++i) {
        EXPECT_EQ(words_after[i], words_before[i] + 1) << i;
    }
    EXPECT_TRUE(std::equal(data.begin() + 64 * 4, data.end(), before.begin() + 64 * 4));
}

TEST(ComputeDevice, RepeatedDispatchesSeeEachOthersWritesAndAreTimed) {
    ComputeDevice& device = SharedDevice();
    const std::vector<u32> spirv = LoadKernel("increment");
    std::vector<u8> data = WordBytes(std::vector<u32>(128, 10));
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Storage, &data}};
    dispatch.groups = {2, 1, 1};
    dispatch.repeat = 5;
    const DispatchResult result = device.Dispatch(dispatch);
    EXPECT_EQ(BytesWords(data), std::vector<u32>(128, 15));
    EXPECT_EQ(result.gpu_time_ns.has_value(), device.HasTimestamps());
    if (result.gpu_time_ns) {
        EXPECT_GT(*result.gpu_time_ns, 0u);
        EXPECT_LT(*result.gpu_time_ns, 60'000'000'000u);
    }
}

TEST(ComputeDevice, RepeatedRunsReuseTheCachedPipeline) {
    ComputeDevice& device = SharedDevice();
    const std::vector<u32> spirv = LoadKernel("increment");
    std::vector<u8> data(64 * 4);
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Storage, &data}};
    device.Dispatch(dispatch);  // cached or not, depending on the tests before
    const std::size_t pipelines = device.CachedPipelines();
    EXPECT_TRUE(device.Dispatch(dispatch).pipeline_was_cached);
    EXPECT_TRUE(device.Dispatch(dispatch).pipeline_was_cached);
    EXPECT_EQ(device.CachedPipelines(), pipelines);
    EXPECT_EQ(BytesWords(data), std::vector<u32>(64, 3));

    // Another module, or the same one with another layout, is another pipeline.
    std::vector<u32> changed = spirv;
    changed[2] ^= 1;  // the header's generator word
    dispatch.spirv = changed;
    EXPECT_FALSE(device.Dispatch(dispatch).pipeline_was_cached);
    EXPECT_EQ(device.CachedPipelines(), pipelines + 1);
    std::vector<u8> unused(16);
    dispatch.buffers.push_back({5, BufferKind::Uniform, &unused});
    EXPECT_FALSE(device.Dispatch(dispatch).pipeline_was_cached);
    EXPECT_EQ(device.CachedPipelines(), pipelines + 2);
    EXPECT_EQ(BytesWords(data), std::vector<u32>(64, 5));
}

TEST(ComputeDevice, SubgroupOperationsSeeTheDevicesSubgroups) {
    ComputeDevice& device = SharedDevice();
    // Both kinds of device nxhost runs on (NVIDIA's and lavapipe) have it.
    ASSERT_TRUE(device.Target().subgroup_arithmetic) << device.Name();
    const std::vector<u32> spirv = LoadKernel("subgroup");
    std::vector<u8> out(128 * 4);
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Storage, &out}};
    dispatch.groups = {2, 1, 1};
    device.Dispatch(dispatch);
    const std::vector<u32> result = BytesWords(out);
    const u32 width = device.Target().subgroup_size;
    for (u32 i = 0; i < 128; ++i) {
        // 64-wide workgroups are whole subgroups of any power-of-two width up to 64.
        ASSERT_EQ(result[i], std::min(width, 64u) * 1000 + i % width) << "at " << i;
    }
}

TEST(ComputeDevice, Required32WideSubgroupsWorkOrFailClearly) {
    ComputeDevice& device = SharedDevice();
    const std::vector<u32> spirv = LoadKernel("subgroup");
    std::vector<u8> out(64 * 4);
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers = {{0, BufferKind::Storage, &out}};
    dispatch.require_32_wide_subgroups = true;
    if (!device.Target().full_32_wide_subgroups) {
        const std::string error = ErrorOf([&] { device.Dispatch(dispatch); });
        EXPECT_NE(error.find("needs 32-wide subgroups"), std::string::npos) << error;
        EXPECT_NE(error.find(device.Name()), std::string::npos) << error;
        return;
    }
    device.Dispatch(dispatch);
    const std::vector<u32> result = BytesWords(out);
    for (u32 i = 0; i < 64; ++i) {
        ASSERT_EQ(result[i], 32 * 1000 + i % 32) << "at " << i;
    }
}

TEST(ComputeDevice, BadInputGivesClearErrors) {
    ComputeDevice& device = SharedDevice();
    std::vector<u32> spirv = LoadKernel("increment");
    std::vector<u8> data(64 * 4);
    ComputeDispatch dispatch;
    dispatch.buffers = {{0, BufferKind::Storage, &data}};

    std::vector<u32> wrong_magic = spirv;
    wrong_magic[0] = 0xdeadbeef;
    dispatch.spirv = wrong_magic;
    EXPECT_NE(ErrorOf([&] { device.Dispatch(dispatch); }).find("not a SPIR-V module"),
              std::string::npos);

    std::vector<u32> truncated(spirv.begin(), spirv.end() - 3);
    dispatch.spirv = truncated;
    EXPECT_NE(ErrorOf([&] { device.Dispatch(dispatch); }).find("invalid SPIR-V module"),
              std::string::npos);

    dispatch.spirv = spirv;
    dispatch.entry_point = "missing";
    EXPECT_NE(ErrorOf([&] {
                  device.Dispatch(dispatch);
              }).find("no GLCompute entry point named 'missing'"),
              std::string::npos);
    dispatch.entry_point = "main";

    dispatch.groups = {0, 1, 1};
    EXPECT_NE(ErrorOf([&] { device.Dispatch(dispatch); }).find("0 groups along x"),
              std::string::npos);
    dispatch.groups = {1, 1, 1};

    dispatch.repeat = 0;
    EXPECT_NE(ErrorOf([&] { device.Dispatch(dispatch); }).find("repeated 0 times"),
              std::string::npos);
    dispatch.repeat = 1;

    dispatch.buffers.push_back({0, BufferKind::Uniform, &data});
    EXPECT_NE(ErrorOf([&] { device.Dispatch(dispatch); }).find("binds binding 0 twice"),
              std::string::npos);
    dispatch.buffers.pop_back();

    device.Dispatch(dispatch);  // the device still works after all of that
    EXPECT_EQ(BytesWords(data), std::vector<u32>(64, 1));
}

}  // namespace
}  // namespace video
