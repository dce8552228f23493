// OpenAudioRenderer's parameter checks: the rates and frame lengths the renderer runs at, the
// revision, the work buffer's size and the counts it cannot allocate nothing of.

#include <gtest/gtest.h>

#include "services/audio/audio_results.h"
#include "services/audio/renderer_parameter_check.h"

namespace services::audio {
namespace {

constexpr u64 kLargeWorkBuffer = 16ull << 20;

// libnx's audren defaults on 4.0+ (services/audren.c): REV4, 48 kHz, 240 samples a frame, 2 mix
// buffers, 24 voices, 1 sink. Its work buffer is 0x26000 bytes (worked out by hand in
// AudioRenderer.WorkBufferSizeFollowsTheConsolesFormula).
RendererParameters LibnxDefaults() {
    RendererParameters p{};
    p.sample_rate = 48000;
    p.sample_count = 240;
    p.mix_buffer_count = 2;
    p.voice_count = 24;
    p.sink_count = 1;
    p.revision = RevisionMagic(4);
    return p;
}

TEST(RendererParameterCheck, TakesBothRatesWithTheirFiveMillisecondFrames) {
    RendererParameters p = LibnxDefaults();
    EXPECT_TRUE(CheckRendererParameters(p, kLargeWorkBuffer).IsSuccess());
    // AudioRendererOutputRate_32kHz: 32000 Hz, 32000 / 200 = 160 samples a frame.
    p.sample_rate = 32000;
    p.sample_count = 160;
    EXPECT_TRUE(CheckRendererParameters(p, kLargeWorkBuffer).IsSuccess());
}

TEST(RendererParameterCheck, RefusesOtherRatesWithInvalidSampleRate) {
    for (const u32 rate : {0u, 8000u, 44100u, 96000u, 0x31000000u, 0xFFFFFFFFu}) {
        RendererParameters p = LibnxDefaults();
        p.sample_rate = rate;
        p.sample_count = rate / 200;
        EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInvalidSampleRate) << rate;
    }
}

TEST(RendererParameterCheck, RefusesAFrameLengthOtherThanTheRatesWithInvalidSampleRate) {
    RendererParameters p = LibnxDefaults();
    for (const u32 count : {0u, 160u, 239u, 241u, 480u, 0x10000000u}) {
        p.sample_count = count;
        EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInvalidSampleRate) << count;
    }
    p.sample_rate = 32000;
    p.sample_count = 240;
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInvalidSampleRate);
}

TEST(RendererParameterCheck, RefusesAnUnknownRevisionFirst) {
    RendererParameters p = LibnxDefaults();
    p.revision = RevisionMagic(14);
    p.sample_rate = 44100;  // also wrong: the revision is checked first, as the console does
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInvalidRevision);
    p.revision = RevisionMagic(0);
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInvalidRevision);
}

TEST(RendererParameterCheck, RefusesAWorkBufferOneByteShortWithInsufficientBuffer) {
    const RendererParameters p = LibnxDefaults();
    EXPECT_TRUE(CheckRendererParameters(p, 0x26000).IsSuccess());
    EXPECT_EQ(CheckRendererParameters(p, 0x25FFF), ResultInsufficientBuffer);
    EXPECT_EQ(CheckRendererParameters(p, 0), ResultInsufficientBuffer);
}

TEST(RendererParameterCheck, RefusesNoVoicesSinksOrMixBuffersWithInsufficientBuffer) {
    RendererParameters p = LibnxDefaults();
    p.voice_count = 0;
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInsufficientBuffer);
    p = LibnxDefaults();
    p.sink_count = 0;
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInsufficientBuffer);
    p = LibnxDefaults();
    p.mix_buffer_count = 0;
    EXPECT_EQ(CheckRendererParameters(p, kLargeWorkBuffer), ResultInsufficientBuffer);
    // No effects, sub-mixes, splitters or performance frames is a renderer the console opens.
    p = LibnxDefaults();
    p.effect_count = 0;
    p.sub_mix_count = 0;
    EXPECT_TRUE(CheckRendererParameters(p, kLargeWorkBuffer).IsSuccess());
}

}  // namespace
}  // namespace services::audio
