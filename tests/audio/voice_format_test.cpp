// PCM24 and PCM32 voices: the samples as the program lays them out (little-endian, two's
// complement, channels interleaved; PCM24 three bytes a sample), scaled to the mix's PCM16
// scale; every expected value worked out here from the bytes.

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "audio/renderer/renderer.h"
#include "audio/renderer/voice_renderer.h"
#include "test_memory.h"

namespace audio::renderer {
namespace {

struct Fixture {
    explicit Fixture(SampleFormat format) : renderer(Config()), memory(0x10000) {
        renderer.State().pools.push_back({kBase, memory.bytes.size(), true});
        RendererState& state = renderer.State();
        Voice& voice = state.voices[0];
        voice.in_use = true;
        voice.play_state = PlayState::Started;
        voice.format = format;
        voice.sample_rate = 48000;
        voice.channel_count = 2;
        voice.volume = 1.0f;
        voice.mix_id = kFinalMixId;
        voice.channel_resource_ids = {0, 1};
        state.channel_resources[0].in_use = true;
        state.channel_resources[0].mix_volumes[0] = 1.0f;  // channel 0 to the left
        state.channel_resources[1].in_use = true;
        state.channel_resources[1].mix_volumes[1] = 1.0f;  // channel 1 to the right
        state.mixes[kFinalMixId].in_use = true;
        state.mixes[kFinalMixId].volume = 1.0f;
        state.mixes[kFinalMixId].buffer_count = 2;
        Sink& sink = state.sinks[0];
        sink.type = SinkType::Device;
        sink.in_use = true;
        sink.input_count = 2;
        sink.inputs = {0, 1};
    }
    static RendererConfig Config() {
        RendererConfig config;
        config.mix_buffer_count = 2;
        config.voice_count = 2;  // the renderer has a channel resource per voice: two
        config.sink_count = 1;
        return config;
    }
    void Buffer(u64 size, u32 samples) {
        WaveBuffer& buffer = renderer.State().voices[0].wave_buffers[0];
        buffer.valid = true;
        buffer.address = kBase;
        buffer.size = size;
        buffer.end_offset = samples;
    }
    Renderer renderer;
    TestMemory memory;
};

TEST(VoiceFormat, DecodesPcm24) {
    Fixture f(SampleFormat::Pcm24);
    // Frames of (left, right): left 0x03E812 = 256018 (1000.07 on the PCM16 scale), right
    // 0xF83000 = -512000 in 24 bits (-2000).
    const u32 frames = 300;
    for (u32 i = 0; i < frames; ++i) {
        const u8 bytes[6] = {0x12, 0xE8, 0x03, 0x00, 0x30, 0xF8};
        for (u32 b = 0; b < 6; ++b) {
            f.memory.Put<u8>(kBase + i * 6 + b, bytes[b]);
        }
    }
    f.Buffer(frames * 6, frames);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    for (u32 i = 2; i < 240; ++i) {
        ASSERT_EQ(out[i * 2], 1000) << i;  // 0x03E812 / 256 = 1000.07
        ASSERT_EQ(out[i * 2 + 1], -2000) << i;
    }
    EXPECT_EQ(f.renderer.State().voices[0].played_samples, 240u);
}

TEST(VoiceFormat, DecodesPcm32) {
    Fixture f(SampleFormat::Pcm32);
    const u32 frames = 300;
    for (u32 i = 0; i < frames; ++i) {
        f.memory.Put<s32>(kBase + i * 8, 1500 * 65536 + 0x7000);                // 1500.44
        f.memory.Put<s32>(kBase + i * 8 + 4, std::numeric_limits<s32>::min());  // -32768.0
    }
    f.Buffer(frames * 8, frames);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    for (u32 i = 2; i < 240; ++i) {
        ASSERT_EQ(out[i * 2], 1500) << i;
        ASSERT_EQ(out[i * 2 + 1], -32768) << i;
    }
}

TEST(VoiceFormat, AShortPcm24BufferPlaysTheWholeFramesItHolds) {
    Fixture f(SampleFormat::Pcm24);
    f.Buffer(10 * 6 + 5, 1000);  // ten frames and five stray bytes; the end offset is larger
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(f.renderer.State().voices[0].played_samples, 10u);
    EXPECT_EQ(f.renderer.State().voices[0].wave_buffers_consumed, 1u);
}

TEST(VoiceFormat, WhichFormatsAreBuilt) {
    EXPECT_TRUE(IsVoiceFormatBuilt(SampleFormat::Pcm24, 2));
    EXPECT_TRUE(IsVoiceFormatBuilt(SampleFormat::Pcm32, 6));
    EXPECT_FALSE(IsVoiceFormatBuilt(SampleFormat::Adpcm, 2));
    EXPECT_FALSE(IsVoiceFormatBuilt(SampleFormat::Invalid, 1));
}

}  // namespace
}  // namespace audio::renderer
