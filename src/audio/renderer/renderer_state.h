#pragma once

// What an audio renderer holds between frames: the program's voices, mixes, splitters,
// effects and sinks as its last RequestUpdate described them (nn::audio's server-side
// infos), and the DSP's own state for each (positions, filter and resampler histories, the
// volumes the last frame ended at). The service fills the parameters from RequestUpdate's
// input and answers its output from the counters; `Renderer` mixes from it.
// Enumerations as libnx (services/audren.h, audio/audio.h) and the SDK number them.

#include <array>
#include <vector>

#include "audio/renderer/adpcm_decoder.h"
#include "audio/renderer/biquad_filter.h"
#include "audio/renderer/compressor_effect.h"
#include "audio/renderer/delay_effect.h"
#include "audio/renderer/i3dl2_reverb_effect.h"
#include "audio/renderer/limiter_effect.h"
#include "audio/renderer/linear_resampler.h"
#include "audio/renderer/reverb_effect.h"
#include "base/types.h"

namespace audio::renderer {

inline constexpr u32 kMaxMixBuffers = 24;
inline constexpr u32 kMaxVoiceChannels = 6;
inline constexpr u32 kWaveBuffersPerVoice = 4;
inline constexpr u32 kFinalMixId = 0;
inline constexpr u32 kUnusedMixId = 0x7FFFFFFF;
inline constexpr u32 kUnusedSplitterId = 0xFFFFFFFF;

// libnx PcmFormat.
enum class SampleFormat : u8 {
    Invalid = 0,
    Pcm8 = 1,
    Pcm16 = 2,
    Pcm24 = 3,
    Pcm32 = 4,
    PcmFloat = 5,
    Adpcm = 6,
};

enum class PlayState : u8 { Started = 0, Stopped = 1, Paused = 2 };

struct BiquadParameters {
    bool enabled = false;
    BiquadCoefficients coefficients;
};

struct WaveBuffer {
    bool valid = false;  // queued and not yet consumed
    u64 address = 0;
    u64 size = 0;
    u32 start_offset = 0;  // samples
    u32 end_offset = 0;    // samples, exclusive
    bool loop = false;
    bool end_of_stream = false;
    // From the revisions with wave buffer version 2 (loop_count -1: forever; a loop_end of 0:
    // the buffer's end).
    s32 loop_count = -1;
    u32 loop_start = 0;
    u32 loop_end = 0;
    u64 context_address = 0;  // ADPCM: the context at the loop start
    u64 context_size = 0;
    bool in_pool = true;  // inside the program's attached memory pools
};

struct VoiceChannelResource {
    bool in_use = false;
    std::array<float, kMaxMixBuffers> mix_volumes{};
    std::array<float, kMaxMixBuffers> previous_mix_volumes{};  // where the last frame ended
    bool started = false;  // has rendered a frame (previous_mix_volumes valid)
};

struct Voice {
    // Parameters (RequestUpdate's voice record).
    bool in_use = false;
    u32 node_id = 0;
    PlayState play_state = PlayState::Stopped;
    SampleFormat format = SampleFormat::Invalid;
    u32 sample_rate = 0;
    u32 priority = 0;
    u32 sort_order = 0;
    u32 channel_count = 0;
    float pitch = 1.0f;
    float volume = 0.0f;
    std::array<BiquadParameters, 2> biquads;
    std::array<u32, kMaxVoiceChannels> channel_resource_ids{};
    u32 mix_id = kUnusedMixId;
    u32 splitter_id = kUnusedSplitterId;
    AdpcmCoefficients adpcm_coefficients{};
    std::array<WaveBuffer, kWaveBuffersPerVoice> wave_buffers;

    // The DSP's state.
    u32 wave_buffer_index = 0;  // the slot playing
    u32 offset = 0;             // samples into it, from its start offset (or loop start)
    s32 loops_done = 0;
    AdpcmContext adpcm_context;
    u64 resample_fraction = 0;
    std::array<ResamplerHistory, kMaxVoiceChannels> resampler_history{};
    std::array<std::array<BiquadState, 2>, kMaxVoiceChannels> biquad_state{};
    float previous_volume = 0.0f;
    bool started = false;  // has rendered a frame since it was new

    // What the program reads back.
    u64 played_samples = 0;
    u32 wave_buffers_consumed = 0;
    u32 voice_drops = 0;
};

struct Mix {
    bool in_use = false;
    u32 node_id = 0;
    float volume = 1.0f;
    u32 sample_rate = 0;
    u32 buffer_count = 0;
    u32 buffer_offset = 0;  // its first buffer among the renderer's mix buffers
    std::array<std::array<float, kMaxMixBuffers>, kMaxMixBuffers> volumes{};  // [from][to]
    u32 destination_mix_id = kUnusedMixId;
    u32 destination_splitter_id = kUnusedSplitterId;
};

struct SplitterDestination {
    bool in_use = false;
    u32 mix_id = kUnusedMixId;
    std::array<float, kMaxMixBuffers> volumes{};
    std::array<float, kMaxMixBuffers> previous_volumes{};
    bool started = false;
};

struct Splitter {
    bool in_use = false;
    u32 sample_rate = 0;
    std::vector<u32> destination_ids;  // into RendererState::splitter_destinations
};

// nn::audio effect types.
enum class EffectType : u8 {
    Invalid = 0,
    BufferMixer = 1,
    Aux = 2,
    Delay = 3,
    Reverb = 4,
    I3dl2Reverb = 5,
    BiquadFilter = 6,
    Limiter = 7,
    Capture = 8,
    Compressor = 9,
};

// The effect's server-side usage state (nn::audio's EffectInfo; Ryujinx UsageState.cs). The
// program reads back another enumeration (effect_status.h).
enum class EffectUsage : u8 { Invalid = 0, New = 1, Enabled = 2, Disabled = 3 };

inline constexpr u32 kEffectParameterSize = 0xA0;

struct Effect {
    EffectType type = EffectType::Invalid;
    bool enabled = false;
    u32 mix_id = kUnusedMixId;
    s32 processing_order = 0;
    std::array<u8, kEffectParameterSize> parameters{};  // the type's own record, as sent
    EffectUsage usage = EffectUsage::Invalid;
    std::array<BiquadState, kMaxVoiceChannels> biquad_state{};
    DelayState delay;
    LimiterState limiter;
    CompressorState compressor;
    ReverbState reverb;
    I3dl2ReverbState i3dl2_reverb;
};

enum class SinkType : u8 { Invalid = 0, Device = 1, CircularBuffer = 2 };

struct Sink {
    SinkType type = SinkType::Invalid;
    bool in_use = false;
    u32 node_id = 0;
    u32 input_count = 0;
    std::array<u8, kMaxVoiceChannels> inputs{};  // final mix buffers
    // Device: the 5.1 downmix coefficients (front, centre, LFE, back) when the program gave
    // them.
    bool downmix_given = false;
    std::array<float, 4> downmix{};
    // Circular buffer: PCM16 blocks of `sample_count` samples per input, one after another.
    u64 address = 0;
    u32 size = 0;
    u32 sample_count = 0;
    u32 position = 0;  // bytes written into it, modulo its size
};

struct MemoryPool {
    u64 address = 0;
    u64 size = 0;
    bool attached = false;
};

struct RendererConfig {
    u32 sample_rate = 48000;
    u32 sample_count = 240;
    u32 mix_buffer_count = 0;
    u32 sub_mix_count = 0;
    u32 voice_count = 0;
    u32 sink_count = 0;
    u32 effect_count = 0;
    u32 splitter_count = 0;
    u32 splitter_destination_count = 0;
    bool voice_drop_enabled = false;
};

struct RendererState {
    explicit RendererState(const RendererConfig& config);

    RendererConfig config;
    std::vector<MemoryPool> pools;
    std::vector<VoiceChannelResource> channel_resources;
    std::vector<Voice> voices;
    std::vector<Mix> mixes;  // index = mix id; 0 is the final mix
    std::vector<Splitter> splitters;
    std::vector<SplitterDestination> splitter_destinations;
    std::vector<Effect> effects;
    std::vector<Sink> sinks;
    u32 rendering_time_limit_percent = 100;
    u32 performance_target_node = 0xFFFFFFFF;  // whose details the frame records
};

// Whether [address, address + size) lies inside one attached pool.
bool InAttachedPool(const RendererState& state, u64 address, u64 size);

}  // namespace audio::renderer
