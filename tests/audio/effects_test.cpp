// The delay, limiter, compressor, buffer mixer and capture effects. Expected values come from
// the effects' public description (Ryujinx's and yuzu's notes on the DSP, in the effects' headers):
// impulse responses and step responses worked out here in closed form. The DSP runs in
// 32-bit float, in an order that need not be the console's, so values are compared within
// 1e-4 relative (about 2^-13: far above float rounding over a few hundred operations, far
// below any error in a gain, tap or delay).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "audio/renderer/compressor_effect.h"
#include "audio/renderer/delay_effect.h"
#include "audio/renderer/effects.h"
#include "audio/renderer/limiter_effect.h"
#include "audio/renderer/renderer.h"
#include "test_memory.h"

namespace audio::renderer {
namespace {

constexpr double kTolerance = 1e-4;

u32 Q14(double value) {
    return static_cast<u32>(std::lround(value * 16384));
}

DelayParameters Delay(u16 channels, u32 delay_ms, double feedback, double spread = 0,
                      double lowpass = 0, double dry = 0) {
    DelayParameters p;
    p.channel_count = p.channel_count_max = channels;
    p.delay_time_max = 100;
    p.delay_time = delay_ms;
    p.sample_rate = 48000u << 14;
    p.in_gain = Q14(1.0);
    p.out_gain = Q14(1.0);
    p.dry_gain = Q14(dry);
    p.feedback_gain = Q14(feedback);
    p.channel_spread = Q14(spread);
    p.lowpass_amount = Q14(lowpass);
    return p;
}

// Runs `channels` buffers of `length` samples with a unit impulse at sample 0 of channel 0,
// in frames of 240.
std::vector<std::vector<float>> Impulse(const DelayParameters& p, u32 length) {
    std::vector<std::vector<float>> buffers(p.channel_count, std::vector<float>(length, 0.0f));
    buffers[0][0] = 1.0f;
    DelayState state;
    for (u32 at = 0; at < length; at += 240) {
        std::vector<float*> io;
        for (auto& buffer : buffers) {
            io.push_back(buffer.data() + at);
        }
        const std::vector<const float*> in(io.begin(), io.end());
        ProcessDelay(p, state, in, io, 240);
    }
    return buffers;
}

void ExpectNear(double actual, double expected, const char* what, u32 index) {
    EXPECT_NEAR(actual, expected, kTolerance * std::max(1.0, std::fabs(expected)))
        << what << " at " << index;
}

TEST(DelayEffect, EchoesAMonoImpulseAtTheDelayTimesTheFeedback) {
    // 2 ms at 48 kHz: 96 samples. One channel: the feedback gain as given (0.5).
    const auto out = Impulse(Delay(1, 2, 0.5), 720);
    for (u32 i = 0; i < 720; ++i) {
        const double expected = i % 96 == 0 && i > 0 ? std::pow(0.5, i / 96 - 1) : 0.0;
        ExpectNear(out[0][i], expected, "mono", i);
    }
}

TEST(DelayEffect, LowPassesTheEcho) {
    // Low-pass amount 0.5: the line takes k = 0.95 * 0.5 of its last value and 1 - k of the
    // new; no feedback, so the echo of the impulse is (1 - k) k^n, n samples after the delay.
    const double k = 0.95 * 0.5;
    const auto out = Impulse(Delay(1, 1, 0.0, 0.0, 0.5, 0.25), 240);
    ExpectNear(out[0][0], 0.25, "dry", 0);  // the dry gain on the input itself
    for (u32 n = 0; n < 40; ++n) {
        ExpectNear(out[0][48 + n], (1 - k) * std::pow(k, n), "low-passed echo", n);
    }
}

TEST(DelayEffect, SpreadsTheFeedbackBetweenStereoChannels) {
    // Two channels: f = 0.6 * 0.98, spread 0.25: F = [[b, c], [c, b]] with b = 0.75 f,
    // c = 0.25 f. The impulse on the left comes back after n delays as F^(n-1) (1, 0).
    const double f = 0.6 * 0.98, b = 0.75 * f, c = 0.25 * f;
    const auto out = Impulse(Delay(2, 1, 0.6, 0.25), 48 * 5);
    const double left[4] = {1, b, b * b + c * c, b * (b * b + c * c) + c * (2 * b * c)};
    const double right[4] = {0, c, 2 * b * c, c * (b * b + c * c) + b * (2 * b * c)};
    for (u32 n = 0; n < 4; ++n) {
        ExpectNear(out[0][48 * (n + 1)], left[n], "left echo", n);
        ExpectNear(out[1][48 * (n + 1)], right[n], "right echo", n);
        ExpectNear(out[0][48 * (n + 1) + 1], 0.0, "left between echoes", n);
    }
}

TEST(DelayEffect, SurroundKeepsTheLfeToItself) {
    // Six channels: the LFE (channel 3) feeds back at f alone; an impulse there never
    // reaches another channel. Channel 0's neighbours (centre 2, back left 4) take f s / 2.
    DelayParameters p = Delay(6, 1, 0.5, 0.5);
    std::vector<std::vector<float>> buffers(6, std::vector<float>(480, 0.0f));
    buffers[3][0] = 1.0f;
    buffers[0][0] = 1.0f;
    DelayState state;
    for (u32 at = 0; at < 480; at += 240) {
        std::vector<float*> io;
        for (auto& buffer : buffers) {
            io.push_back(buffer.data() + at);
        }
        const std::vector<const float*> in(io.begin(), io.end());
        ProcessDelay(p, state, in, io, 240);
    }
    const double f = 0.5 * 0.98;
    ExpectNear(buffers[3][96], f, "LFE second echo", 96);
    ExpectNear(buffers[0][96], (1 - 0.5) * f, "front left second echo", 96);
    ExpectNear(buffers[2][96], 0.5 * 0.5 * f, "centre from front left", 96);
    ExpectNear(buffers[4][96], 0.5 * 0.5 * f, "back left from front left", 96);
    ExpectNear(buffers[1][96], 0.0, "front right", 96);
    ExpectNear(buffers[5][96], 0.0, "back right", 96);
}

LimiterParameters Limiter(float attack, float release, float threshold, s32 lookahead) {
    LimiterParameters p;
    p.channel_count = p.channel_count_max = 1;
    p.attack_coefficient = attack;
    p.release_coefficient = release;
    p.threshold = threshold;
    p.input_gain = 1.0f;
    p.output_gain = 1.0f;
    p.delay_samples_min = lookahead;
    p.delay_samples_max = lookahead;
    return p;
}

std::vector<float> RunLimiter(const LimiterParameters& p, LimiterState& state,
                              std::vector<float> samples) {
    const float* in[1] = {samples.data()};
    float* out[1] = {samples.data()};
    ProcessLimiter(p, state, in, out, static_cast<u32>(samples.size()));
    return samples;
}

TEST(LimiterEffect, DelaysASignalUnderTheThresholdByTheLookAhead) {
    LimiterState state;
    std::vector<float> ramp(240);
    for (u32 i = 0; i < 240; ++i) {
        ramp[i] = static_cast<float>(i) * 10.0f;  // at most 2390 / 32767 = 0.07
    }
    const auto out = RunLimiter(Limiter(1.0f, 1.0f, 0.5f, 4), state, ramp);
    for (u32 i = 0; i < 240; ++i) {
        ExpectNear(out[i], i < 4 ? 0.0 : (i - 4) * 10.0, "delayed", i);
    }
    EXPECT_NEAR(state.statistics.input_max[0], 2390.0 / 32767, 1e-6);
    EXPECT_FLOAT_EQ(state.statistics.gain_min[0], 1.0f);
}

TEST(LimiterEffect, HoldsALoudSignalAtTheThreshold) {
    // Instant attack and release: the gain is threshold / level at once; 0.8 of full scale
    // limited to 0.25 comes out at 0.25 * 32767.
    LimiterState state;
    const auto out =
        RunLimiter(Limiter(1.0f, 1.0f, 0.25f, 2), state, std::vector<float>(240, -0.8f * 32767));
    for (u32 i = 2; i < 240; ++i) {
        ExpectNear(out[i], -0.25 * 32767, "limited", i);
    }
    EXPECT_NEAR(state.statistics.gain_min[0], 0.25 / 0.8, 1e-5);
    EXPECT_NEAR(state.statistics.input_max[0], 0.8, 1e-5);
}

TEST(LimiterEffect, AttacksAtItsCoefficient) {
    // A step to full scale, attack 0.5, threshold 0.25, no look-ahead delay past one sample:
    // detector d1 = 0.5, d2 = 0.75, d3 = 0.875; the gain moves half way to threshold / d
    // each sample from 1: g1 = 1 + (0.5 - 1) / 2, g2 = g1 + (1/3 - g1) / 2, g3 likewise.
    LimiterState state;
    const auto out =
        RunLimiter(Limiter(0.5f, 0.5f, 0.25f, 1), state, std::vector<float>(4, 32767.0f));
    const double g1 = 1 + (0.25 / 0.5 - 1) / 2;
    const double g2 = g1 + (0.25 / 0.75 - g1) / 2;
    const double g3 = g2 + (0.25 / 0.875 - g2) / 2;
    ExpectNear(out[0], 0.0, "look-ahead", 0);
    ExpectNear(out[1], g2 * 32767, "second", 1);  // sample 0 (1.0) at sample 1's gain
    ExpectNear(out[2], g3 * 32767, "third", 2);
    // The fourth sample: d4 = 0.9375, and the gain is at its lowest yet.
    const double g4 = g3 + (0.25 / 0.9375 - g3) / 2;
    EXPECT_NEAR(state.statistics.gain_min[0], g4, 1e-5);
}

TEST(LimiterEffect, ResetsItsStatisticsWhenAsked) {
    LimiterState state;
    LimiterParameters p = Limiter(1.0f, 1.0f, 0.25f, 1);
    RunLimiter(p, state, std::vector<float>(240, 0.8f * 32767));
    p.statistics_reset = true;
    RunLimiter(p, state, std::vector<float>(240, 0.1f * 32767));
    EXPECT_NEAR(state.statistics.input_max[0], 0.1, 1e-5);  // the loud frame forgotten
}

CompressorParameters Compressor(float threshold, float ratio, float attack) {
    CompressorParameters p;
    p.channel_count = p.channel_count_max = 1;
    p.threshold = threshold;
    p.ratio = ratio;
    p.input_coefficient = 1.0f;  // the level is each sample's own
    p.attack_coefficient = attack;
    p.release_coefficient = attack;
    return p;
}

std::vector<float> RunCompressor(const CompressorParameters& p, std::vector<float> samples) {
    CompressorState state;
    const float* in[1] = {samples.data()};
    float* out[1] = {samples.data()};
    ProcessCompressor(p, state, in, out, static_cast<u32>(samples.size()));
    return samples;
}

TEST(CompressorEffect, CutsTheExcessOverTheThresholdByTheRatio) {
    // 1000 on the mix's scale: 10 log10(1000^2) = 60 dB, 20 dB over a 40 dB threshold;
    // ratio 2 leaves 10 of them: the gain is -10 dB.
    const auto out = RunCompressor(Compressor(40, 2, 1), std::vector<float>(240, 1000.0f));
    for (u32 i = 0; i < 240; ++i) {
        ExpectNear(out[i], 1000 * std::pow(10.0, -10.0 / 20), "compressed", i);
    }
}

TEST(CompressorEffect, BendsTheGainInsideTheKnee) {
    // 100: 40 dB, at the threshold, 1.5 dB into the 3 dB knee: -(1 - 1/2) 1.5^2 / 6 dB.
    const auto out = RunCompressor(Compressor(40, 2, 1), std::vector<float>(16, 100.0f));
    ExpectNear(out[8], 100 * std::pow(10.0, -(0.5 * 1.5 * 1.5 / 6) / 20), "knee", 8);
    // 10: 20 dB, below the knee: untouched.
    const auto quiet = RunCompressor(Compressor(40, 2, 1), std::vector<float>(16, 10.0f));
    ExpectNear(quiet[8], 10.0, "below", 8);
}

TEST(CompressorEffect, AttacksAtItsCoefficient) {
    // Attack 0.5 towards the -10 dB target z: the gain after n samples is z + (1 - z) / 2^n.
    const double z = std::pow(10.0, -10.0 / 20);
    const auto out = RunCompressor(Compressor(40, 2, 0.5f), std::vector<float>(12, 1000.0f));
    for (u32 n = 0; n < 12; ++n) {
        ExpectNear(out[n], 1000 * (z + (1 - z) * std::pow(0.5, n + 1)), "attack", n);
    }
}

TEST(CompressorEffect, AppliesTheOutputAndMakeupGains) {
    // Makeup for threshold 40, ratio 2: 40 * (1/2 - 1) / 2 - 3 = -13 dB; output +6 dB.
    CompressorParameters p = Compressor(40, 2, 1);
    p.makeup_gain = true;
    p.output_gain = 6;
    const auto out = RunCompressor(p, std::vector<float>(8, 10.0f));
    ExpectNear(out[4], 10 * std::pow(10.0, -7.0 / 20), "makeup", 4);
}

TEST(CompressorEffect, OneGainForAllChannels) {
    // Two channels, 1000 and 0: the mean square 500000 (56.99 dB) sets one gain for both.
    CompressorParameters p = Compressor(40, 2, 1);
    p.channel_count = 2;
    std::vector<float> left(8, 1000.0f), right(8, 0.0f);
    const float* in[2] = {left.data(), right.data()};
    float* out[2] = {left.data(), right.data()};
    CompressorState state;
    ProcessCompressor(p, state, in, out, 8);
    const double level = 10 * std::log10(500000.0);
    ExpectNear(left[4], 1000 * std::pow(10.0, -0.5 * (level - 40) / 20), "left", 4);
    ExpectNear(right[4], 0.0, "right", 4);
}

// Through the renderer: a voice on the final mix's left buffer, an effect on the mix.
struct Fixture {
    Fixture() : renderer(Config()), memory(0x40000) {
        renderer.State().pools.push_back({kBase, memory.bytes.size(), true});
        RendererState& state = renderer.State();
        for (u32 i = 0; i < 4000; ++i) {
            memory.Put<s16>(kBase + i * 2, 1000);
        }
        Voice& voice = state.voices[0];
        voice.in_use = true;
        voice.play_state = PlayState::Started;
        voice.format = SampleFormat::Pcm16;
        voice.sample_rate = 48000;
        voice.channel_count = 1;
        voice.volume = 1.0f;
        voice.mix_id = kFinalMixId;
        state.channel_resources[0].in_use = true;
        state.channel_resources[0].mix_volumes[0] = 1.0f;
        voice.wave_buffers[0] = {};
        voice.wave_buffers[0].valid = true;
        voice.wave_buffers[0].address = kBase;
        voice.wave_buffers[0].size = 8000;
        voice.wave_buffers[0].end_offset = 4000;
        state.mixes[kFinalMixId].in_use = true;
        state.mixes[kFinalMixId].volume = 1.0f;
        state.mixes[kFinalMixId].buffer_count = 2;
        Sink& sink = state.sinks[0];
        sink.type = SinkType::Device;
        sink.in_use = true;
        sink.input_count = 2;
        sink.inputs = {0, 1};
        Effect& effect = state.effects[0];
        effect.enabled = true;
        effect.mix_id = kFinalMixId;
        effect.usage = EffectUsage::New;
    }
    static RendererConfig Config() {
        RendererConfig config;
        config.mix_buffer_count = 2;
        config.voice_count = 1;
        config.sink_count = 1;
        config.effect_count = 1;
        return config;
    }
    template <typename T>
    void Parameter(std::size_t offset, const T& value) {
        std::memcpy(renderer.State().effects[0].parameters.data() + offset, &value, sizeof(T));
    }
    Renderer renderer;
    TestMemory memory;
};

TEST(Effects, TheRendererRunsADelayOnItsMixBuffer) {
    Fixture f;
    Effect& effect = f.renderer.State().effects[0];
    effect.type = EffectType::Delay;
    // Input and output: buffer 0; one channel; 1 ms at 48 kHz; wet only.
    f.Parameter<u16>(0xE, 1);
    f.Parameter<u32>(0x10, 10);
    f.Parameter<u32>(0x14, 1);
    f.Parameter<u32>(0x18, 48000u << 14);
    f.Parameter<u32>(0x1C, Q14(1.0));
    f.Parameter<u32>(0x24, Q14(0.5));
    EXPECT_EQ(EffectStatusOf(effect, false), EffectOutState::Enabled);  // New
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    // The voice reaches the mix two samples late (the resampler), the echo 48 after that.
    for (u32 i = 0; i < 240; ++i) {
        ASSERT_EQ(out[i * 2], i < 50 ? 0 : 500) << i;
    }
    EXPECT_EQ(effect.usage, EffectUsage::Enabled);
    EXPECT_EQ(EffectStatusOf(effect, true), EffectOutState::Enabled);
    // Disabled, it passes the signal through and reads back as disabled (4).
    effect.enabled = false;
    const std::vector<s16> dry = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(dry[10 * 2], 1000);
    EXPECT_EQ(static_cast<u8>(EffectStatusOf(effect, true)), 4);
    EXPECT_EQ(static_cast<u8>(EffectStatusOf(effect, false)), 4);
}

TEST(Effects, AnInvalidChannelCountPassesTheSignalThrough) {
    Fixture f;
    f.renderer.State().effects[0].type = EffectType::Limiter;
    f.Parameter<u16>(0xE, 3);  // neither 1, 2, 4 nor 6
    f.Parameter<float>(0x2C, 0.0f);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(out[10 * 2], 1000);
}

TEST(Effects, TheBufferMixerAddsEachInputAtItsVolume) {
    Fixture f;
    Effect& effect = f.renderer.State().effects[0];
    effect.type = EffectType::BufferMixer;
    // Pair 0: left (1000) into the right at 0.25; pair 1: the right (now 250) into the left
    // at -2: the left becomes 1000 - 500.
    f.Parameter<s8>(0, 0);
    f.Parameter<s8>(0x18, 1);
    f.Parameter<float>(0x30, 0.25f);
    f.Parameter<s8>(1, 1);
    f.Parameter<s8>(0x19, 0);
    f.Parameter<float>(0x34, -2.0f);
    f.Parameter<u32>(0x90, 2);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(out[10 * 2], 500);
    EXPECT_EQ(out[10 * 2 + 1], 250);
    effect.enabled = false;
    const std::vector<s16> off = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(off[10 * 2], 1000);
    EXPECT_EQ(off[10 * 2 + 1], 0);
}

TEST(Effects, CaptureCopiesTheMixIntoTheProgramsBufferAndLeavesIt) {
    Fixture f;
    Effect& effect = f.renderer.State().effects[0];
    effect.type = EffectType::Capture;
    const u32 channels = 1, count_max = 480;
    const u64 info = kBase + 0x20000, buffer = kBase + 0x20100;
    f.Parameter<u32>(0x30, channels);
    f.Parameter<u32>(0x38, count_max);
    f.Parameter<u64>(0x40, info);
    f.Parameter<u64>(0x48, buffer);
    const std::vector<s16> out = f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(out[10 * 2], 1000);  // the mix goes on as it was
    EXPECT_EQ(f.memory.Get<s32>(buffer + 0 * 4), 0);
    EXPECT_EQ(f.memory.Get<s32>(buffer + 100 * 4), 1000);
    EXPECT_EQ(f.memory.Get<u32>(info + 4), 240u);  // write offset
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(f.memory.Get<s32>(buffer + 340 * 4), 1000);
    EXPECT_EQ(f.memory.Get<u32>(info + 4), 0u);  // 480 of 480: wrapped
    effect.enabled = false;
    f.memory.Put<u32>(info + 4, 123);
    f.renderer.RenderFrame(f.memory);
    EXPECT_EQ(f.memory.Get<u32>(info + 4), 0u);  // disabled: the offsets start again
}

}  // namespace
}  // namespace audio::renderer
