// RequestUpdate against the renderer's state, with the input laid out as libnx's audrv lays it
// (services/audren.h): memory pools attach, a voice's wave buffers reach the renderer and its
// counters come back, a wave buffer outside the pools is reported as the console reports it.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "audio/renderer/renderer.h"
#include "services/audio/audio_results.h"
#include "services/audio/renderer_update.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

constexpr u64 kPool = 0x80000000;

class HostMemory final : public dsp::SampleMemory {
public:
    bool Read(u64 address, std::span<u8> out) override {
        if (address < kPool || address - kPool + out.size() > bytes.size()) {
            return false;
        }
        std::memcpy(out.data(), bytes.data() + (address - kPool), out.size());
        return true;
    }
    bool Write(u64, std::span<const u8>) override { return false; }
    std::vector<u8> bytes = std::vector<u8>(0x4000);
};

RendererParameters Parameters() {
    RendererParameters p{};
    p.sample_rate = 48000;
    p.sample_count = 240;
    p.mix_buffer_count = 2;
    p.voice_count = 2;
    p.sink_count = 1;
    p.revision = RevisionMagic(5);
    return p;
}

template <typename T>
void Put(std::vector<u8>& bytes, std::size_t offset, const T& value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
}
template <typename T>
T Get(const std::vector<u8>& bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

// Offsets of the sections for Parameters(): header, behaviour, 8 pools, 2 channel resources,
// 2 voices, the final mix, the sink, performance.
constexpr std::size_t kPools = 0x50;
constexpr std::size_t kResources = kPools + 8 * kMemoryPoolInSize;
constexpr std::size_t kVoices = kResources + 2 * kVoiceResourceInSize;
constexpr std::size_t kMix = kVoices + 2 * kVoiceInSize;
constexpr std::size_t kSink = kMix + kMixInSize;
constexpr std::size_t kTotal = kSink + kSinkInSize + kPerformanceInSize;

// One PCM16 voice (0) of two wave buffers: 480 samples in the pool, and `outside` anywhere.
std::vector<u8> Input(u64 outside) {
    std::vector<u8> in(kTotal);
    const u32 header[16] = {RevisionMagic(5),
                            0x10,
                            8 * kMemoryPoolInSize,
                            2 * kVoiceInSize,
                            2 * kVoiceResourceInSize,
                            0,
                            kMixInSize,
                            kSinkInSize,
                            kPerformanceInSize,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            kTotal};
    std::memcpy(in.data(), header, sizeof(header));
    Put<u32>(in, 0x40, RevisionMagic(5));
    Put<u64>(in, kPools, kPool);
    Put<u64>(in, kPools + 8, 0x4000);
    Put<u32>(in, kPools + 0x10, 4);  // RequestAttach
    Put<u32>(in, kResources, 0);
    Put<float>(in, kResources + 4, 1.0f);
    Put<u8>(in, kResources + 0x64, 1);
    Put<u32>(in, kResources + kVoiceResourceInSize, 1);
    const std::size_t voice = kVoices;
    Put<u8>(in, voice + 0x08, 1);  // new
    Put<u8>(in, voice + 0x09, 1);  // in use
    Put<u8>(in, voice + 0x0B, 2);  // PCM16
    Put<u32>(in, voice + 0x0C, 48000);
    Put<u32>(in, voice + 0x18, 1);  // mono
    Put<float>(in, voice + 0x1C, 1.0f);
    Put<float>(in, voice + 0x20, 1.0f);
    Put<u32>(in, voice + 0x58, 0);  // to the final mix
    Put<u32>(in, voice + 0x5C, 0xFFFFFFFF);
    const u64 addresses[2] = {kPool, outside};
    for (int b = 0; b < 4; ++b) {
        const std::size_t buffer = voice + 0x60 + b * 0x38;
        Put<u8>(in, buffer + 0x1A, b >= 2);  // 0 and 1 are new
        if (b < 2) {
            Put<u64>(in, buffer, addresses[b]);
            Put<u64>(in, buffer + 8, 480 * 2);
            Put<s32>(in, buffer + 0x14, 480);
        }
    }
    Put<u32>(in, kVoices + kVoiceInSize, 1);  // voice 1: id 1, not in use
    Put<float>(in, kMix, 1.0f);
    Put<u32>(in, kMix + 4, 48000);
    Put<u32>(in, kMix + 8, 2);
    Put<u8>(in, kMix + 0x0C, 1);
    Put<u32>(in, kMix + 0x924, dsp::kUnusedMixId);
    Put<u32>(in, kMix + 0x928, dsp::kUnusedSplitterId);
    Put<u8>(in, kSink, 1);  // device
    Put<u8>(in, kSink + 1, 1);
    Put<u32>(in, kSink + 0x20 + 0x100, 2);
    Put<u8>(in, kSink + 0x20 + 0x105, 1);
    return in;
}

struct Session {
    Session() : renderer(Config()) {
        for (u32 i = 0; i < 480; ++i) {
            Put<s16>(memory.bytes, i * 2, 1000);
        }
    }
    static dsp::RendererConfig Config() {
        dsp::RendererConfig config;
        config.mix_buffer_count = 2;
        config.voice_count = 2;
        config.sink_count = 1;
        return config;
    }
    base::Result Update(const std::vector<u8>& in, std::vector<u8>& out) {
        out.assign(UpdateOutputSize(Parameters()), 0xCC);
        UpdateSummary summary;
        return RunUpdate(Parameters(), in, out, frames, active, renderer.State(), memory, log,
                         summary);
    }
    dsp::Renderer renderer;
    HostMemory memory;
    InputLog log;
    u64 frames = 0;
    bool active = false;
};

// Output offsets: header, 8 pools, 2 voices, the sink, performance, behaviour, render info.
constexpr std::size_t kVoicesOut = 0x40 + 8 * kMemoryPoolOutSize;
constexpr std::size_t kBehaviourOut =
    kVoicesOut + 2 * kVoiceOutSize + kSinkOutSize + kPerformanceOutSize;

TEST(RendererUpdate, PlaysTheVoiceAndCountsWhatItConsumed) {
    Session session;
    std::vector<u8> out;
    std::vector<u8> in = Input(kPool + 0x1000);  // the second buffer in the pool too
    ASSERT_TRUE(session.Update(in, out).IsSuccess());
    EXPECT_EQ(Get<u32>(out, 0x40), 5u);                  // the pool: attached
    EXPECT_EQ(Get<u32>(out, kBehaviourOut + 0xA0), 0u);  // no errors
    std::vector<s16> sound;
    for (int frame = 0; frame < 5; ++frame) {
        const auto pcm = session.renderer.RenderFrame(session.memory);
        sound.insert(sound.end(), pcm.begin(), pcm.end());
    }
    // Later updates send nothing new (audrv marks every buffer sent).
    Put<u8>(in, kVoices + 0x08, 0);
    for (int b = 0; b < 2; ++b) {
        Put<u8>(in, kVoices + 0x60 + b * 0x38 + 0x1A, 1);
    }
    Put<u32>(in, kPools + 0x10, 0);
    session.frames = 5;
    ASSERT_TRUE(session.Update(in, out).IsSuccess());
    EXPECT_EQ(Get<u64>(out, kVoicesOut), 960u);       // played samples
    EXPECT_EQ(Get<u32>(out, kVoicesOut + 8), 2u);     // wave buffers consumed
    EXPECT_EQ(Get<u32>(out, kVoicesOut + 12), 0u);    // drops
    EXPECT_EQ(Get<u64>(out, out.size() - 0x10), 5u);  // elapsed frames
    // The first buffer's samples on the left at full volume, nothing on the right.
    EXPECT_EQ(sound[10 * 2], 1000);
    EXPECT_EQ(sound[10 * 2 + 1], 0);
    EXPECT_EQ(sound[(480 + 2 + 10) * 2], 0);  // the second buffer's memory holds silence
}

TEST(RendererUpdate, ReportsAWaveBufferOutsideThePools) {
    Session session;
    std::vector<u8> out;
    const u64 outside = 0x90000000;
    ASSERT_TRUE(session.Update(Input(outside), out).IsSuccess());
    EXPECT_EQ(Get<u32>(out, kBehaviourOut + 0xA0), 1u);
    EXPECT_EQ(Get<u32>(out, kBehaviourOut), ResultInvalidAddressInfo.Raw());  // 2153-0042
    EXPECT_EQ(Get<u64>(out, kBehaviourOut + 8), outside);
    for (int frame = 0; frame < 3; ++frame) {
        session.renderer.RenderFrame(session.memory);
    }
    // The first buffer played; the second was consumed without a sample.
    EXPECT_EQ(session.renderer.State().voices[0].played_samples, 480u);
    EXPECT_EQ(session.renderer.State().voices[0].wave_buffers_consumed, 2u);
}

TEST(RendererUpdate, RefusesAnInputOfOtherSections) {
    Session session;
    std::vector<u8> out;
    std::vector<u8> in = Input(kPool);
    Put<u32>(in, 12, 3 * kVoiceInSize);  // three voices' worth for two
    EXPECT_EQ(session.Update(in, out), ResultInvalidUpdateInfo);
    EXPECT_FALSE(session.renderer.State().voices[0].in_use);  // nothing applied
}

// Found by nx_audio_renderer_update_fuzz: REV1 parameters naming 0x5555555 splitters passed the
// work buffer check (REV1's size has no splitters) and the renderer allocated them all. The
// console builds splitters only from REV2 and only when both counts are given.
TEST(RendererUpdate, SplittersOnlyFromRevisionTwoAndWithBothCounts) {
    RendererParameters p = Parameters();
    p.splitter_count = 0x5555555;
    p.splitter_destination_count = 3;
    p.revision = RevisionMagic(1);
    EXPECT_EQ(RendererConfigOf(p).splitter_count, 0u);
    EXPECT_EQ(RendererConfigOf(p).splitter_destination_count, 0u);
    p.revision = RevisionMagic(2);
    p.splitter_count = 4;
    EXPECT_EQ(RendererConfigOf(p).splitter_count, 4u);
    EXPECT_EQ(RendererConfigOf(p).splitter_destination_count, 3u);
    p.splitter_destination_count = 0;
    EXPECT_EQ(RendererConfigOf(p).splitter_count, 0u);
    const dsp::Renderer renderer(RendererConfigOf(p));
    EXPECT_TRUE(renderer.State().splitters.empty());
}

}  // namespace
}  // namespace services::audio
