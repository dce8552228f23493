// The renderer's frame from voice to sinks: a voice through its channel resource into the
// final mix and a device sink, through a sub-mix, through a splitter, with a biquad effect, an
// auxiliary buffer round trip and a circular-buffer sink, with voice drop, end of stream and
// ADPCM; every expected value computed here from the volumes.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "audio/renderer/renderer.h"
#include "test_memory.h"

namespace audio::renderer {
namespace {

RendererConfig Config(u32 sub_mixes = 0, u32 effects = 0, u32 sinks = 1) {
    RendererConfig config;
    config.mix_buffer_count = 6;
    config.sub_mix_count = sub_mixes;
    config.voice_count = 4;
    config.sink_count = sinks;
    config.effect_count = effects;
    config.splitter_count = 1;
    config.splitter_destination_count = 2;
    return config;
}

// A PCM16 mono voice of `samples` of `value` at 48 kHz at kBase + offset, into the final mix.
void AddVoice(RendererState& state, TestMemory& memory, u32 index, u64 offset, u32 samples,
              s16 value, float volume, float left, float right) {
    for (u32 i = 0; i < samples; ++i) {
        memory.Put<s16>(kBase + offset + i * 2, value);
    }
    Voice& voice = state.voices[index];
    voice.in_use = true;
    voice.play_state = PlayState::Started;
    voice.format = SampleFormat::Pcm16;
    voice.sample_rate = 48000;
    voice.channel_count = 1;
    voice.volume = volume;
    voice.mix_id = kFinalMixId;
    voice.channel_resource_ids[0] = index;
    state.channel_resources[index].in_use = true;
    state.channel_resources[index].mix_volumes[0] = left;
    state.channel_resources[index].mix_volumes[1] = right;
    WaveBuffer& buffer = voice.wave_buffers[0];
    buffer.valid = true;
    buffer.address = kBase + offset;
    buffer.size = samples * 2;
    buffer.end_offset = samples;
}

void AddFinalMixAndDevice(RendererState& state) {
    state.mixes[kFinalMixId].in_use = true;
    state.mixes[kFinalMixId].volume = 1.0f;
    state.mixes[kFinalMixId].buffer_count = 2;
    Sink& sink = state.sinks[0];
    sink.type = SinkType::Device;
    sink.in_use = true;
    sink.input_count = 2;
    sink.inputs = {0, 1};
}

struct Fixture {
    explicit Fixture(const RendererConfig& config) : renderer(config), memory(0x40000) {
        renderer.State().pools.push_back({kBase, memory.bytes.size(), true});
    }
    Renderer renderer;
    TestMemory memory;
};

// Frame i's two sides, past the resampler's two samples of latency.
void ExpectFrames(const std::vector<s16>& out, std::size_t from, std::size_t to, s16 left,
                  s16 right) {
    for (std::size_t i = from; i < to; ++i) {
        ASSERT_EQ(out[i * 2], left) << "frame " << i;
        ASSERT_EQ(out[i * 2 + 1], right) << "frame " << i;
    }
}

TEST(Renderer, PlaysAVoiceThroughTheFinalMixToTheDevice) {
    Fixture f(Config());
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 400, 1000, 0.5f, 1.0f, 0.25f);
    AddFinalMixAndDevice(state);
    const std::vector<s16> first = f.renderer.RenderFrame(f.memory);
    ASSERT_EQ(first.size(), 480u);
    EXPECT_EQ(first[0], 0);  // the resampler's latency
    ExpectFrames(first, 2, 240, 500, 125);
    EXPECT_EQ(state.voices[0].played_samples, 240u);
    EXPECT_EQ(state.voices[0].wave_buffers_consumed, 0u);
    // The second frame runs out after 160 samples: the buffer is consumed, the rest silent.
    const std::vector<s16> second = f.renderer.RenderFrame(f.memory);
    ExpectFrames(second, 0, 162, 500, 125);
    ExpectFrames(second, 163, 240, 0, 0);
    EXPECT_EQ(state.voices[0].played_samples, 400u);
    EXPECT_EQ(state.voices[0].wave_buffers_consumed, 1u);
    EXPECT_FALSE(state.voices[0].wave_buffers[0].valid);
}

TEST(Renderer, RampsAVolumeChangeAcrossOneFrame) {
    Fixture f(Config());
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 2000, 1000, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    f.renderer.RenderFrame(f.memory);
    state.voices[0].volume = 0.0f;                     // voice volume 1 -> 0
    state.channel_resources[0].mix_volumes[1] = 0.5f;  // right destination 1 -> 0.5
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    for (int i = 0; i < 240; i += 40) {
        const double voice = 1.0 - i / 240.0;
        EXPECT_NEAR(out[i * 2], 1000 * voice, 1) << i;
        EXPECT_NEAR(out[i * 2 + 1], 1000 * voice * (1.0 - 0.5 * i / 240.0), 1) << i;
    }
    const std::vector<s16> after = f.renderer.RenderFrame(f.memory);
    ExpectFrames(after, 0, 240, 0, 0);
}

TEST(Renderer, SendsASubMixOnAtItsVolumes) {
    Fixture f(Config(1));
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 800, 1.0f, 1.0f, 0.5f);
    AddFinalMixAndDevice(state);
    state.voices[0].mix_id = 1;
    Mix& sub = state.mixes[1];
    sub.in_use = true;
    sub.volume = 0.5f;
    sub.buffer_count = 2;
    sub.destination_mix_id = kFinalMixId;
    sub.volumes[0][0] = 1.0f;  // left to left
    sub.volumes[1][1] = 1.0f;  // right to right
    sub.volumes[0][1] = 0.5f;  // and half of the left to the right
    state.mixes[kFinalMixId].volume = 2.0f;
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    // left: 800 * 1.0 * 0.5 * 2 = 800; right: (800 * 0.5 + 800 * 1.0 * 0.5) * 0.5 * 2 = 800.
    ExpectFrames(out, 2, 240, 800, 800);
    EXPECT_EQ(state.mixes[1].buffer_offset, 2u);  // after the final mix's two
}

TEST(Renderer, SplitsAVoiceToItsDestinations) {
    Fixture f(Config());
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 1200, 1.0f, 0, 0);
    AddFinalMixAndDevice(state);
    state.voices[0].splitter_id = 0;
    state.splitters[0] = {true, 48000, {0, 1}};
    for (u32 d = 0; d < 2; ++d) {
        state.splitter_destinations[d].in_use = true;
        state.splitter_destinations[d].mix_id = kFinalMixId;
    }
    state.splitter_destinations[0].volumes[0] = 0.5f;
    state.splitter_destinations[1].volumes[1] = 0.25f;
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    ExpectFrames(out, 2, 240, 600, 300);
}

TEST(Renderer, DropsTheLowestPriorityVoicesPastTheLimit) {
    RendererConfig config = Config();
    config.voice_drop_enabled = true;
    Fixture f(config);
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 100, 1.0f, 1.0f, 1.0f);
    AddVoice(state, f.memory, 1, 0x1000, 1000, 1000, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    state.voices[0].priority = 10;            // lower priority than voice 1's 0
    state.rendering_time_limit_percent = 25;  // 4 voices * 25 %: one plays
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    ExpectFrames(out, 2, 240, 1000, 1000);
    EXPECT_EQ(state.voices[0].voice_drops, 1u);
    EXPECT_EQ(state.voices[0].played_samples, 0u);
    EXPECT_EQ(state.voices[1].played_samples, 240u);
}

TEST(Renderer, RunsABiquadEffectAndWritesACircularBufferSink) {
    Fixture f(Config(0, 1, 2));
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 1000, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    // A biquad that halves (b0 = 0.5) on the left buffer only.
    Effect& effect = state.effects[0];
    effect.type = EffectType::BiquadFilter;
    effect.enabled = true;
    effect.mix_id = kFinalMixId;
    effect.parameters[0] = 0;  // input buffer 0
    effect.parameters[6] = 0;  // output buffer 0
    const s16 half = 8192;
    std::memcpy(&effect.parameters[0xC], &half, 2);
    effect.parameters[0x16] = 1;  // one channel
    Sink& circular = state.sinks[1];
    circular.type = SinkType::CircularBuffer;
    circular.in_use = true;
    circular.input_count = 2;
    circular.inputs = {0, 1};
    circular.address = kBase + 0x10000;
    circular.size = 240 * 2 * 2 * 3;  // three frames of two blocks
    circular.sample_count = 240;
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    ExpectFrames(out, 2, 240, 500, 1000);
    EXPECT_EQ(effect.usage, EffectUsage::Enabled);
    // The circular buffer: the left block then the right block.
    EXPECT_EQ(f.memory.Get<s16>(circular.address + 100 * 2), 500);
    EXPECT_EQ(f.memory.Get<s16>(circular.address + (240 + 100) * 2), 1000);
    EXPECT_EQ(circular.position, 960u);
    f.renderer.RenderFrame(f.memory);
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(circular.position, 0u);  // wrapped after three frames
}

TEST(Renderer, RoundTripsAnAuxiliaryBufferThroughMemory) {
    Fixture f(Config(0, 1));
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 1000, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    Effect& effect = state.effects[0];
    effect.type = EffectType::Aux;
    effect.enabled = true;
    effect.mix_id = kFinalMixId;
    effect.parameters[0] = 0;     // input: left
    effect.parameters[0x18] = 0;  // output: left
    const u32 channels = 1, count_max = 960;
    const u64 send_info = kBase + 0x20000, send = kBase + 0x20100;
    const u64 return_info = kBase + 0x22000, ret = kBase + 0x22100;
    std::memcpy(&effect.parameters[0x30], &channels, 4);
    std::memcpy(&effect.parameters[0x38], &count_max, 4);
    std::memcpy(&effect.parameters[0x40], &send_info, 8);
    std::memcpy(&effect.parameters[0x48], &send, 8);
    std::memcpy(&effect.parameters[0x50], &return_info, 8);
    std::memcpy(&effect.parameters[0x58], &ret, 8);
    for (u32 i = 0; i < count_max; ++i) {
        f.memory.Put<s32>(ret + i * 4, -static_cast<s32>(i));  // what the program returns
    }
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    // The left side is what came back: -i at frame i; the right is the voice.
    for (u32 i = 0; i < 240; ++i) {
        ASSERT_EQ(out[i * 2], -static_cast<s32>(i)) << i;
        ASSERT_EQ(out[i * 2 + 1], i < 2 ? 0 : 1000) << i;
    }
    EXPECT_EQ(f.memory.Get<s32>(send + 100 * 4), 1000);  // the mix, sent
    EXPECT_EQ(f.memory.Get<u32>(send_info + 4), 240u);   // write offset moved
    EXPECT_EQ(f.memory.Get<u32>(return_info), 240u);     // read offset moved
    const std::vector<s16> next = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(next[0], -240);
}

TEST(Renderer, DecodesAnAdpcmVoice) {
    Fixture f(Config());
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 0, 0, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    Voice& voice = state.voices[0];
    voice.format = SampleFormat::Adpcm;
    voice.adpcm_coefficients = {2048, 0};  // pair 0: h0 * 1.0
    voice.adpcm_context = {0, 0, 0};
    // 20 frames of header 0x00 (pair 0, scale 0) with nibbles +1: each sample is one more
    // than the one before (floor(1 + h0 + 0.5)).
    const u32 frames = 20;
    for (u32 frame = 0; frame < frames; ++frame) {
        f.memory.Put<u8>(kBase + frame * 8, 0x00);
        for (u32 b = 1; b < 8; ++b) {
            f.memory.Put<u8>(kBase + frame * 8 + b, 0x11);
        }
    }
    voice.wave_buffers[0].size = frames * 8;
    voice.wave_buffers[0].end_offset = frames * 14;
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    for (u32 i = 2; i < 240; ++i) {
        ASSERT_EQ(out[i * 2], static_cast<s16>(i - 1)) << i;  // sample i - 2 is i - 1
    }
    EXPECT_EQ(voice.played_samples, 240u);
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(voice.played_samples, 280u);
    EXPECT_EQ(voice.wave_buffers_consumed, 1u);
}

TEST(Renderer, LoopsAWaveBufferItsCountOfTimes) {
    Fixture f(Config());
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 100, 300, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    WaveBuffer& buffer = state.voices[0].wave_buffers[0];
    buffer.loop = true;
    buffer.loop_count = 3;  // plays 4 times: 400 samples
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(state.voices[0].wave_buffers_consumed, 0u);
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(state.voices[0].played_samples, 400u);
    EXPECT_EQ(state.voices[0].wave_buffers_consumed, 1u);
}

TEST(Renderer, UpsamplesA32KhzRendererToTheOutput) {
    RendererConfig config = Config();
    config.sample_rate = 32000;
    config.sample_count = 160;
    Fixture f(config);
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 2000, 1000, 1.0f, 1.0f, 0.5f);
    state.voices[0].sample_rate = 32000;
    AddFinalMixAndDevice(state);
    f.renderer.RenderFrame(f.memory);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    ASSERT_EQ(out.size(), 480u);
    ExpectFrames(out, 0, 240, 1000, 500);
    EXPECT_EQ(state.voices[0].played_samples, 320u);
}

TEST(Renderer, RecordsWhatEachNodeCost) {
    RendererConfig config = Config(1);
    config.voice_drop_enabled = true;
    Fixture f(config);
    RendererState& state = f.renderer.State();
    AddVoice(state, f.memory, 0, 0, 1000, 100, 1.0f, 1.0f, 1.0f);
    AddVoice(state, f.memory, 1, 0x1000, 1000, 100, 1.0f, 1.0f, 1.0f);
    AddFinalMixAndDevice(state);
    state.voices[0].node_id = 0x10000001;
    state.voices[1].node_id = 0x10000002;
    state.voices[1].priority = 5;  // dropped: 4 voices * 25 % leave one
    state.rendering_time_limit_percent = 25;
    state.voices[0].mix_id = 1;
    Mix& sub = state.mixes[1];
    sub.in_use = true;
    sub.node_id = 0x20000001;
    sub.buffer_count = 2;
    sub.destination_mix_id = kFinalMixId;
    state.mixes[kFinalMixId].node_id = 0x20000000;
    state.sinks[0].node_id = 0x30000000;
    f.renderer.RenderFrame(f.memory);
    const FramePerformance& cost = f.renderer.LastFramePerformance();
    ASSERT_EQ(cost.entries.size(), 4u);  // the voice played, the sub-mix, the final mix, the sink
    const PerformanceEntryType types[4] = {
        PerformanceEntryType::Voice, PerformanceEntryType::SubMix, PerformanceEntryType::FinalMix,
        PerformanceEntryType::Sink};
    const u32 nodes[4] = {0x10000001, 0x20000001, 0x20000000, 0x30000000};
    u32 end = 0;
    for (u32 i = 0; i < 4; ++i) {
        EXPECT_EQ(cost.entries[i].type, types[i]) << i;
        EXPECT_EQ(cost.entries[i].node_id, nodes[i]) << i;
        EXPECT_GE(cost.entries[i].start_us, end) << i;  // in order, one after another
        end = cost.entries[i].start_us + cost.entries[i].time_us;
    }
    EXPECT_GE(cost.total_us, end);
    EXPECT_EQ(cost.voice_drops, 1u);
    EXPECT_TRUE(cost.details.empty());  // no target node
    // The voice as the target: its decoding (PCM16) and its mixing.
    state.performance_target_node = 0x10000001;
    f.renderer.RenderFrame(f.memory);
    const auto& details = f.renderer.LastFramePerformance().details;
    ASSERT_EQ(details.size(), 2u);
    EXPECT_EQ(details[0].type, PerformanceDetailType::PcmInt16);
    EXPECT_EQ(details[1].type, PerformanceDetailType::Mix);
    EXPECT_EQ(details[1].entry_type, static_cast<u8>(PerformanceEntryType::Voice));
    EXPECT_EQ(details[0].node_id, 0x10000001u);
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(f.renderer.LastFramePerformance().entries.size(), 4u);  // each frame afresh
}

}  // namespace
}  // namespace audio::renderer
