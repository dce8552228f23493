// audout:u's playback on the guest clock, and audren:u's work buffer size.

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "base/result.h"
#include "cpu/guest_memory.h"
#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "services/audio/audio_out.h"
#include "services/audio/audio_out_manager.h"
#include "services/audio/audio_renderer_manager.h"
#include "services/audio/audio_results.h"
#include "services/audio/renderer_parameters.h"
#include "services/audio/work_buffer_size.h"
#include "support/fake_ipc_environment.h"
#include "support/recording_signaller.h"

namespace services::audio {
namespace {

// Guest memory at 0x100000, a settable clock, and the periodic work a service starts.
using FakeEnvironment = test_support::FakeIpcEnvironment;

using test_support::RecordingSignaller;

// Keeps what the output played, and where.
class RecordingSink final : public AudioSink {
public:
    void Write(u64 position, std::span<const s16> stereo) override {
        written.insert(written.end(), stereo.begin(), stereo.end());
        positions.push_back(position);
    }
    void AdvanceTo(u64) override {}
    std::vector<s16> written;
    std::vector<u64> positions;
};

template <typename T>
std::vector<u8> Bytes(const T& value) {
    std::vector<u8> bytes(sizeof(T));
    std::memcpy(bytes.data(), &value, sizeof(T));
    return bytes;
}

// OpenAudioOut as libnx calls it: an empty name, 48 kHz, 2 channels in the high half.
struct OpenedOut {
    base::Result result;
    std::vector<u8> name_out = std::vector<u8>(0x100);
    std::shared_ptr<ipc::ServiceObject> object;
    u32 rate = 0, channels = 0, format = 0, state = 0;
};
OpenedOut OpenStereoOut(AudioOutManager& manager, FakeEnvironment& environment) {
    OpenedOut opened;
    opened.result = manager.OpenAudioOutAuto(
        ipc::InBuffer<ipc::kAutoSelect>{std::vector<u8>(0x100)},
        ipc::OutBuffer<ipc::kAutoSelect>{opened.name_out}, 48000, 0x00020000,
        ipc::ClientProcessId{}, ipc::InCopyHandle{}, ipc::RequestEnvironment{&environment},
        ipc::OutObject{&opened.object}, ipc::Out<u32>{&opened.rate},
        ipc::Out<u32>{&opened.channels}, ipc::Out<u32>{&opened.format},
        ipc::Out<u32>{&opened.state});
    return opened;
}

TEST(AudioOut, ReleasesBuffersInOrderAtTheirPlayedLength) {
    FakeEnvironment environment;
    auto sink = std::make_shared<RecordingSink>();
    AudioOutManager manager(std::make_shared<AudioOutput>(sink));

    const OpenedOut opened = OpenStereoOut(manager, environment);
    ASSERT_TRUE(opened.result.IsSuccess());
    EXPECT_EQ(opened.rate, 48000u);
    EXPECT_EQ(opened.channels, 2u);
    EXPECT_EQ(opened.format, kPcmFormatInt16);
    EXPECT_EQ(opened.state, static_cast<u32>(AudioOutState::Stopped));
    EXPECT_STREQ(reinterpret_cast<const char*>(opened.name_out.data()), "DeviceOut");
    auto out = std::dynamic_pointer_cast<AudioOut>(opened.object);
    ASSERT_NE(out, nullptr);
    ASSERT_EQ(environment.works.size(), 1u);
    const auto work = environment.works[0].lock();
    ASSERT_NE(work, nullptr);

    // Two buffers of stereo PCM in guest memory: 480 frames (10 ms) and 240 frames (5 ms).
    constexpr u64 kFirstFrames = 480, kSecondFrames = 240;
    std::vector<s16> first(kFirstFrames * 2), second(kSecondFrames * 2);
    for (std::size_t i = 0; i < first.size(); ++i) {
        first[i] = static_cast<s16>(i);
    }
    for (std::size_t i = 0; i < second.size(); ++i) {
        second[i] = static_cast<s16>(-1 - static_cast<int>(i));
    }
    ASSERT_TRUE(environment.Memory().WriteBlock(
        0x101000, {reinterpret_cast<const u8*>(first.data()), first.size() * 2}));
    ASSERT_TRUE(environment.Memory().WriteBlock(
        0x103000, {reinterpret_cast<const u8*>(second.data()), second.size() * 2}));
    const u64 first_tag = 0x100100, second_tag = 0x100200;  // the structs' client addresses
    const AudioOutBufferInfo first_info{0, 0x101000, 0x1000, kFirstFrames * 4, 0};
    const AudioOutBufferInfo second_info{0, 0x103000, 0x1000, kSecondFrames * 4, 0};

    std::shared_ptr<kernel::KernelObject> event_object;
    ASSERT_TRUE(out->RegisterBufferEvent(ipc::OutCopyHandle{&event_object}).IsSuccess());
    auto event = kernel::As<kernel::ReadableEvent>(event_object);
    ASSERT_NE(event, nullptr);

    const u64 start = environment.ticks;
    ASSERT_TRUE(out->Start(ipc::RequestEnvironment{&environment}).IsSuccess());
    ASSERT_TRUE(out->AppendAudioOutBufferAuto(ipc::InBuffer<ipc::kAutoSelect>{Bytes(first_info)},
                                              first_tag, ipc::RequestEnvironment{&environment})
                    .IsSuccess());
    ASSERT_TRUE(out->AppendAudioOutBufferAuto(ipc::InBuffer<ipc::kAutoSelect>{Bytes(second_info)},
                                              second_tag, ipc::RequestEnvironment{&environment})
                    .IsSuccess());
    u32 count = 0;
    ASSERT_TRUE(out->GetAudioOutBufferCount(ipc::Out<u32>{&count}).IsSuccess());
    EXPECT_EQ(count, 2u);

    // 400 ticks of the 19.2 MHz clock a frame at 48 kHz.
    const u64 first_end = start + kFirstFrames * 400;
    const u64 second_end = first_end + kSecondFrames * 400;
    RecordingSignaller events;
    std::vector<u8> tags(4 * sizeof(u64));
    u64 played = 0;

    // Half way through the first buffer: nothing released, half of it played.
    work->Run(start + kFirstFrames * 200, events);
    EXPECT_TRUE(events.signalled.empty());
    ASSERT_TRUE(out->GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect>{tags},
                                                    ipc::Out<u32>{&count})
                    .IsSuccess());
    EXPECT_EQ(count, 0u);
    environment.ticks = start + kFirstFrames * 200;
    ASSERT_TRUE(out->GetAudioOutPlayedSampleCount(ipc::RequestEnvironment{&environment},
                                                  ipc::Out<u64>{&played})
                    .IsSuccess());
    EXPECT_EQ(played, kFirstFrames / 2);

    // Just before its end: still playing.
    work->Run(first_end - 1, events);
    EXPECT_TRUE(events.signalled.empty());

    // At its end: the first (only) is released and the event signalled.
    work->Run(first_end, events);
    ASSERT_EQ(events.signalled.size(), 1u);
    EXPECT_EQ(events.signalled[0], event.get());
    ASSERT_TRUE(out->GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect>{tags},
                                                    ipc::Out<u32>{&count})
                    .IsSuccess());
    ASSERT_EQ(count, 1u);
    u64 tag = 0;
    std::memcpy(&tag, tags.data(), 8);
    EXPECT_EQ(tag, first_tag);
    environment.ticks = first_end;
    ASSERT_TRUE(out->GetAudioOutPlayedSampleCount(ipc::RequestEnvironment{&environment},
                                                  ipc::Out<u64>{&played})
                    .IsSuccess());
    EXPECT_EQ(played, kFirstFrames);
    bool contains = true;
    ASSERT_TRUE(out->ContainsAudioOutBuffer(first_tag, ipc::Out<bool>{&contains}).IsSuccess());
    EXPECT_FALSE(contains);
    ASSERT_TRUE(out->ContainsAudioOutBuffer(second_tag, ipc::Out<bool>{&contains}).IsSuccess());
    EXPECT_TRUE(contains);
    EXPECT_EQ(sink->written, first);
    EXPECT_EQ(sink->positions, std::vector<u64>{0});  // the first sound starts the timeline

    // The second starts where the first ended, even though the work ran late for it.
    work->Run(second_end - 1, events);
    EXPECT_EQ(events.signalled.size(), 1u);
    work->Run(second_end + AudioOutWork::kPeriodTicks, events);
    ASSERT_EQ(events.signalled.size(), 2u);
    ASSERT_TRUE(out->GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect>{tags},
                                                    ipc::Out<u32>{&count})
                    .IsSuccess());
    ASSERT_EQ(count, 1u);
    std::memcpy(&tag, tags.data(), 8);
    EXPECT_EQ(tag, second_tag);
    environment.ticks = second_end + AudioOutWork::kPeriodTicks;
    ASSERT_TRUE(out->GetAudioOutPlayedSampleCount(ipc::RequestEnvironment{&environment},
                                                  ipc::Out<u64>{&played})
                    .IsSuccess());
    EXPECT_EQ(played, kFirstFrames + kSecondFrames);
    ASSERT_TRUE(out->GetAudioOutBufferCount(ipc::Out<u32>{&count}).IsSuccess());
    EXPECT_EQ(count, 0u);
    EXPECT_EQ(sink->written.size(), first.size() + second.size());
    EXPECT_EQ(sink->positions, (std::vector<u64>{0, kFirstFrames}));
    EXPECT_FALSE(work->MayWakeWaiters());  // nothing left to play
}

// Found by nx_ipc_fuzz (restricted to audout:u): a buffer naming 2^62 bytes made the host
// allocate them (std::length_error, an abort), and an empty release list passed a null
// pointer to memcpy.
TEST(AudioOut, RefusesABufferOutsideReadableMemoryAndAnswersAnEmptyReleaseList) {
    FakeEnvironment environment;
    AudioOutManager manager(std::make_shared<AudioOutput>(nullptr));
    const OpenedOut opened = OpenStereoOut(manager, environment);
    ASSERT_TRUE(opened.result.IsSuccess());
    auto out = std::dynamic_pointer_cast<AudioOut>(opened.object);
    ASSERT_NE(out, nullptr);
    // 2^62 bytes; an offset that wraps the address; a buffer past the mapped memory.
    const AudioOutBufferInfo huge{0, 0x101000, 0x1000, u64{1} << 62, 0};
    const AudioOutBufferInfo wrapping{0, 0x101000, 0x1000, 0x100, ~u64{0} - 0x10};
    const AudioOutBufferInfo unmapped{0, u64{1} << 40, 0x1000, 0x100, 0};
    for (const AudioOutBufferInfo& info : {huge, wrapping, unmapped}) {
        EXPECT_EQ(out->AppendAudioOutBufferAuto(ipc::InBuffer<ipc::kAutoSelect>{Bytes(info)}, 1,
                                                ipc::RequestEnvironment{&environment}),
                  ResultInsufficientBuffer);
    }
    u32 count = 7;
    ASSERT_TRUE(out->GetAudioOutBufferCount(ipc::Out<u32>{&count}).IsSuccess());
    EXPECT_EQ(count, 0u);  // nothing was queued
    std::vector<u8> tags;  // an empty output buffer
    count = 7;
    ASSERT_TRUE(out->GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect>{tags},
                                                    ipc::Out<u32>{&count})
                    .IsSuccess());
    EXPECT_EQ(count, 0u);
}

// Stopped (or flushed) half way through a buffer, the half that played is in the output: the
// console had played it.
TEST(AudioOut, StopKeepsWhatHadPlayed) {
    auto sink = std::make_shared<RecordingSink>();
    AudioOutStream stream(2, std::make_shared<AudioOutput>(sink));
    constexpr u64 kStart = 1000;
    ASSERT_TRUE(stream.Start(kStart).IsSuccess());
    std::vector<s16> pcm(480 * 2);
    for (std::size_t i = 0; i < pcm.size(); ++i) {
        pcm[i] = static_cast<s16>(i + 1);
    }
    ASSERT_TRUE(stream.Append(1, pcm, kStart).IsSuccess());
    ASSERT_TRUE(stream.Append(2, pcm, kStart).IsSuccess());
    EXPECT_TRUE(stream.Stop(kStart + 100 * kTicksPerFrame + 10));
    EXPECT_EQ(sink->written, std::vector<s16>(pcm.begin(), pcm.begin() + 100 * 2));
    EXPECT_EQ(sink->positions, std::vector<u64>{0});
    std::vector<u64> tags(4);
    EXPECT_EQ(stream.TakeReleased(tags), 2u);

    ASSERT_TRUE(stream.Start(kStart + 48000 * kTicksPerFrame).IsSuccess());
    ASSERT_TRUE(stream.Append(3, pcm, kStart + 48000 * kTicksPerFrame).IsSuccess());
    bool released_any = false;
    EXPECT_TRUE(stream.Flush(kStart + 48010 * kTicksPerFrame, released_any));
    EXPECT_TRUE(released_any);
    EXPECT_EQ(sink->positions, (std::vector<u64>{0, 48000}));
    EXPECT_EQ(sink->written.size(), (100u + 10u) * 2);
}

TEST(AudioOut, RefusesOtherRatesAndChannelCounts) {
    FakeEnvironment environment;
    AudioOutManager manager(nullptr);
    std::vector<u8> name_out(0x100);
    std::shared_ptr<ipc::ServiceObject> object;
    u32 rate = 0, channels = 0, format = 0, state = 0;
    const auto open = [&](u32 sample_rate, u32 channel_count) {
        return manager.OpenAudioOut(ipc::InBuffer<ipc::kMapAlias>{std::vector<u8>(0x100)},
                                    ipc::OutBuffer<ipc::kMapAlias>{name_out}, sample_rate,
                                    channel_count, ipc::ClientProcessId{}, ipc::InCopyHandle{},
                                    ipc::RequestEnvironment{&environment}, ipc::OutObject{&object},
                                    ipc::Out<u32>{&rate}, ipc::Out<u32>{&channels},
                                    ipc::Out<u32>{&format}, ipc::Out<u32>{&state});
    };
    EXPECT_EQ(open(44100, 2), ResultInvalidSampleRate);
    EXPECT_EQ(open(48000, 3), ResultInvalidChannelCount);
    EXPECT_TRUE(open(0, 6).IsSuccess());
    EXPECT_EQ(channels, 6u);
}

TEST(AudioRenderer, WorkBufferSizeFollowsTheConsolesFormula) {
    // libnx's audren defaults on 4.0+: REV4, 48 kHz, 240 samples a frame, 2 mix buffers, one
    // (final) mix, 24 voices, 1 sink, no effects, splitters or performance frames.
    RendererParameters parameters{};
    parameters.sample_rate = 48000;
    parameters.sample_count = 240;
    parameters.mix_buffer_count = 2;
    parameters.voice_count = 24;
    parameters.sink_count = 1;
    parameters.revision = RevisionMagic(4);
    // By hand from the formula's source (Ryujinx.HLE Services/Audio/IAudioRendererManager.cs,
    // GetAudioRendererWorkBufferSize, and NodeStates / EdgeMatrix / SplitterContext):
    //   AlignUp(2 * 4, 0x40) = 0x40; 1 mix * 0x940; 24 voices * 0x3F0 = 0x5E80;
    //   AlignUp(1 * 8, 16) = 0x10; AlignUp(24 * 8, 16) = 0xC0;
    //   AlignUp((1 * 0x3C0 + 240 * 4) * (2 + 6), 0x40) = 0x3C00; 1 * 0x2C0;
    //   (0 + 24 * 4) * 0x30 = 0x1200; 0x50                                  -> 0xB9E0
    //   splitters (REV2+): AlignUp(NodeStates 0x20 + EdgeMatrix 8, 16) = 0x30 -> 0xBA10
    //   1 sink * 0x170 + 1 * 0x280 + ((0xBA10 + 0 + 0 + 4 * 24 + 0x8F) & ~0x3F = 0xBAC0)
    //   + ((24 << 8) | 0x40 = 0x1840)                                        -> 0xD6F0
    //   fixed command buffer before REV5: + 0x1807E                          -> 0x2576E
    //   AlignUp(0x2576E, 0x1000)                                             -> 0x26000
    EXPECT_EQ(WorkBufferSize(parameters), 0x26000u);

    AudioRendererManager manager;
    u64 size = 0;
    ASSERT_TRUE(manager.GetWorkBufferSize(parameters, ipc::Out<u64>{&size}).IsSuccess());
    EXPECT_EQ(size, 0x26000u);
    parameters.revision = RevisionMagic(14);
    EXPECT_FALSE(manager.GetWorkBufferSize(parameters, ipc::Out<u64>{&size}).IsSuccess());
}

}  // namespace
}  // namespace services::audio
