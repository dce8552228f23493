// The I3DL2 reverb effect. Expected values are worked out here from the DSP's public
// description (Ryujinx's Reverb3dState.cs / Reverb3dCommand.cs, summarised in
// i3dl2_reverb_effect.h): the early tap times and gains are the published tables, written out
// again below; the line and diffuser lengths are the published times at 48 kHz; the loop gain
// is the 60 dB per decay time the coefficients are built for. Float DSP: values within 1e-4
// relative, as effects_test.cpp.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "audio/renderer/effects.h"
#include "audio/renderer/i3dl2_reverb_effect.h"
#include "effect_on_mix.h"
#include "reverb_response.h"
#include "test_memory.h"

namespace audio::renderer {
namespace {

constexpr double kTolerance = 1e-4;
constexpr u32 kFrame = 240;
constexpr double kKhz = 48.0;

// The published early taps: times (fractions of the reverb delay, plus 0.02 s) and gains.
constexpr double kTapTime[20] = {0.017136, 0.059154, 0.16173, 0.39019, 0.42526,  0.45541, 0.68974,
                                 0.74591,  0.83384,  0.8595,  0.0,     0.075024, 0.16879, 0.2999,
                                 0.33744,  0.3719,   0.59901, 0.71674, 0.81786,  0.85166};
constexpr double kTapGain[20] = {0.67096, 0.61027, 1.0,     0.35680, 0.68361, 0.65978, 0.51939,
                                 0.24712, 0.45945, 0.45021, 0.64196, 0.54879, 0.92925, 0.38270,
                                 0.72867, 0.69794, 0.5464,  0.24563, 0.45214, 0.44042};
// Each line's two diffusers at 48 kHz: 17/13/9/7 ms and 19/11/10/6 ms; the lines at density
// 100: 45.704, 82.782, 149.94, 271.58 ms.
constexpr u32 kDiffusers[4] = {816 + 912, 624 + 528, 432 + 480, 336 + 288};
constexpr u32 kLineAtFullDensity[4] = {2194, 3974, 7197, 13036};

constexpr double kReflectionsDelay = 0.01, kReverbDelay = 0.04;  // s
constexpr float kOff = -20000.0f;  // mB: 10^-10, below the DSP's 10^x table: a gain of 0

u32 Round(double samples) {
    return static_cast<u32>(std::lround(samples));
}

// Early reflections only (room gain -1000 mB, reflections +400: a gain of 10^(-600/2000)).
I3dl2ReverbParameters EarlyOnly(u16 channels) {
    I3dl2ReverbParameters p;
    p.channel_count = p.channel_count_max = channels;
    for (u32 c = 0; c < kMaxEffectChannels; ++c) {
        p.inputs[c] = p.outputs[c] = static_cast<s8>(c);
    }
    p.sample_rate = 48000;
    p.room_hf_gain = 0.0f;  // no room HF filter
    p.hf_reference = 5000.0f;
    p.decay_time = 1.0f;
    p.hf_decay_ratio = 1.0f;
    p.room_gain = -1000.0f;
    p.reflections_gain = 400.0f;
    p.reverb_gain = kOff;
    p.diffusion = 0.0f;
    p.reflections_delay = static_cast<float>(kReflectionsDelay);
    p.reverb_delay = static_cast<float>(kReverbDelay);
    p.density = 100.0f;
    p.dry_gain = 0.0f;
    p.status = 1;
    return p;
}
const double kEarlyGain = std::pow(10.0, -600.0 / 2000.0);

// The late tail only, with plain delays for diffusers (diffusion 0) and no HF shelf (ratio 1):
// room gain 0, reverb gain -400 mB (a gain of 10^(-0.2)).
I3dl2ReverbParameters LateOnly(u16 channels, float decay_time = 1.0f) {
    I3dl2ReverbParameters p = EarlyOnly(channels);
    p.room_gain = 0.0f;
    p.reflections_gain = kOff;
    p.reverb_gain = -400.0f;
    p.decay_time = decay_time;
    return p;
}
const double kLateGain = std::pow(10.0, -400.0 / 2000.0);
// The late input reaches the lines round(48 * 1000 (reflections + reverb delay)) + 1 samples
// after the impulse (the tap reads before the sample is written).
const u32 kLateStart = Round(kKhz * 1000.0 * (kReflectionsDelay + kReverbDelay)) + 1;

void RunFrames(const I3dl2ReverbParameters& p, I3dl2ReverbState& state,
               std::vector<std::vector<float>>& buffers) {
    const u32 length = static_cast<u32>(buffers[0].size());
    for (u32 at = 0; at + kFrame <= length; at += kFrame) {
        std::vector<float*> io;
        for (auto& buffer : buffers) {
            io.push_back(buffer.data() + at);
        }
        const std::vector<const float*> in(io.begin(), io.end());
        ProcessI3dl2Reverb(p, state, in, io, kFrame);
    }
}

std::vector<std::vector<float>> Impulse(const I3dl2ReverbParameters& p, u32 length) {
    std::vector<std::vector<float>> buffers(p.channel_count, std::vector<float>(length, 0.0f));
    buffers[0][0] = 1.0f;
    I3dl2ReverbState state;
    RunFrames(p, state, buffers);
    return buffers;
}

// Tap k's delay: round(48 * (1000 reflections + 1000 t_k (0.9998 reverb + 0.02))) + 1.
u32 TapDelay(u32 k) {
    return Round(kKhz * (1000.0 * kReflectionsDelay +
                         1000.0 * kTapTime[k] * (kReverbDelay * 0.9998 + 0.02))) +
           1;
}

// The early response with tap k into (mix) channel to[k] (and into `also`, when given).
std::vector<std::vector<double>> EarlyResponse(u32 channels, u32 length, const u32* to,
                                               int also = -1) {
    std::vector<std::vector<double>> expected(channels, std::vector<double>(length, 0.0));
    for (u32 k = 0; k < 20; ++k) {
        expected[to[k]][TapDelay(k)] += kEarlyGain * kTapGain[k];
        if (also >= 0) {
            expected[also][TapDelay(k)] += kEarlyGain * kTapGain[k];
        }
    }
    return expected;
}

constexpr u32 kLength = 3360;  // past the last tap (about 2955)

TEST(I3dl2ReverbEffect, MonoImpulseGivesTheTwentyTapsAtTheirTimesAndGains) {
    const u32 to[20] = {};
    ExpectResponse(Impulse(EarlyOnly(1), kLength), EarlyResponse(1, kLength, to));
}

TEST(I3dl2ReverbEffect, StereoAndFourChannelsSplitTheTaps) {
    const u32 stereo[20] = {0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1};
    ExpectResponse(Impulse(EarlyOnly(2), kLength), EarlyResponse(2, kLength, stereo));
    const u32 quad[20] = {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3};
    ExpectResponse(Impulse(EarlyOnly(4), kLength), EarlyResponse(4, kLength, quad));
}

// Six channels: the published table in the DSP's order (FL FR BL BR C LFE) is
// C, FL, FL, FR x4, BL x3, FR x3, FL x4, BR x3, every tap also into the LFE; the mix orders
// FL FR C LFE BL BR, so FL 0, FR 1, C 2, LFE 3, BL 4, BR 5.
TEST(I3dl2ReverbEffect, SurroundSendsEveryTapAlsoToTheLfe) {
    const u32 to[20] = {2, 0, 0, 1, 1, 1, 1, 4, 4, 4, 1, 1, 1, 0, 0, 0, 0, 5, 5, 5};
    ExpectResponse(Impulse(EarlyOnly(6), kLength), EarlyResponse(6, kLength, to, 3));
}

// The room HF gain filters what enters the pre-delay line: p[n] = (1 - q) x[n] + q p[n - 1]
// with g = 10^(room HF / 2000), B = 2 - 2 g cos(256 hf / rate), the cosine of degrees (the
// DSP's cos takes degrees: Ryujinx FloatingPointHelper.Cos, yuzu's cos lambda), q = (B -
// sqrt(B^2 - 4 (1 - g)^2)) / (2 (1 - g)); so each tap becomes (1 - q) q^j, j samples after it.
TEST(I3dl2ReverbEffect, TheRoomHfGainSmearsEveryTap) {
    I3dl2ReverbParameters p = EarlyOnly(1);
    p.room_hf_gain = -1000.0f;
    const double g = std::pow(10.0, -1000.0 / 2000.0);
    const double b = 2.0 - 2.0 * g * std::cos(256.0 * 5000.0 / 48000.0 * std::numbers::pi / 180.0);
    const double q = (b - std::sqrt(b * b - 4.0 * (1.0 - g) * (1.0 - g))) / (2.0 * (1.0 - g));
    ASSERT_GT(q, 0.01);
    std::vector<std::vector<double>> expected(1, std::vector<double>(kLength, 0.0));
    for (u32 k = 0; k < 20; ++k) {
        for (u32 n = TapDelay(k); n < kLength; ++n) {
            expected[0][n] += kEarlyGain * kTapGain[k] * (1.0 - q) * std::pow(q, n - TapDelay(k));
        }
    }
    ExpectResponse(Impulse(p, kLength), expected);
}

// Late tail, mono (lines 0 and 1 are heard), diffusers as plain delays: the late input leaves
// line 1 after 624 + 528 and line 0 after 816 + 912 samples at the reverb gain; line 0's
// return, after its 2194 samples, goes into line 1's input with a minus sign (f1 = -o0 - o3)
// at the loop gain e0 = 0.7071 10^(A / 20), A = -60 (2194 + 816 + 912) / (decay * 48000) dB,
// and leaves 1152 later. Line 1's own return is heard only at +1152 + 3974 + 1728.
TEST(I3dl2ReverbEffect, TheFirstEchoesLeaveTheLinesAtTheirDelaysAndLoopGain) {
    const u32 length = kLateStart + 1152 + 3974 + 1728;
    const auto out = Impulse(LateOnly(1), 9600);
    const double e0 = 0.7071 * std::pow(10.0, -60.0 * (2194 + 1728) / 48000.0 / 20.0);
    std::vector<std::vector<double>> expected(1, std::vector<double>(length, 0.0));
    expected[0][kLateStart + kDiffusers[1]] = kLateGain;
    expected[0][kLateStart + kDiffusers[0]] = kLateGain;
    expected[0][kLateStart + kDiffusers[0] + kLineAtFullDensity[0] + kDiffusers[1]] =
        -e0 * kLateGain;
    ExpectResponse(out, expected);
}

// Density sets the lines' lengths between the published shortest and longest: at 0 line 0 is
// 5 ms (240 samples), so its return comes after 1728 + 240 + 1152.
TEST(I3dl2ReverbEffect, DensityShortensTheLines) {
    I3dl2ReverbParameters p = LateOnly(1);
    p.density = 0.0f;
    const auto out = Impulse(p, 7200)[0];
    const double e0 = 0.7071 * std::pow(10.0, -60.0 * (240 + 1728) / 48000.0 / 20.0);
    EXPECT_NEAR(out[kLateStart + 1728 + 240 + 1152], -e0 * kLateGain, kTolerance);
    EXPECT_NEAR(out[kLateStart + 1728 + 2194 + 1152], 0.0, kTolerance);
}

// Four channels hear the four lines; six channels: FL..BR lines 0..3, LFE line 3, the centre
// (line 2 - line 3) / 2 delayed 5 ms (240 samples).
TEST(I3dl2ReverbEffect, EveryChannelCountHearsItsLines) {
    const u32 length = kLateStart + 1800;
    const auto quad = Impulse(LateOnly(4), 4320);
    std::vector<std::vector<double>> expected(4, std::vector<double>(length, 0.0));
    for (u32 c = 0; c < 4; ++c) {
        expected[c][kLateStart + kDiffusers[c]] = kLateGain;
    }
    ExpectResponse(quad, expected);

    const auto stereo = Impulse(LateOnly(2), 4320);
    expected.assign(2, std::vector<double>(length, 0.0));
    expected[0][kLateStart + kDiffusers[0]] = kLateGain;
    expected[1][kLateStart + kDiffusers[1]] = kLateGain;
    ExpectResponse(stereo, expected);

    const auto surround = Impulse(LateOnly(6), 4320);
    expected.assign(6, std::vector<double>(length, 0.0));
    expected[0][kLateStart + kDiffusers[0]] = kLateGain;  // FL
    expected[1][kLateStart + kDiffusers[1]] = kLateGain;  // FR
    expected[4][kLateStart + kDiffusers[2]] = kLateGain;  // BL
    expected[5][kLateStart + kDiffusers[3]] = kLateGain;  // BR
    expected[3][kLateStart + kDiffusers[3]] = kLateGain;  // LFE
    expected[2][kLateStart + kDiffusers[2] + 240] = 0.5 * kLateGain;
    expected[2][kLateStart + kDiffusers[3] + 240] = -0.5 * kLateGain;
    ExpectResponse(surround, expected);
}

// The tail's energy (both channels), fitted in dB over 20 ms windows from 0.5 s to 1.9 s.
double TailSlopeDbPerSecond(float decay_time, float diffusion) {
    I3dl2ReverbParameters p = LateOnly(2, decay_time);
    p.diffusion = diffusion;
    const auto out = Impulse(p, 2 * 48000);
    return TailSlopeOf({out[0], out[1]}, 24000, 91200, 960);
}

// Each pass round line i loses A_i = 60 T_i / (decay * 48000) dB over its T_i samples, and the
// feedback matrix times 0.7071 keeps energy, so the tail falls 60 dB per decay time. The fit
// starts at 0.5 s, past the longest line's build-up. The all-passes spread some of each
// pass's energy into later times that lost fewer passes, so the tail runs slow, the more so
// the stronger the diffusion and the shorter the decay (measured: -58.95 dB/s at 1 s and
// diffusion 50; -51.9 at 1 s and diffusion 100, not checked). Checked: diffusion 50 at 1, 2
// and 3 s within 3 % (measured at most 1.7 %), diffusion 100 at 2 and 3 s within 5 %
// (measured 4 % and 1.4 %); a loop gain 10 % off fails both.
TEST(I3dl2ReverbEffect, TheTailFallsSixtyDecibelsPerDecayTime) {
    for (float decay : {1.0f, 2.0f, 3.0f}) {
        EXPECT_NEAR(TailSlopeDbPerSecond(decay, 50.0f), -60.0 / decay, 0.03 * 60.0 / decay)
            << "decay " << decay;
    }
    for (float decay : {2.0f, 3.0f}) {
        EXPECT_NEAR(TailSlopeDbPerSecond(decay, 100.0f), -60.0 / decay, 0.05 * 60.0 / decay)
            << "decay " << decay << " diffusion 100";
    }
}

TEST(I3dl2ReverbEffect, TheDryGainScalesTheInput) {
    I3dl2ReverbParameters p = EarlyOnly(2);
    p.reflections_gain = kOff;
    p.dry_gain = 0.375f;
    std::mt19937 random(7);
    std::vector<std::vector<float>> buffers(2, std::vector<float>(960));
    for (auto& channel : buffers) {
        for (float& s : channel) {
            s = static_cast<float>(static_cast<int>(random() % 20001) - 10000);
        }
    }
    const auto input = buffers;
    I3dl2ReverbState state;
    RunFrames(p, state, buffers);
    for (u32 c = 0; c < 2; ++c) {
        for (u32 n = 0; n < 960; ++n) {
            ASSERT_NEAR(buffers[c][n], 0.375 * input[c][n], 1e-3) << c << " " << n;
        }
    }
}

// With diffusion 0 the tail is a sparse train of echoes (a 5 ms frame can fall between two),
// so the tail is looked for over the next 40 frames, which hold line 0's second return and
// more.
TEST(I3dl2ReverbEffect, AStatusOfInvalidStartsTheStateAgain) {
    I3dl2ReverbParameters p = LateOnly(1, 2.0f);
    std::vector<std::vector<float>> first(1, std::vector<float>(kFrame * 40, 0.0f));
    first[0][0] = 1.0f;
    I3dl2ReverbState state;
    RunFrames(p, state, first);
    I3dl2ReverbState kept = state;
    std::vector<std::vector<float>> next(1, std::vector<float>(kFrame * 40, 0.0f));
    p.status = 2;
    RunFrames(p, kept, next);
    double energy = 0.0;
    for (float s : next[0]) {
        energy += double{s} * s;
    }
    EXPECT_GT(energy, 1e-3);  // the tail goes on
    std::fill(next[0].begin(), next[0].end(), 0.0f);
    p.status = 0;
    RunFrames(p, state, next);
    for (float s : next[0]) {
        ASSERT_EQ(s, 0.0f);
    }
}

// The DSP's 10^x comes from a table over -5.3..0: a reflections gain above 0 mB (with room 0)
// gives the taps at gain 1, not 10^(3000 / 2000); -10000 mB is 10^-5, and -10700 mB (10^-5.35)
// below the table is silence.
TEST(I3dl2ReverbEffect, GainsStayWithinTheDspsPowerTable) {
    const u32 to[20] = {};
    I3dl2ReverbParameters p = EarlyOnly(1);
    p.room_gain = 0.0f;
    p.reflections_gain = 3000.0f;
    auto expected = EarlyResponse(1, kLength, to);
    for (double& sample : expected[0]) {
        sample /= kEarlyGain;  // EarlyResponse's samples carry the default gain
    }
    ExpectResponse(Impulse(p, kLength), expected);

    p.reflections_gain = -10000.0f;
    const auto quiet = Impulse(p, kLength)[0];
    EXPECT_NEAR(quiet[TapDelay(2)], 1e-5 * kTapGain[2], 1e-9);
    p.reflections_gain = -10700.0f;
    const auto silent = Impulse(p, kLength)[0];
    for (float s : silent) {
        ASSERT_EQ(s, 0.0f);
    }
}

// Through ApplyEffect, with the record as the program writes it.
struct MixFixture : EffectOnMix {
    MixFixture() : EffectOnMix(EffectType::I3dl2Reverb) {}
};

TEST(I3dl2ReverbEffect, TheRecordIsReadAtItsOffsetsAndTheEffectRuns) {
    MixFixture f;
    f.Parameter<s8>(0, 0);
    f.Parameter<s8>(6, 1);  // input 0 into output 1
    f.Parameter<u16>(0xC, 1);
    f.Parameter<u16>(0xE, 1);
    f.Parameter<u32>(0x14, 48000);
    f.Parameter<float>(0x20, 1.0f);    // decay time
    f.Parameter<float>(0x24, 1.0f);    // HF ratio
    f.Parameter<float>(0x28, kOff);    // room gain: no reflections, no tail
    f.Parameter<float>(0x44, 0.25f);   // dry gain
    f.Parameter<float>(0x40, 100.0f);  // density
    f.Parameter<u8>(0x48, 1);
    for (u32 n = 0; n < kFrame; ++n) {
        f.buffers[n] = static_cast<float>(n);
    }
    f.Apply();
    for (u32 n = 0; n < kFrame; ++n) {
        ASSERT_NEAR(f.buffers[kFrame + n], 0.25 * n, 1e-3) << n;
    }
    EXPECT_EQ(f.effect.usage, EffectUsage::Enabled);
    EXPECT_TRUE(IsEffectBuilt(EffectType::I3dl2Reverb));
}

TEST(I3dl2ReverbEffect, ABadChannelCountOrRatePassesTheSignalThrough) {
    for (const auto& [channels, rate] : {std::pair<u16, u32>{3, 48000}, {2, 0}, {2, 500000}}) {
        MixFixture f;
        f.Parameter<s8>(0, 0);
        f.Parameter<s8>(6, 1);
        f.Parameter<s8>(1, 2);
        f.Parameter<s8>(7, 3);
        f.Parameter<u16>(0xE, channels);
        f.Parameter<u32>(0x14, rate);
        f.Parameter<float>(0x44, 0.5f);
        for (u32 n = 0; n < kFrame; ++n) {
            f.buffers[n] = static_cast<float>(n);
        }
        f.Apply();
        for (u32 n = 0; n < kFrame; ++n) {
            ASSERT_EQ(f.buffers[kFrame + n], static_cast<float>(n)) << channels << " " << rate;
        }
    }
}

TEST(I3dl2ReverbEffect, DamagedRecordsNeverCrashNorPoisonTheMix) {
    std::mt19937 random(16);
    MixFixture f;
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -1e30f,
                              1e30f,
                              0.0f,
                              -0.0f};
    for (u32 round = 0; round < 300; ++round) {
        for (auto& byte : f.effect.parameters) {
            byte = static_cast<u8>(random());
        }
        // Most records keep a plausible header and rate so the DSP itself runs on the damage:
        // random floats, or the special values in random fields.
        if (round % 3 != 0) {
            const u16 counts[4] = {1, 2, 4, 6};
            for (u32 c = 0; c < kMaxEffectChannels; ++c) {
                f.Parameter<s8>(c, static_cast<s8>(random() % 6));
                f.Parameter<s8>(6 + c, static_cast<s8>(random() % 6));
            }
            f.Parameter<u16>(0xE, counts[random() % 4]);
            f.Parameter<u32>(0x14, static_cast<u32>(1000 + random() % 192000));
            for (std::size_t at = 0x18; at <= 0x44; at += 4) {
                if (round % 3 == 1) {
                    f.Parameter<float>(at, specials[random() % 6]);
                }
            }
            f.Parameter<u8>(0x48, static_cast<u8>(random() % 4));
        }
        std::fill(f.buffers.begin(), f.buffers.end(), 1000.0f);
        f.Apply();
        for (float s : f.buffers) {
            ASSERT_TRUE(std::isfinite(s)) << "round " << round;
        }
    }
}

}  // namespace
}  // namespace audio::renderer
