// The host device's queue keeps a fixed latency behind the guest's clock: a device whose
// crystal runs fast does not drain it over a long run, a stalled guest makes it stretch and
// then drop, the silences between sounds keep their length, and buffers longer than the
// latency raise it.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "frontend/host_audio_queue.h"

namespace frontend {
namespace {

constexpr u64 kNsPerFrame = 1'000'000'000 / 48000 + 1;  // rounded up: 20834 ns
constexpr u32 kLatency = HostAudioQueue::kDefaultLatencyFrames;

// A guest that plays 10 ms buffers of a constant level back to back, its clock the host's, and
// a device that asks for 512 frames at a time at its own rate.
struct Simulation {
    HostAudioQueue queue;
    double device_rate = 1.0;  // device frames a host frame
    u64 guest_frames = 0;      // the guest clock, in frames
    u64 written = 0;           // buffers released up to here
    u64 next_device_ns = 0;
    std::vector<s16> period = std::vector<s16>(512 * 2);
    u64 nonzero = 0;

    // Runs the host time on to `ns`, the guest only when `guest_runs`.
    void RunTo(u64 ns, bool guest_runs) {
        const u64 guest_end = ns / kNsPerFrame;
        while (guest_frames + 240 <= guest_end || next_device_ns <= ns) {
            const u64 clock_ns = (guest_frames + 240) * kNsPerFrame;
            if (guest_frames + 240 <= guest_end && clock_ns <= next_device_ns) {
                guest_frames += 240;  // the output clock's 5 ms step
                if (guest_runs) {
                    while (written + 480 <= guest_frames) {
                        queue.Write(written, std::vector<s16>(480 * 2, 1000));
                        written += 480;
                    }
                    queue.AdvanceTo(guest_frames, clock_ns);
                } else {
                    written = guest_frames;  // what was due meanwhile is never played
                }
            } else {
                queue.Read(period, next_device_ns);
                for (s16 sample : period) {
                    nonzero += sample != 0;
                }
                next_device_ns += static_cast<u64>(512 * kNsPerFrame / device_rate);
            }
        }
    }
    // How far the device reads from where it should (guest clock - latency), in frames: up to
    // a device period (512) ahead, as it reads a period before playing it.
    double Offset() const {
        return queue.ReadPosition() - (static_cast<double>(guest_frames) - kLatency);
    }
};

TEST(HostAudioQueue, DoesNotDriftOverALongRun) {
    Simulation simulation;
    simulation.device_rate = 1.001;  // a device crystal 0.1 % fast, ten times a usual error
    constexpr u64 kMinute = 60'000'000'000;
    simulation.RunTo(10 * kMinute, true);
    // Still within a device period and 5 ms of the target after ten minutes, without a frame
    // dropped or stretched: the steering took up the 0.6 s (28800 frames) the device would
    // otherwise have gained.
    EXPECT_LT(std::abs(simulation.Offset()), 512.0 + 240);
    const HostAudioQueue::Totals totals = simulation.queue.Counts();
    EXPECT_EQ(totals.dropped_frames, 0u);
    EXPECT_EQ(totals.stretched_frames, 0u);
    EXPECT_EQ(totals.late_frames, 0u);
}

TEST(HostAudioQueue, StretchesThenDropsAroundAStall) {
    Simulation simulation;
    constexpr u64 kSecond = 1'000'000'000;
    simulation.RunTo(2 * kSecond, true);
    ASSERT_LT(std::abs(simulation.Offset()), 512.0 + 240);
    // The guest stops for half a second (the host was busy), the device goes on.
    simulation.RunTo(2 * kSecond + kSecond / 2, false);
    EXPECT_GT(simulation.queue.Counts().stretched_frames, 0u);
    // It comes back with its clock half a second on: the device skips to it instead of
    // playing half a second behind from then on.
    simulation.RunTo(3 * kSecond, true);
    EXPECT_GT(simulation.queue.Counts().dropped_frames, 0u);
    EXPECT_LT(std::abs(simulation.Offset()), 512.0 + 240);
    EXPECT_EQ(simulation.queue.Counts().late_frames, 0u);
}

TEST(HostAudioQueue, KeepsTheSilenceBetweenSounds) {
    HostAudioQueue queue;
    u64 ns = 0;
    std::vector<s16> heard;
    std::vector<s16> period(256 * 2);
    queue.AdvanceTo(0, 0);
    // 100 ms of sound, 50 ms of silence, 100 ms of sound, each written when it has played.
    const auto play_until = [&](u64 frame) {
        for (u64 clock = 240; clock <= frame; clock += 240) {
            if (clock == 4800 || clock == 12000) {
                queue.Write(clock - 4800, std::vector<s16>(4800 * 2, 500));
            }
            queue.AdvanceTo(clock, clock * kNsPerFrame);
            while (ns + 256 * kNsPerFrame <= clock * kNsPerFrame) {
                queue.Read(period, ns);
                heard.insert(heard.end(), period.begin(), period.end());
                ns += 256 * kNsPerFrame;
            }
        }
    };
    play_until(24000);
    // Runs of sound and silence in what the device played, in frames.
    std::vector<std::pair<bool, u64>> runs;
    for (std::size_t i = 0; i < heard.size(); i += 2) {
        const bool sound = heard[i] != 0;
        if (runs.empty() || runs.back().first != sound) {
            runs.push_back({sound, 0});
        }
        ++runs.back().second;
    }
    ASSERT_GE(runs.size(), 4u);
    EXPECT_FALSE(runs[0].first);  // the latency before the first sound
    EXPECT_NEAR(static_cast<double>(runs[1].second), 4800, 2);
    EXPECT_NEAR(static_cast<double>(runs[2].second), 2400, 2);
    EXPECT_NEAR(static_cast<double>(runs[3].second), 4800, 2);
    // The 100 ms buffers raised the latency at the first, so none of them came too late.
    EXPECT_EQ(queue.Counts().late_frames, 0u);
    EXPECT_GT(queue.Latency(), 4800);
}

}  // namespace
}  // namespace frontend
