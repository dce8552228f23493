// The console's output timeline: where audio outs' buffers land, 5.1 downmixed, volume.

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "services/audio/audio_output.h"
#include "services/audio/audio_output_clock.h"

namespace services::audio {
namespace {

struct Written {
    u64 position;
    std::vector<s16> stereo;
};

class RecordingSink final : public AudioSink {
public:
    void Write(u64 position, std::span<const s16> stereo) override {
        writes.push_back({position, {stereo.begin(), stereo.end()}});
    }
    void AdvanceTo(u64 position) override { clock.push_back(position); }
    std::vector<Written> writes;
    std::vector<u64> clock;
};

class NoSignals final : public kernel::EventSignaller {
public:
    void Signal(kernel::ReadableEvent&) override {}
    void EndRun(kernel::RunStop) override {}
};

TEST(AudioOutput, PlacesBuffersAtTheirGuestTimeFromLaunch) {
    auto sink = std::make_shared<RecordingSink>();
    auto output = std::make_shared<AudioOutput>(sink);
    AudioOutputClock clock(output);
    NoSignals signals;
    constexpr u64 kLaunch = 1'000'000;
    // The clock's first run is one period after the launch.
    clock.Run(kLaunch + AudioOutputClock::kPeriodTicks, signals);
    ASSERT_EQ(sink->clock, std::vector<u64>{240});  // 5 ms of 48 kHz frames
    const std::vector<s16> pcm(2 * 100, 7);
    // 1 s after launch (400 ticks a frame), and a tick off the frame still rounds to it.
    output->Play(kLaunch + 48000 * kTicksPerFrame + 1, pcm, 2, 1.0f);
    ASSERT_EQ(sink->writes.size(), 1u);
    EXPECT_EQ(sink->writes[0].position, 48000u);
    EXPECT_EQ(sink->writes[0].stereo, pcm);

    // A program launched next continues the timeline where the furthest sound ended, though
    // its guest clock starts again near zero.
    AudioOutputClock next(output);
    next.Run(AudioOutputClock::kPeriodTicks, signals);
    EXPECT_EQ(sink->clock.back(), 48100u + 240);
    output->Play(10 * kTicksPerFrame, pcm, 2, 1.0f);
    EXPECT_EQ(sink->writes.back().position, 48110u);
}

TEST(AudioOutput, DownmixesSurroundAndAppliesTheVolume) {
    auto sink = std::make_shared<RecordingSink>();
    AudioOutput output(sink);
    // FL, FR, C, LFE, BL, BR: the centre and backs at -3 dB, the LFE left out
    // (1000 + 0.7071 * 2000 + 0.7071 * 4000 = 5242.6); the second frame clips.
    const std::vector<s16> surround = {1000,  -1000, 2000,  30000, 4000,  -4000,
                                       32767, 32767, 32767, 0,     32767, 32767};
    output.Play(0, surround, 6, 1.0f);
    ASSERT_EQ(sink->writes.size(), 1u);
    EXPECT_EQ(sink->writes[0].stereo, (std::vector<s16>{5243, -2414, 32767, 32767}));
    output.Play(0, std::vector<s16>{1000, -32768}, 2, 0.5f);
    EXPECT_EQ(sink->writes[1].stereo, (std::vector<s16>{500, -16384}));
}

}  // namespace
}  // namespace services::audio
