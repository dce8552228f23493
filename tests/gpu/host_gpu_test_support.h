#pragma once

// What the host-GPU tests on Vulkan (lavapipe where there is no GPU) share: the host, float
// and bit-field words, a pitch-layout texture header, a pushbuffer run to its fence, and a
// pixel-by-pixel comparison of an RGBA8 target.

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/error.h"
#include "gpu/gpu_scheduler.h"
#include "gpu_test_rig.h"
#include "header_bits.h"
#include "video/vulkan_host_gpu.h"

namespace gpu_test {

inline u32 FloatBits(float value) {
    return std::bit_cast<u32>(value);
}

// One Vulkan host GPU for the whole test program, or null (and why) without a device.
inline std::shared_ptr<gpu::HostGpu> VulkanOrNull(std::string& why) {
    try {
        static const std::shared_ptr<gpu::HostGpu> host = video::OpenVulkanHostGpu();
        return host;
    } catch (const base::Error& error) {
        why = error.what();
        return nullptr;
    }
}

// A test on the Vulkan host GPU: skipped, saying what is not tested and why, without a device.
// A fixture that sets up more calls this SetUp first and returns when IsSkipped().
class HostGpuTest : public ::testing::Test {
protected:
    explicit HostGpuTest(const char* what) : what_(what) {}

    void SetUp() override {
        std::string why;
        host_ = VulkanOrNull(why);
        if (!host_) {
            GTEST_SKIP() << "no Vulkan device at all, " << what_ << " are not tested: " << why;
        }
    }

    std::shared_ptr<gpu::HostGpu> host_;

private:
    const char* what_;
};

// TIC words (OGD clb197tex.h; the same bits in clc797tex.h for addresses below 2^48 and sizes
// below 2^16) of a 2D pitch-layout RGBA8 (A8B8G8R8 0x08, UNORM 2) texture with the identity
// swizzle.
inline std::array<u32, 8> PitchTic(u64 address, u32 width, u32 height, u32 pitch) {
    std::vector<u8> bytes(32, 0);
    SetBits(bytes, 0, 7, 0x08);
    for (u32 i = 0; i < 4; ++i) {
        SetBits(bytes, 7 + 3 * i, 3, 2);
        SetBits(bytes, 19 + 3 * i, 3, 2 + i);
    }
    SetBits(bytes, 32, 32, static_cast<u32>(address));
    SetBits(bytes, 64, 16, static_cast<u32>(address >> 32));
    SetBits(bytes, 85, 3, 2);  // HEADER_VERSION PITCH
    SetBits(bytes, 96, 16, pitch >> 5);
    SetBits(bytes, 128, 16, width - 1);
    SetBits(bytes, 151, 4, 1);  // 2D
    SetBits(bytes, 160, 16, height - 1);
    SetBits(bytes, 191, 1, 1);  // normalised coordinates
    std::array<u32, 8> words{};
    std::memcpy(words.data(), bytes.data(), 32);
    return words;
}

// A pixel's bytes from float components, as a UNORM8 target stores them.
inline std::array<u8, 4> Unorm(float r, float g, float b, float a) {
    const auto byte = [](float v) { return static_cast<u8>(std::lround(v * 255.0f)); };
    return {byte(r), byte(g), byte(b), byte(a)};
}

// Runs `before` (GP entries) and `words` with a syncpoint increment after them on the GPU thread
// and returns `bytes` bytes of guest memory at `target` as they are at the fence.
inline std::vector<u8> RunToFence(Rig& rig, const std::vector<u32>& words, std::vector<u64> before,
                                  u64 target, u64 bytes) {
    constexpr u32 kSyncpointA = 0x70 / 4;
    constexpr u32 kSyncpointB = 0x74 / 4;
    constexpr u32 kId = 9;
    const u32 fence = rig.syncpoints->Reserve(kId, 1);
    before.push_back(rig.Segment(words));
    gpu::Submission submission{{}, std::move(before), {}};
    Method(submission.epilogue, 0, kSyncpointA, {0});
    Method(submission.epilogue, 0, kSyncpointB, {kId << 8 | 1});
    gpu::GpuScheduler scheduler;
    scheduler.Submit(rig.channel, std::move(submission));
    EXPECT_TRUE(
        rig.syncpoints->WaitForQueued(kId, fence, std::chrono::seconds(60), [] { return false; }));
    std::vector<u8> seen(rig.Data(target), rig.Data(target) + bytes);
    EXPECT_TRUE(scheduler.WaitIdle(std::chrono::seconds(20)));
    return seen;
}

// Compares each pixel of a pitch-layout RGBA8 target (4 * width bytes a row) with
// `expected(x, y)`, each component within `tolerance`; the first differences are reported.
// With a tolerance of its own for each pixel (a strip of a format the host decodes its own way).
inline void ExpectPixels(const std::vector<u8>& target, u32 width, u32 height,
                         const std::function<std::array<u8, 4>(u32, u32)>& expected,
                         const std::function<int(u32, u32)>& tolerance_at) {
    int reported = 0;
    u32 wrong = 0;
    for (u32 y = 0; y < height; ++y) {
        for (u32 x = 0; x < width; ++x) {
            const std::array<u8, 4> want = expected(x, y);
            const u8* got = &target[(y * width + x) * 4];
            const int tolerance = tolerance_at(x, y);
            bool same = true;
            for (u32 c = 0; c < 4; ++c) {
                same = same && std::abs(int{got[c]} - int{want[c]}) <= tolerance;
            }
            if (!same) {
                ++wrong;
                if (reported++ < 8) {
                    ADD_FAILURE() << "pixel " << x << "," << y << ": " << int{got[0]} << " "
                                  << int{got[1]} << " " << int{got[2]} << " " << int{got[3]}
                                  << ", expected " << int{want[0]} << " " << int{want[1]} << " "
                                  << int{want[2]} << " " << int{want[3]};
                }
            }
        }
    }
    EXPECT_EQ(wrong, 0u) << "pixels differ";
}

inline void ExpectPixels(const std::vector<u8>& target, u32 width, u32 height,
                         const std::function<std::array<u8, 4>(u32, u32)>& expected,
                         int tolerance = 0) {
    ExpectPixels(target, width, height, expected, [tolerance](u32, u32) { return tolerance; });
}

}  // namespace gpu_test
