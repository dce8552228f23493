#pragma once

// What a program opens an audio renderer with (nn::audio::detail::AudioRendererParameterInternal)
// and the renderer revisions ("REV1".."REV13") that say which features its library expects.
// Layout from libnx services/audren.c and yuzu's audio_core/common; the revision a feature
// came with from yuzu's audio_core/common/feature_support.h.

#include "base/types.h"

namespace services::audio {

struct RendererParameters {
    u32 sample_rate;
    u32 sample_count;  // per 5 ms frame: 240 at 48 kHz, 160 at 32 kHz
    u32 mix_buffer_count;
    u32 sub_mix_count;  // mixes besides the final mix
    u32 voice_count;
    u32 sink_count;
    u32 effect_count;
    u32 performance_frame_count;
    u8 voice_drop_enabled;
    u8 unknown_21;
    u8 rendering_device;
    u8 execution_mode;  // 0 auto, 1 manual
    u32 splitter_count;
    u32 splitter_destination_count;
    u32 external_context_size;
    u32 revision;  // 'R' 'E' 'V' '0'+n
};
static_assert(sizeof(RendererParameters) == 0x34);

inline constexpr u32 kRevisionMagic = 0x30564552;  // "REV0"
inline constexpr u32 kMaxRevision = 13;

// The revision number of a "REVn" magic (a bare number passes through).
constexpr u32 RevisionNumber(u32 revision) {
    return revision >= 0x100 ? (revision - kRevisionMagic) >> 24 : revision;
}
constexpr u32 RevisionMagic(u32 number) {
    return kRevisionMagic + (number << 24);
}
constexpr bool IsValidRevision(u32 revision) {
    const u32 number = RevisionNumber(revision);
    return number >= 1 && number <= kMaxRevision;
}

// The features whose presence changes a buffer's size or layout.
struct RendererFeatures {
    explicit constexpr RendererFeatures(u32 revision) : number(RevisionNumber(revision)) {}
    constexpr bool Splitter() const { return number >= 2; }
    constexpr bool SplitterBugFix() const { return number >= 5; }
    constexpr bool ElapsedFrameCount() const { return number >= 5; }
    constexpr bool VariadicCommandBufferSize() const { return number >= 5; }
    constexpr bool PerformanceMetricsVersion2() const { return number >= 5; }
    constexpr bool MixInParameterDirtyOnlyUpdate() const { return number >= 7; }
    constexpr bool EffectInfoVersion2() const { return number >= 9; }
    // Wave buffers carry a loop start, end and count (yuzu's feature_support.h:
    // WaveBufferVer2).
    constexpr bool WaveBufferVersion2() const { return number >= 8; }

    u32 number;
};

}  // namespace services::audio
