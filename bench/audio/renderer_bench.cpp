// Voices the audio renderer mixes per second of host time, against the console's real time:
// each frame is 5 ms of sound, so a frame rendered in t seconds runs 0.005 / t times faster
// than real time. Voices loop over a 100 ms buffer (PCM16 at 32 kHz, resampled to the
// renderer's 48 kHz, or ADPCM at 48 kHz), each into both buffers of a stereo final mix and a
// device sink, as a game's sound effects would.
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

void RenderVoices(benchmark::State& state, SampleFormat format, u32 rate) {
    const u32 voices = static_cast<u32>(state.range(0));
    RendererConfig config;
    config.mix_buffer_count = 2;
    config.voice_count = voices;
    config.sink_count = 1;
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

BENCHMARK(BM_Pcm16Resampled)->Arg(1)->Arg(24)->Arg(96);
BENCHMARK(BM_Adpcm)->Arg(1)->Arg(24)->Arg(96);

}  // namespace

BENCHMARK_MAIN();
