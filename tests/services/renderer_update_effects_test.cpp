// RequestUpdate with effects, at REV9 (EffectInfo version 2: 0x90-byte effect outputs with a
// result state): the out state the program reads back (3 enabled, 4 disabled, Ryujinx's
// EffectOutStatus numbering), the limiter's statistics in the result state, and damaged input
// (random bytes over every section, effect records of every type with random parameters):
// each update either succeeds or fails with the console's ResultInvalidUpdateInfo, and the
// frames rendered after it never fault the host.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "audio/renderer/renderer.h"
#include "services/audio/audio_results.h"
#include "services/audio/renderer_update.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

constexpr u64 kPool = 0x80000000;
constexpr u32 kRevision = 9;

class HostMemory final : public dsp::SampleMemory {
public:
    bool Read(u64 address, std::span<u8> out) override {
        if (address < kPool || address - kPool + out.size() > bytes.size()) {
            return false;
        }
        std::memcpy(out.data(), bytes.data() + (address - kPool), out.size());
        return true;
    }
    bool Write(u64 address, std::span<const u8> in) override {
        if (address < kPool || address - kPool + in.size() > bytes.size()) {
            return false;
        }
        std::memcpy(bytes.data() + (address - kPool), in.data(), in.size());
        return true;
    }
    std::vector<u8> bytes = std::vector<u8>(0x4000);
};

RendererParameters Parameters() {
    RendererParameters p{};
    p.sample_rate = 48000;
    p.sample_count = 240;
    p.mix_buffer_count = 2;
    p.voice_count = 1;
    p.sink_count = 1;
    p.effect_count = 2;
    p.revision = RevisionMagic(kRevision);
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

// Input sections for Parameters(): header, behaviour, 6 pools (2 effects + 4 per voice), one
// channel resource, one voice, two effects, the mix section (REV7+: a 0x20 header, then the
// mixes), the sink, performance.
constexpr std::size_t kPools = 0x50;
constexpr std::size_t kResources = kPools + 6 * kMemoryPoolInSize;
constexpr std::size_t kVoices = kResources + kVoiceResourceInSize;
constexpr std::size_t kEffects = kVoices + kVoiceInSize;
constexpr std::size_t kMix = kEffects + 2 * kEffectInSize;
constexpr std::size_t kMixSize = kMixDirtyHeaderSize + kMixInSize;
constexpr std::size_t kSink = kMix + kMixSize;
constexpr std::size_t kTotal = kSink + kSinkInSize + kPerformanceInSize;
// Output: header, 6 pools, the voice, the effects (0x90 each), ...
constexpr std::size_t kEffectsOut = 0x40 + 6 * kMemoryPoolOutSize + kVoiceOutSize;

// A mono PCM16 voice of 960 samples of 1000 on the left, a limiter (effect 0) and a delay
// (effect 1) on the final mix's left buffer.
std::vector<u8> Input(bool is_new) {
    std::vector<u8> in(kTotal);
    const u32 header[16] = {RevisionMagic(kRevision),
                            0x10,
                            6 * kMemoryPoolInSize,
                            kVoiceInSize,
                            kVoiceResourceInSize,
                            2 * kEffectInSize,
                            static_cast<u32>(kMixSize),
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
    Put<u32>(in, 0x40, RevisionMagic(kRevision));
    Put<u64>(in, kPools, kPool);
    Put<u64>(in, kPools + 8, 0x4000);
    Put<u32>(in, kPools + 0x10, is_new ? 4 : 0);  // RequestAttach
    Put<u32>(in, kResources, 0);
    Put<float>(in, kResources + 4, 1.0f);
    Put<u8>(in, kResources + 0x64, 1);
    Put<u8>(in, kVoices + 0x08, is_new);
    Put<u8>(in, kVoices + 0x09, 1);
    Put<u8>(in, kVoices + 0x0B, 2);  // PCM16
    Put<u32>(in, kVoices + 0x0C, 48000);
    Put<u32>(in, kVoices + 0x18, 1);
    Put<float>(in, kVoices + 0x1C, 1.0f);
    Put<float>(in, kVoices + 0x20, 1.0f);
    Put<u32>(in, kVoices + 0x58, 0);
    Put<u32>(in, kVoices + 0x5C, 0xFFFFFFFF);
    for (int b = 0; b < 4; ++b) {
        const std::size_t buffer = kVoices + 0x60 + b * 0x38;
        Put<u8>(in, buffer + 0x1A, b > 0 || !is_new);  // only buffer 0 is new
        if (b == 0) {
            Put<u64>(in, buffer, kPool);
            Put<u64>(in, buffer + 8, 960 * 2);
            Put<s32>(in, buffer + 0x14, 960);
        }
    }
    // Effect 0: a limiter, threshold 0.01 of full scale, instant attack and release.
    const std::size_t limiter = kEffects;
    Put<u8>(in, limiter, 7);
    Put<u8>(in, limiter + 1, is_new);
    Put<u8>(in, limiter + 2, 1);  // enabled
    Put<u32>(in, limiter + 4, 0);
    Put<u16>(in, limiter + 0x20 + 0xE, 1);
    Put<float>(in, limiter + 0x20 + 0x24, 1.0f);
    Put<float>(in, limiter + 0x20 + 0x28, 1.0f);
    Put<float>(in, limiter + 0x20 + 0x2C, 0.01f);
    Put<float>(in, limiter + 0x20 + 0x30, 1.0f);
    Put<float>(in, limiter + 0x20 + 0x34, 1.0f);
    Put<s32>(in, limiter + 0x20 + 0x38, 1);
    Put<s32>(in, limiter + 0x20 + 0x3C, 1);
    // Effect 1: a delay, disabled.
    const std::size_t delay = kEffects + kEffectInSize;
    Put<u8>(in, delay, 3);
    Put<u8>(in, delay + 1, is_new);
    Put<u32>(in, delay + 4, 0);
    Put<s32>(in, delay + 0x18, 1);  // after the limiter
    Put<u16>(in, delay + 0x20 + 0xE, 1);
    Put<u32>(in, delay + 0x20 + 0x10, 5);
    Put<u32>(in, delay + 0x20 + 0x14, 5);
    Put<u32>(in, delay + 0x20 + 0x18, 48000u << 14);
    // The final mix (dirty-only form: one record).
    Put<u32>(in, kMix + 4, 1);
    const std::size_t mix = kMix + kMixDirtyHeaderSize;
    Put<float>(in, mix, 1.0f);
    Put<u32>(in, mix + 4, 48000);
    Put<u32>(in, mix + 8, 2);
    Put<u8>(in, mix + 0x0C, 1);
    Put<u32>(in, mix + 0x924, dsp::kUnusedMixId);
    Put<u32>(in, mix + 0x928, dsp::kUnusedSplitterId);
    Put<u8>(in, kSink, 1);
    Put<u8>(in, kSink + 1, 1);
    Put<u32>(in, kSink + 0x20 + 0x100, 2);
    Put<u8>(in, kSink + 0x20 + 0x105, 1);
    return in;
}

struct Session {
    Session() : renderer(Config()) {
        for (u32 i = 0; i < 960; ++i) {
            Put<s16>(memory.bytes, i * 2, 1000);
        }
    }
    static dsp::RendererConfig Config() {
        dsp::RendererConfig config;
        config.mix_buffer_count = 2;
        config.voice_count = 1;
        config.sink_count = 1;
        config.effect_count = 2;
        return config;
    }
    base::Result Update(std::span<const u8> in, std::vector<u8>& out, bool active) {
        out.assign(UpdateOutputSize(Parameters()), 0xCC);
        UpdateSummary summary;
        return RunUpdate(Parameters(), in, out, 0, active, renderer.State(), memory, log, summary);
    }
    dsp::Renderer renderer;
    HostMemory memory;
    InputLog log;
};

TEST(RendererUpdateEffects, ReportsEachEffectsStateAndTheLimitersStatistics) {
    Session session;
    std::vector<u8> out;
    ASSERT_EQ(UpdateOutputSize(Parameters()),
              0x40u + 6 * 0x10 + 0x10 + 2 * 0x90 + 0x20 + 0x10 + 0xB0 + 0x10);
    ASSERT_TRUE(session.Update(Input(true), out, false).IsSuccess());
    EXPECT_EQ(Get<u32>(out, 0x14), 2u * 0x90);       // the effects' output size
    EXPECT_EQ(Get<u8>(out, kEffectsOut), 3);         // new, renderer stopped: enabled
    EXPECT_EQ(Get<u8>(out, kEffectsOut + 0x90), 3);  // new, though disabled
    for (int frame = 0; frame < 2; ++frame) {
        session.renderer.RenderFrame(session.memory);
    }
    ASSERT_TRUE(session.Update(Input(false), out, true).IsSuccess());
    EXPECT_EQ(Get<u8>(out, kEffectsOut), 3);         // ran enabled
    EXPECT_EQ(Get<u8>(out, kEffectsOut + 0x90), 4);  // ran disabled
    // The limiter's result state: input_max[6] then compression_gain_min[6]. The voice is
    // 1000 / 32767 of full scale; held at 0.01 the gain is 0.01 / that.
    const float level = 1000.0f / 32767.0f;
    EXPECT_NEAR(Get<float>(out, kEffectsOut + 0x10), level, 1e-6);
    EXPECT_NEAR(Get<float>(out, kEffectsOut + 0x10 + 0x18), 0.01 / level, 1e-5);
    EXPECT_EQ(Get<float>(out, kEffectsOut + 0x10 + 0x1C), 1.0f);  // channel 1: untouched
    EXPECT_EQ(Get<u32>(out, kEffectsOut + 0x90 + 0x10), 0u);      // the delay has none
    ASSERT_TRUE(session.Update(Input(false), out, false).IsSuccess());
    EXPECT_EQ(Get<u8>(out, kEffectsOut), 4);  // stopped and not new: disabled
}

// Damaged input never faults the host: random bytes anywhere, and effect records of every
// type (and past the last) with random parameters, some with a channel count the DSP runs.
TEST(RendererUpdateEffects, DamagedInputGetsTheConsolesResultAndNoFault) {
    Session session;
    std::vector<u8> out;
    ASSERT_TRUE(session.Update(Input(true), out, true).IsSuccess());
    std::mt19937 rng(20261202);
    u32 refused = 0, accepted = 0;
    for (int round = 0; round < 400; ++round) {
        std::vector<u8> in = Input(round % 7 == 0);
        if (round % 2 == 0) {
            const int flips = 1 + rng() % 24;
            for (int n = 0; n < flips; ++n) {
                in[rng() % in.size()] = static_cast<u8>(rng());
            }
        } else {
            for (int e = 0; e < 2; ++e) {
                const std::size_t record = kEffects + e * kEffectInSize;
                for (std::size_t b = 0; b < kEffectInSize; ++b) {
                    in[record + b] = static_cast<u8>(rng());
                }
                Put<u8>(in, record, static_cast<u8>(rng() % 11));
                Put<u32>(in, record + 4, rng() % 3);  // the final mix, or none
                if (rng() % 2 == 0) {
                    const u16 counts[4] = {1, 2, 4, 6};
                    Put<u16>(in, record + 0x20 + 0xE, counts[rng() % 4]);
                    Put<u32>(in, record + 0x20 + 0x10, rng() % 2000);  // delay max ms
                }
            }
        }
        if (round % 5 == 0) {
            in.resize(rng() % in.size());  // cut short
        }
        const base::Result result = session.Update(in, out, true);
        if (result.IsSuccess()) {
            ++accepted;
        } else {
            ASSERT_EQ(result.Raw(), ResultInvalidUpdateInfo.Raw()) << "round " << round;
            ++refused;
        }
        for (int frame = 0; frame < 2; ++frame) {
            ASSERT_EQ(session.renderer.RenderFrame(session.memory).size(), 480u);
        }
    }
    EXPECT_GT(accepted, 100u);  // the effect records alone do not make an update fail
    EXPECT_GT(refused, 10u);    // cut-short inputs do
}

}  // namespace
}  // namespace services::audio
