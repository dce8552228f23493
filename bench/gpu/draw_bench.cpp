// Draws through the whole path: MAXWELL_B pushbuffers run by a channel on the GPU scheduler's
// thread, their draws translated, recorded and run on the Vulkan host GPU (NXHOST_VULKAN_DEVICE
// picks it; lavapipe without a GPU), timed to the syncpoint fence that follows them, which
// completes only when the host GPU has run the work. Results: bench/results/gpu_draws.md.
//
// Each draw has a colour of its own (uploaded into constant bank 2 with LOAD_CONSTANT_BUFFER
// before it, as a game's per-object constants), the same pipeline, and covers half of a 64x32
// RGBA8 target. After each benchmark the target must hold the last draw's colour, so a path
// that drew nothing fails instead of measuring nothing.

#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "base/error.h"
#include "gpu/gpu_scheduler.h"
#include "gpu/gpu_test_rig.h"
#include "gpu/maxwell_draw_programs.h"
#include "gpu/maxwell_test_code.h"
#include "video/vulkan_host_gpu.h"

namespace {

using namespace gpu_test;

// Byte offsets of the 3D class's methods (OGD classes/3d/clb197.h).
constexpr u32 kColorTarget = 0x0800;
constexpr u32 kViewportTransform = 0x0A00;
constexpr u32 kViewportZClip = 0x0D7C;
constexpr u32 kVertexArrayStart = 0x0D74;
constexpr u32 kVertexAttribute = 0x1160;
constexpr u32 kCtSelect = 0x121C;
constexpr u32 kProgramRegion = 0x1608;
constexpr u32 kEnd = 0x1614;
constexpr u32 kBegin = 0x1618;
constexpr u32 kCtWrite = 0x1A00;
constexpr u32 kVertexStream = 0x1C00;
constexpr u32 kVertexStreamLimit = 0x1F00;
constexpr u32 kPipelineShader = 0x2000;
constexpr u32 kConstantBufferSelector = 0x2380;
constexpr u32 kLoadConstantBuffer = 0x238C;
constexpr u32 kBindGroup = 0x2410;
// Host class (OGD clb06f.h): SYNCPOINT_PAYLOAD and SYNCPOINT (index << 8 | INCREMENT).
constexpr u32 kSyncpointPayload = 0x70;
constexpr u32 kSyncpoint = 0x74;
constexpr u32 kFenceSyncpoint = 9;

constexpr u32 kWidth = 64;
constexpr u32 kHeight = 32;
constexpr u32 kPitch = kWidth * 4;
constexpr u64 kPrograms = Rig::kData;
constexpr u32 kVertexOffset = 0x100;
constexpr u32 kFragmentOffset = 0x800;
constexpr u64 kTarget = Rig::kData + 0x1'0000;
constexpr u64 kVertices = Rig::kData + 0x3'0000;
constexpr u64 kConstants = Rig::kData + 0x5'0000;

u32 Bits(float value) {
    return std::bit_cast<u32>(value);
}

// One channel on one Vulkan host GPU for the whole program, its 3D state set by a first
// submission.
class DrawPath {
public:
    DrawPath() : rig_(0xB06F, std::chrono::milliseconds(5000), video::OpenVulkanHostGpu()) {
        std::vector<u32> words;
        const auto set = [&](u32 offset, std::initializer_list<u32> arguments) {
            Method(words, 0, offset / 4, arguments);
        };
        Method(words, 0, 0, {0xB197});
        set(kColorTarget,
            {High(kTarget), Low(kTarget), kPitch, kHeight, 0xD5 /* A8B8G8R8 */, 1u << 12, 1, 0});
        set(kCtSelect, {1});
        set(kCtWrite, {0x1111});
        set(kViewportTransform, {Bits(kWidth / 2.0f), Bits(kHeight / 2.0f), Bits(1),
                                 Bits(kWidth / 2.0f), Bits(kHeight / 2.0f), Bits(0)});
        set(kViewportZClip, {1});
        // Attribute 0 xyz and 1 rgba of 28-byte vertices (FLOAT R32_G32_B32 and R32_G32_B32_A32);
        // 2 from stream 1, which is not enabled (zeros).
        set(kVertexAttribute,
            {0x02 << 21 | 7u << 27, 12 << 7 | 0x01 << 21 | 7u << 27, 1 | 0x12 << 21 | 7u << 27});
        set(kProgramRegion, {High(kPrograms), Low(kPrograms)});
        Program(kVertexOffset, VertexHeader(), kVertexProgram);
        Program(kFragmentOffset, FragmentHeader(), kConstantProgram);
        set(kPipelineShader + 64 * 1, {1 | 1 << 4, kVertexOffset});
        set(kPipelineShader + 64 * 5, {1 | 5 << 4, kFragmentOffset});
        const std::array<float, 21> triangle{-1, -1, 0, 0,  0, 0, 0, 1, -1, 0, 0,
                                             0,  0,  0, -1, 1, 0, 0, 0, 0,  0};
        std::memcpy(rig_.Data(kVertices), triangle.data(), sizeof(triangle));
        set(kVertexStream, {28 | 1 << 12, High(kVertices), Low(kVertices)});
        set(kVertexStreamLimit, {High(kVertices + 0xFFF), Low(kVertices + 0xFFF)});
        set(kConstantBufferSelector, {0x100, High(kConstants), Low(kConstants)});
        set(kBindGroup + 32 * 4, {2 << 4 | 1});  // the pixel stage's slot 2
        RunToFence({rig_.Segment(words)});
    }

    // The GP entry of a segment of `draws` draws, draw i in the colour Colour(i).
    u64 DrawSegment(u32 draws) {
        std::vector<u32> words;
        for (u32 i = 0; i < draws; ++i) {
            const std::array<float, 4> colour = Colour(i);
            Method(words, 0, kLoadConstantBuffer / 4, {0});
            Method(words, 0, kLoadConstantBuffer / 4 + 1,
                   {Bits(colour[0]), Bits(colour[1]), Bits(colour[2]), Bits(colour[3])});
            Method(words, 0, kBegin / 4, {4 /* TRIANGLES */});
            Method(words, 0, kVertexArrayStart / 4, {0, 3});
            Method(words, 0, kEnd / 4, {0});
        }
        return rig_.Segment(words);
    }

    static std::array<float, 4> Colour(u32 draw) {
        return {static_cast<float>(draw % 251) / 255.0f, 0.5f, static_cast<float>(draw % 7) / 8.0f,
                1.0f};
    }

    // Runs the entries and a syncpoint increment after them; returns once the fence completed.
    void RunToFence(std::vector<u64> entries) {
        const u32 fence = rig_.syncpoints->Reserve(kFenceSyncpoint, 1);
        gpu::Submission submission{{}, std::move(entries), {}};
        Method(submission.epilogue, 0, kSyncpointPayload / 4, {0});
        Method(submission.epilogue, 0, kSyncpoint / 4, {kFenceSyncpoint << 8 | 1});
        scheduler_.Submit(rig_.channel, std::move(submission));
        if (!rig_.syncpoints->WaitForQueued(kFenceSyncpoint, fence, std::chrono::seconds(60),
                                            [] { return false; })) {
            throw base::Error("the draw benchmark's fence did not complete in 60 s");
        }
    }

    // Whether the pixel at (8, 24), in the lower-left half, holds the colour of draw `draw`.
    bool HoldsColourOf(u32 draw) {
        const std::array<float, 4> colour = Colour(draw);
        const u8* pixel = rig_.Data(kTarget + 24 * kPitch + 8 * 4);
        for (u32 c = 0; c < 4; ++c) {
            if (std::abs(int{pixel[c]} - static_cast<int>(colour[c] * 255.0f + 0.5f)) > 1) {
                return false;
            }
        }
        return true;
    }

private:
    void Program(u32 offset, const std::vector<u8>& header, const std::vector<std::string>& code) {
        std::memcpy(rig_.Data(kPrograms + offset), header.data(), header.size());
        const std::vector<u8> bytes = MaxwellCode(code);
        std::memcpy(rig_.Data(kPrograms + offset + header.size()), bytes.data(), bytes.size());
    }

    Rig rig_;
    gpu::GpuScheduler scheduler_;
};

DrawPath& Path() {
    static DrawPath path;
    return path;
}

// `range(0)` draws in one submission, then its fence.
void BM_DrawsToTheFence(benchmark::State& state) {
    const u32 draws = static_cast<u32>(state.range(0));
    DrawPath& path = Path();
    const u64 segment = path.DrawSegment(draws);
    for (auto _ : state) {
        path.RunToFence({segment});
    }
    if (!path.HoldsColourOf(draws - 1)) {
        state.SkipWithError("the target does not hold the last draw's colour");
    }
    state.SetItemsProcessed(static_cast<s64>(state.iterations() * draws));
}
BENCHMARK(BM_DrawsToTheFence)
    ->Arg(1)
    ->Arg(64)
    ->Arg(1024)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// A submission of nothing but its fence: the time from a guest's submission to its fence.
void BM_EmptySubmissionToTheFence(benchmark::State& state) {
    DrawPath& path = Path();
    for (auto _ : state) {
        path.RunToFence({});
    }
}
BENCHMARK(BM_EmptySubmissionToTheFence)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
