#pragma once

// The audio renderer's DSP: one 5 ms frame (sample_count samples at the renderer's rate: 240
// at 48 kHz, 160 at 32 kHz) at a time, as the console's command list does it:
//   1. the voices in use and started, highest priority first (lower number; then sort
//      order), as many as the voice limit allows (with voice drop enabled, voice_count times
//      the rendering time limit; the rest are dropped for the frame and counted),
//      each rendered (voice_renderer.h) and mixed into its destination mix's buffers through
//      its channel resources' volumes, or into its splitter's destinations (destination d
//      takes voice channel d modulo the channel count), the volumes ramped across the frame;
//   2. the sub-mixes, those furthest from the final mix first: their effects in processing
//      order (effects.h), then each buffer into its destination mix at the mix's volume times
//      its mix-to-mix volumes (or through its splitter, destination d taking buffer d modulo
//      the buffer count);
//   3. the final mix's effects and volume;
//   4. the sinks (sinks.h).
// The device sinks' sound is the frame's output, as 48 kHz stereo (a 32 kHz renderer's is
// interpolated up, linear_resampler.h).
//
// Mix buffers are floats on the PCM16 scale; the output is rounded and clipped to PCM16.

#include <chrono>
#include <functional>
#include <vector>

#include "audio/renderer/frame_performance.h"
#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

inline constexpr u32 kOutputRate = 48000;
inline constexpr u32 kOutputFramesPerFrame = 240;  // 5 ms at 48 kHz

class Renderer {
public:
    explicit Renderer(const RendererConfig& config);

    RendererState& State() { return state_; }
    const RendererState& State() const { return state_; }

    // Renders one frame; returns the device sinks' output, interleaved stereo PCM16, 240
    // frames at 48 kHz.
    std::vector<s16> RenderFrame(SampleMemory& memory);

    // The renderer's mix buffers after the last frame (buffer b at b * sample_count).
    const std::vector<float>& MixBuffers() const { return mix_buffers_; }

    // What the last frame cost, node by node (frame_performance.h).
    const FramePerformance& LastFramePerformance() const { return performance_; }

private:
    void AssignMixBuffers();
    void RenderVoices(SampleMemory& memory);
    void MixVoiceChannel(const Voice& voice, u32 channel, std::span<const float> samples);
    void SendToMix(u32 mix_id, std::span<const float> samples, const float* volumes,
                   const float* previous_volumes, float scale);
    // Calls `send` with each in-use destination of splitter `splitter_id` for channel `channel`
    // of `stride` (destination ids channel, channel + stride, ...); a splitter or destination
    // id past its table is skipped.
    void ForEachSplitterDestination(
        u32 splitter_id, u32 channel, u32 stride,
        const std::function<void(const SplitterDestination&)>& send) const;
    std::vector<u32> MixOrder() const;
    u32 DistanceToFinalMix(u32 mix_id) const;
    void RunEffects(u32 mix_id, PerformanceEntryType entry_type, SampleMemory& memory);
    void SendMixOn(u32 mix_id);
    std::vector<s16> RunSinks(SampleMemory& memory);
    // Microseconds from the frame's start.
    u32 Elapsed() const;
    void AddEntry(PerformanceEntryType type, u32 node_id, u32 start_us);
    // Records a detail when `node_id` is the target node.
    void AddDetail(PerformanceDetailType type, PerformanceEntryType entry_type, u32 node_id,
                   u32 start_us);

    RendererState state_;
    std::vector<float> mix_buffers_;
    std::array<ResamplerHistory, 2> output_history_{};
    u64 output_fraction_ = 0;
    std::array<bool, 16> logged_effect_type_{};
    bool logged_mix_buffers_ = false;
    std::chrono::steady_clock::time_point frame_start_;
    FramePerformance performance_;
};

}  // namespace audio::renderer
