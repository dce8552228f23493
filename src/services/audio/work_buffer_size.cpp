#include "services/audio/work_buffer_size.h"

namespace services::audio {
namespace {

// The arithmetic is the console's, with its constants (the sizes of the service's own
// per-mix, per-voice, per-sink and per-effect records), as Ryujinx's decompilation of it
// documents (Ryujinx.HLE Services/Audio/IAudioRendererManager.cs GetAudioRendererWorkBufferSize,
// with NodeStates, EdgeMatrix, SplitterContext, PerformanceManager and CommandGenerator),
// plus the two effect result state arrays of revision 9+ (yuzu audio_core/renderer/system.cpp).

constexpr u64 AlignUp(u64 value, u64 alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

constexpr u64 kBufferAlignment = 0x40;
constexpr u64 kEffectResultStateSize = 0x80;

u64 NodeStatesSize(u64 mixes) {
    return 4 * (mixes * mixes) + 12 * mixes + 2 * (AlignUp(mixes, kBufferAlignment) / 8);
}

u64 EdgeMatrixSize(u64 mixes) {
    return AlignUp(mixes * mixes, kBufferAlignment) / 8;
}

u64 SplitterSize(const RendererFeatures& features, const RendererParameters& p) {
    if (!features.Splitter()) {
        return 0;
    }
    u64 size = u64{p.splitter_destination_count} * 0xE0 + u64{p.splitter_count} * 0x20;
    if (!features.SplitterBugFix()) {
        size += AlignUp(4 * u64{p.splitter_destination_count}, 16);
    }
    return size;
}

u64 PerformanceFrameSize(const RendererFeatures& features, const RendererParameters& p) {
    const u64 entries = u64{p.voice_count} + p.effect_count + p.sub_mix_count + p.sink_count + 1;
    return features.PerformanceMetricsVersion2() ? 24 * entries + 0x990 : 16 * entries + 0x658;
}

u64 CommandBufferSize(const RendererParameters& p) {
    return u64{p.effect_count} * 0x840 + u64{p.sub_mix_count} * 0x5A38 + u64{p.sink_count} * 0x148 +
           u64{p.splitter_destination_count} * 0x540 +
           (u64{p.splitter_count} * 0x68 + 0x2E0) * p.voice_count +
           ((u64{p.voice_count} + p.sub_mix_count + p.effect_count + p.sink_count + 0x65) << 6) +
           0x3F8;
}

}  // namespace

u64 WorkBufferSize(const RendererParameters& p) {
    const RendererFeatures features(p.revision);
    const u64 mixes = u64{p.sub_mix_count} + 1;
    const u64 voices = p.voice_count;
    const u64 effects = p.effect_count;
    const u64 sinks = p.sink_count;
    const u64 sub_mixes = p.sub_mix_count;

    u64 size = AlignUp(u64{p.mix_buffer_count} * 4, kBufferAlignment) + sub_mixes * 0x400 +
               mixes * 0x940 + voices * 0x3F0 + AlignUp(mixes * 8, 16) + AlignUp(voices * 8, 16) +
               AlignUp(((sinks + sub_mixes) * 0x3C0 + u64{p.sample_count} * 4) *
                           (u64{p.mix_buffer_count} + 6),
                       kBufferAlignment) +
               (sinks + sub_mixes) * 0x2C0 + (effects + voices * 4) * 0x30 + 0x50;
    if (features.Splitter()) {
        size += AlignUp(NodeStatesSize(mixes) + EdgeMatrixSize(mixes), 16);
    }
    size = sinks * 0x170 + (sinks + sub_mixes) * 0x280 + effects * 0x4C0 +
           ((size + SplitterSize(features, p) + 0x30 * effects + 4 * voices + 0x8F) & ~u64{0x3F}) +
           ((voices << 8) | 0x40);
    if (p.performance_frame_count >= 1) {
        size += (PerformanceFrameSize(features, p) * (u64{p.performance_frame_count} + 1) + 0xFF) &
                ~u64{0x3F};
    }
    if (features.EffectInfoVersion2()) {
        size += 2 * effects * kEffectResultStateSize;
    }
    size += features.VariadicCommandBufferSize() ? CommandBufferSize(p) + 0x7E : 0x1807E;
    return AlignUp(size, 0x1000);
}

}  // namespace services::audio
