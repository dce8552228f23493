// Voices the audio renderer mixes per second of host time, against the console's real time:
// each frame is 5 ms of sound, so a frame rendered in t seconds runs 0.005 / t times faster
// than real time. Voices loop over a 100 ms buffer (PCM16 at 32 kHz, resampled to the
// renderer's 48 kHz, or ADPCM at 48 kHz), each into both buffers of a stereo final mix and a
// device sink, as a game's sound effects would. The "with effects" runs add what a game puts
// on its final mix: a stereo delay (1 ... 100 ms lines with feedback and low-pass, the
// built effect nearest a reverb's work) and a stereo limiter. The "with reverb" run puts a
// stereo reverb (hall early and late modes) on the final mix instead.
// Run: nx_audio_renderer_bench (results in bench/results/audio_renderer.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "audio/renderer/renderer.h"

namespace {

using namespace audio::renderer;

constexpr u64 kBase = 0x10000;
constexpr u32 kSamples = 4800;

class BufferMemory final : public SampleMemory {
public:
    bool Read(u64 address, std::span<u8> out) override {
        if (address < kBase || address - kBase + out.size() > bytes.size()) {
            return false;
        }
        std::memcpy(out.data(), bytes.data() + (address - kBase), out.size());
        return true;
    }
    bool Write(u64, std::span<const u8>) override { return false; }
    std::vector<u8> bytes = std::vector<u8>(kSamples * 2);
};

template <typename T>
void Put(Effect& effect, std::size_t offset, const T& value) {
    std::memcpy(effect.parameters.data() + offset, &value, sizeof(T));
}

// An effect of `type` in slot `index` on buffers 0 and 1 of the final mix, in and out.
Effect& StereoOnFinalMix(RendererState& s, std::size_t index, EffectType type) {
    Effect& effect = s.effects[index];
    effect.type = type;
    effect.enabled = true;
    effect.mix_id = kFinalMixId;
    effect.parameters[0] = 0, effect.parameters[1] = 1, effect.parameters[6] = 0,
    effect.parameters[7] = 1;
    Put<u16>(effect, 0xC, 2);
    Put<u16>(effect, 0xE, 2);
    return effect;
}

// A stereo delay (80 ms of 100, feedback 0.5, spread 0.3, low-pass 0.4, half wet) and a
// stereo limiter (threshold 0.5, look-ahead 4 ms) on buffers 0 and 1 of the final mix.
void AddEffects(RendererState& s) {
    Effect& delay = StereoOnFinalMix(s, 0, EffectType::Delay);
    Put<u32>(delay, 0x10, 100);
    Put<u32>(delay, 0x14, 80);
    Put<u32>(delay, 0x18, 48000u << 14);
    const u32 q14_one = 1 << 14;
    Put<u32>(delay, 0x1C, q14_one);
    Put<u32>(delay, 0x20, q14_one / 2);
    Put<u32>(delay, 0x24, q14_one / 2);
    Put<u32>(delay, 0x28, q14_one);
    Put<u32>(delay, 0x2C, q14_one * 3 / 10);
    Put<u32>(delay, 0x30, q14_one * 4 / 10);
    Effect& limiter = StereoOnFinalMix(s, 1, EffectType::Limiter);
    limiter.processing_order = 1;
    Put<float>(limiter, 0x24, 0.1f);
    Put<float>(limiter, 0x28, 0.001f);
    Put<float>(limiter, 0x2C, 0.5f);
    Put<float>(limiter, 0x30, 1.0f);
    Put<float>(limiter, 0x34, 1.0f);
    Put<s32>(limiter, 0x38, 192);
    Put<s32>(limiter, 0x3C, 192);
}

// A stereo reverb on buffers 0 and 1 of the final mix (reverb_effect.h's layout): hall early
// and late modes, 10 ms pre-delay, 1.5 s decay, HF ratio 0.5, colouration 0.3, half wet.
void AddReverb(RendererState& s) {
    Effect& reverb = StereoOnFinalMix(s, 0, EffectType::Reverb);
    const s32 q14_one = 1 << 14;
    Put<s32>(reverb, 0x10, 48 * q14_one);  // kHz
    Put<u32>(reverb, 0x14, 2);             // early mode: hall
    Put<s32>(reverb, 0x18, q14_one * 7 / 10);
    Put<s32>(reverb, 0x1C, 10 * q14_one);  // pre-delay, ms
    Put<u32>(reverb, 0x20, 1);             // late mode: hall
    Put<s32>(reverb, 0x24, q14_one / 2);
    Put<s32>(reverb, 0x28, q14_one * 3 / 2);  // decay time, s
    Put<s32>(reverb, 0x2C, q14_one / 2);
    Put<s32>(reverb, 0x30, q14_one * 3 / 10);
    Put<s32>(reverb, 0x34, q14_one);
    Put<s32>(reverb, 0x38, q14_one / 2);
    Put<s32>(reverb, 0x3C, q14_one);
    Put<u8>(reverb, 0x40, 2);  // the program's status: enabled (0 would restart it each frame)
}

// A stereo I3DL2 reverb on buffers 0 and 1 of the final mix (i3dl2_reverb_effect.h's layout)
// with the I3DL2 guideline's "generic" preset: room -1000 mB, room HF -100 mB, decay 1.49 s,
// HF ratio 0.83, reflections -2602 mB after 7 ms, reverb +200 mB after 11 ms, diffusion and
// density 100 %, HF reference 5 kHz; dry gain 1.
void AddI3dl2Reverb(RendererState& s) {
    Effect& reverb = StereoOnFinalMix(s, 0, EffectType::I3dl2Reverb);
    Put<u32>(reverb, 0x14, 48000);
    Put<float>(reverb, 0x18, -100.0f);
    Put<float>(reverb, 0x1C, 5000.0f);
    Put<float>(reverb, 0x20, 1.49f);
    Put<float>(reverb, 0x24, 0.83f);
    Put<float>(reverb, 0x28, -1000.0f);
    Put<float>(reverb, 0x2C, -2602.0f);
    Put<float>(reverb, 0x30, 200.0f);
    Put<float>(reverb, 0x34, 100.0f);
    Put<float>(reverb, 0x38, 0.007f);
    Put<float>(reverb, 0x3C, 0.011f);
    Put<float>(reverb, 0x40, 100.0f);
    Put<float>(reverb, 0x44, 1.0f);
    Put<u8>(reverb, 0x48, 2);  // the program's status: enabled (0 would restart it each frame)
}

// `add_effects` (when given) puts `effect_count` effects on the final mix.
void RenderVoices(benchmark::State& state, SampleFormat format, u32 rate, u32 effect_count = 0,
                  void (*add_effects)(RendererState&) = nullptr) {
    const u32 voices = static_cast<u32>(state.range(0));
    RendererConfig config;
    config.mix_buffer_count = 2;
    config.voice_count = voices;
    config.sink_count = 1;
    config.effect_count = effect_count;
    Renderer renderer(config);
    BufferMemory memory;
    for (u32 i = 0; i < kSamples; ++i) {
        const s16 sample = static_cast<s16>(8000 * std::sin(i * 0.0576));
        std::memcpy(memory.bytes.data() + i * 2, &sample, 2);
    }
    RendererState& s = renderer.State();
    s.pools.push_back({kBase, memory.bytes.size(), true});
    s.mixes[kFinalMixId].in_use = true;
    s.mixes[kFinalMixId].buffer_count = 2;
    s.sinks[0] = Sink{};
    s.sinks[0].type = SinkType::Device;
    s.sinks[0].in_use = true;
    s.sinks[0].input_count = 2;
    s.sinks[0].inputs = {0, 1};
    for (u32 v = 0; v < voices; ++v) {
        Voice& voice = s.voices[v];
        voice.in_use = true;
        voice.play_state = PlayState::Started;
        voice.format = format;
        voice.sample_rate = rate;
        voice.channel_count = 1;
        voice.volume = 1.0f / voices;
        voice.mix_id = kFinalMixId;
        voice.channel_resource_ids[0] = v;
        voice.adpcm_coefficients = {2048, 0};
        s.channel_resources[v].in_use = true;
        s.channel_resources[v].mix_volumes[0] = 1.0f;
        s.channel_resources[v].mix_volumes[1] = 0.5f;
        WaveBuffer& buffer = voice.wave_buffers[0];
        buffer.valid = true;
        buffer.address = kBase;
        buffer.size = memory.bytes.size();
        buffer.end_offset = format == SampleFormat::Adpcm ? kSamples / 8 * 14 : kSamples;
        buffer.loop = true;
    }
    if (add_effects != nullptr) {
        add_effects(s);
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(renderer.RenderFrame(memory));
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * voices);
    state.counters["times_real_time"] = benchmark::Counter(
        0.005 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_Pcm16Resampled(benchmark::State& state) {
    RenderVoices(state, SampleFormat::Pcm16, 32000);
}
void BM_Adpcm(benchmark::State& state) {
    RenderVoices(state, SampleFormat::Adpcm, 48000);
}

void BM_Pcm16ResampledWithEffects(benchmark::State& state) {
    RenderVoices(state, SampleFormat::Pcm16, 32000, 2, AddEffects);
}
void BM_Pcm16ResampledWithReverb(benchmark::State& state) {
    RenderVoices(state, SampleFormat::Pcm16, 32000, 1, AddReverb);
}
void BM_Pcm16ResampledWithI3dl2Reverb(benchmark::State& state) {
    RenderVoices(state, SampleFormat::Pcm16, 32000, 1, AddI3dl2Reverb);
}

BENCHMARK(BM_Pcm16Resampled)->Arg(1)->Arg(24)->Arg(96);
BENCHMARK(BM_Pcm16ResampledWithEffects)->Arg(1)->Arg(24)->Arg(96);
BENCHMARK(BM_Pcm16ResampledWithReverb)->Arg(96);
BENCHMARK(BM_Pcm16ResampledWithI3dl2Reverb)->Arg(96);
BENCHMARK(BM_Adpcm)->Arg(1)->Arg(24)->Arg(96);

}  // namespace

BENCHMARK_MAIN();
