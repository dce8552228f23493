// The 3D class's clears on the Vulkan host GPU (lavapipe where there is no GPU): pushbuffers
// that set render targets in GPU memory and clear them, checked byte for byte against the
// block-linear layout computed here from the GOB rules (notes: Tegra X1 TRM).

#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "gpu/gpu_scheduler.h"
#include "host_gpu_test_support.h"

namespace {

using namespace gpu_test;

// Byte offsets of the 3D class's methods (OGD classes/3d/clb197.h).
constexpr u32 kColorTarget = 0x0800;  // + 64 per target
constexpr u32 kClearRect = 0x0D6C;
constexpr u32 kColorClearValue = 0x0D80;
constexpr u32 kZClearValue = 0x0D90;
constexpr u32 kStencilClearValue = 0x0DA0;
constexpr u32 kScissor0 = 0x0E00;
constexpr u32 kZt = 0x0FE0;
constexpr u32 kClearSurfaceControl = 0x10F8;
constexpr u32 kCtSelect = 0x121C;
constexpr u32 kZtSize = 0x1228;
constexpr u32 kZtSelect = 0x1538;
constexpr u32 kClearSurface = 0x19D0;
constexpr u32 kCtWrite = 0x1A00;
constexpr u32 kA8B8G8R8 = 0xD5;
constexpr u32 kZ24S8 = 0x14;
constexpr u32 kZF32 = 0x0A;
constexpr u32 kRgba = 0xF << 2;  // CLEAR_SURFACE's R, G, B, A bits

constexpr u32 kWidth = 64;   // pixels: four GOBs of RGBA8 a row
constexpr u32 kHeight = 32;  // two blocks of 2 GOBs
constexpr u32 kBlockHeightLog2 = 1;
constexpr u64 kTargetBytes = 8 * 1024;

// Where byte `x_bytes` of row `y` lies in a block-linear surface `gobs_wide` GOBs wide.
u64 Swizzled(u32 x_bytes, u32 y, u32 gobs_wide, u32 block_height_log2) {
    const u32 x = x_bytes % 64;
    const u32 row = y % 8;
    const u64 in_gob =
        (x / 32) * 256 + (row / 2) * 64 + ((x % 32) / 16) * 32 + (row % 2) * 16 + x % 16;
    const u64 block_bytes = u64{512} << block_height_log2;
    const u32 gob_row = y / 8;
    return (gob_row >> block_height_log2) * gobs_wide * block_bytes + (x_bytes / 64) * block_bytes +
           (gob_row & ((1u << block_height_log2) - 1)) * 512 + in_gob;
}

class HostGpuClear : public HostGpuTest {
protected:
    HostGpuClear() : HostGpuTest("the host-GPU clears") {}

    void SetUp() override {
        HostGpuTest::SetUp();
        if (IsSkipped()) {
            return;
        }
        rig_ = std::make_unique<Rig>(0xB06F, std::chrono::milliseconds(5000), host_);
        // Something to keep where a clear does not reach.
        for (std::size_t i = 0x8'0000; i < rig_->ram->bytes.size(); ++i) {
            rig_->ram->bytes[i] = static_cast<u8>(i * 7 + 3);
        }
        Method(words_, 0, 0, {0xB197});
    }

    void Set(u32 offset, std::initializer_list<u32> arguments) {
        Method(words_, 0, offset / 4, arguments);
    }
    void ColorTarget(u32 index, u64 address, u32 format = kA8B8G8R8) {
        Set(kColorTarget + 64 * index,
            {High(address), Low(address), kWidth, kHeight, format, kBlockHeightLog2 << 4, 1, 0, 0});
        Set(kCtWrite + 4 * index, {0x1111});
    }
    // Colour target 0 at kData, selected alone, cleared to bytes 0x33 0x66 0x99 0xFF.
    void OneTarget() {
        ColorTarget(0, Rig::kData);
        Set(kCtSelect, {1});
        ClearValue();
    }
    void ClearValue() {
        Set(kColorClearValue, {FloatBits(0x33 / 255.0f), FloatBits(0x66 / 255.0f),
                               FloatBits(0x99 / 255.0f), FloatBits(1.0f)});
    }
    // Runs the words through the GPU thread with a fence after them (the driver's SYNCPOINTB
    // increment), waits for the fence only and returns what guest memory holds at that moment.
    // With `threed_fence`, the fence is the 3D class's own increment, as deko3d writes it.
    std::vector<u8> RunAndReadAtFence(u64 address, u64 bytes, bool threed_fence = false) {
        constexpr u32 kSyncpointA = 0x70 / 4;
        constexpr u32 kSyncpointB = 0x74 / 4;
        constexpr u32 kIncrementSyncpoint = 0x2C8 / 4;
        constexpr u32 kId = 7;
        const u32 fence = rig_->syncpoints->Reserve(kId, 1);
        if (threed_fence) {
            Method(words_, 0, kIncrementSyncpoint, {1u << 20 | kId});
        }
        gpu::Submission submission{{}, {rig_->Segment(words_)}, {}};
        if (!threed_fence) {
            Method(submission.epilogue, 0, kSyncpointA, {0});
            Method(submission.epilogue, 0, kSyncpointB, {kId << 8 | 1});
        }
        gpu::GpuScheduler scheduler;
        scheduler.Submit(rig_->channel, std::move(submission));
        EXPECT_TRUE(rig_->syncpoints->WaitForQueued(kId, fence, std::chrono::seconds(20),
                                                    [] { return false; }));
        std::vector<u8> seen(rig_->Data(address), rig_->Data(address) + bytes);
        EXPECT_TRUE(scheduler.WaitIdle(std::chrono::seconds(20)));
        return seen;
    }
    // The bytes at `address` before the run with the pixels `inside` set to `pixel` (its
    // components where `mask` has them).
    std::vector<u8> Expected(u64 address, const std::function<bool(u32, u32)>& inside,
                             const std::array<u8, 4>& pixel, u32 mask = 0xF) {
        std::vector<u8> bytes(rig_->Data(address), rig_->Data(address) + kTargetBytes);
        for (u32 y = 0; y < kHeight; ++y) {
            for (u32 x = 0; x < kWidth; ++x) {
                for (u32 c = 0; c < 4; ++c) {
                    if (inside(x, y) && (mask >> c & 1)) {
                        bytes[Swizzled(x * 4 + c, y, kWidth * 4 / 64, kBlockHeightLog2)] = pixel[c];
                    }
                }
            }
        }
        return bytes;
    }

    std::unique_ptr<Rig> rig_;
    std::vector<u32> words_;
};

constexpr std::array<u8, 4> kPixel{0x33, 0x66, 0x99, 0xFF};

TEST_F(HostGpuClear, AWholeBlockLinearTargetIsInGuestMemoryWhenItsFenceCompletes) {
    OneTarget();
    Set(kClearSurface, {kRgba});
    const auto expected = Expected(
        Rig::kData, [](u32, u32) { return true; }, kPixel);
    EXPECT_EQ(RunAndReadAtFence(Rig::kData, kTargetBytes), expected);
}

TEST_F(HostGpuClear, TheThreedClassesOwnFenceAlsoWaitsForTheClear) {
    OneTarget();
    Set(kClearSurface, {kRgba});
    const auto expected = Expected(
        Rig::kData, [](u32, u32) { return true; }, kPixel);
    EXPECT_EQ(RunAndReadAtFence(Rig::kData, kTargetBytes, true), expected);
}

TEST_F(HostGpuClear, TheClearRectangleAndScissorZeroBoundIt) {
    OneTarget();
    Set(kClearRect, {40u << 16 | 8, 20u << 16 | 4});     // x 8..40, y 4..20
    Set(kScissor0, {1, 64u << 16 | 16, 32u << 16 | 0});  // x 16..64
    Set(kClearSurfaceControl, {1u << 4 | 1u << 8});      // USE_CLEAR_RECT, USE_SCISSOR0
    Set(kClearSurface, {kRgba});
    const auto expected = Expected(
        Rig::kData, [](u32 x, u32 y) { return x >= 16 && x < 40 && y >= 4 && y < 20; }, kPixel);
    EXPECT_EQ(RunAndReadAtFence(Rig::kData, kTargetBytes), expected);
}

TEST_F(HostGpuClear, AMaskedComponentKeepsItsBytes) {
    OneTarget();
    Set(kCtWrite, {0x1101});  // R, B, A: green is kept
    Set(kClearSurface, {kRgba});
    const auto expected = Expected(
        Rig::kData, [](u32, u32) { return true; }, kPixel, 0b1101);
    EXPECT_EQ(RunAndReadAtFence(Rig::kData, kTargetBytes), expected);
}

TEST_F(HostGpuClear, CtSelectMapsTheClearedSlotToItsTarget) {
    const u64 second = Rig::kData + 0x1'0000;
    ColorTarget(0, Rig::kData);
    ColorTarget(3, second);
    Set(kCtSelect, {2 | 0u << 4 | 3u << 7});  // slot 0: target 0, slot 1: target 3
    ClearValue();
    Set(kClearSurface, {kRgba | 1u << 6});  // slot 1 only
    const auto untouched = Expected(
        Rig::kData, [](u32, u32) { return false; }, kPixel);
    const auto expected = Expected(
        second, [](u32, u32) { return true; }, kPixel);
    EXPECT_EQ(RunAndReadAtFence(second, kTargetBytes), expected);
    EXPECT_EQ(std::vector<u8>(rig_->Data(Rig::kData), rig_->Data(Rig::kData) + kTargetBytes),
              untouched);
}

TEST_F(HostGpuClear, APitchTargetsRowsInTheClearRectangle) {
    constexpr u32 kPitch = kWidth * 4;  // a pitch target's WIDTH is its pitch in bytes
    Set(kColorTarget,
        {High(Rig::kData), Low(Rig::kData), kPitch, kHeight, kA8B8G8R8, 1u << 12, 1, 0, 0});
    Set(kCtWrite, {0x1111});
    Set(kCtSelect, {1});
    ClearValue();
    Set(kClearRect, {20u << 16 | 3, 9u << 16 | 2});  // x 3..20, y 2..9
    Set(kClearSurfaceControl, {1u << 4});
    Set(kClearSurface, {kRgba});
    std::vector<u8> expected(rig_->Data(Rig::kData), rig_->Data(Rig::kData) + kTargetBytes);
    for (u32 y = 2; y < 9; ++y) {
        for (u32 x = 3; x < 20; ++x) {
            std::memcpy(&expected[y * kPitch + x * 4], kPixel.data(), 4);
        }
    }
    EXPECT_EQ(RunAndReadAtFence(Rig::kData, kTargetBytes), expected);
}

TEST_F(HostGpuClear, DepthAndStencilOfAZ24S8Target) {
    const u64 zeta = Rig::kData + 0x2'0000;
    Set(kZt, {High(zeta), Low(zeta), kZ24S8, kBlockHeightLog2 << 4, 0});
    Set(kZtSize, {kWidth, kHeight, 1});
    Set(kZtSelect, {1});
    Set(kZClearValue, {FloatBits(1.0f)});
    Set(kStencilClearValue, {0x5A});
    Set(kClearSurface, {0b11});
    // Z24S8: depth in bits 31:8, stencil in 7:0, little-endian bytes.
    const auto expected = Expected(zeta, [](u32, u32) { return true; }, {0x5A, 0xFF, 0xFF, 0xFF});
    EXPECT_EQ(RunAndReadAtFence(zeta, kTargetBytes), expected);
}

TEST_F(HostGpuClear, ADepthOnlyClearOfAZF32TargetInAScissor) {
    const u64 zeta = Rig::kData + 0x2'0000;
    Set(kZt, {High(zeta), Low(zeta), kZF32, kBlockHeightLog2 << 4, 0});
    Set(kZtSize, {kWidth, kHeight, 1});
    Set(kZtSelect, {1});
    Set(kZClearValue, {FloatBits(0.25f)});
    Set(kScissor0, {1, 8u << 16 | 0, 32u << 16 | 16});  // x 0..8, y 16..32
    Set(kClearSurfaceControl, {1u << 8});
    Set(kClearSurface, {0b01});
    std::array<u8, 4> quarter{};
    const u32 bits = FloatBits(0.25f);
    std::memcpy(quarter.data(), &bits, 4);
    const auto expected = Expected(
        zeta, [](u32 x, u32 y) { return x < 8 && y >= 16; }, quarter);
    EXPECT_EQ(RunAndReadAtFence(zeta, kTargetBytes), expected);
}

TEST(NoHostGpu, AClearLeavesGuestMemoryAsItWas) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, 0, {0xB197});
    Method(words, 0, kColorTarget / 4,
           {High(Rig::kData), Low(Rig::kData), kWidth, kHeight, kA8B8G8R8, 0, 1, 0, 0});
    Method(words, 0, kCtSelect / 4, {1});
    Method(words, 0, kCtWrite / 4, {0x1111});
    Method(words, 0, kColorClearValue / 4, {FloatBits(1.0f), 0, 0, 0});
    Method(words, 0, kClearSurface / 4, {kRgba});
    rig.Put<u32>(Rig::kData, 0x12345678);
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(Rig::kData), 0x12345678u);
}

}  // namespace
