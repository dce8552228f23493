#pragma once

// One RequestUpdate of an audio renderer: the program's input parameters (header, behaviour,
// memory pools, voice channel resources, voices, effects, splitters, mixes, sinks,
// performance) and the service's output (header, memory pools, voices, effects, sinks,
// performance, behaviour, and from revision 5 the render info). Layouts from libnx
// (services/audren.h, audio/driver.c) and yuzu (audio_core/renderer/behavior/info_updater.cpp,
// system.cpp Update).
//
// The input is applied to the renderer's state (renderer_input.h): memory pools attach and
// detach, voices, effects, splitters, mixes and sinks take their new parameters. The output
// is answered from that state: the pools' new states, each voice's played samples, wave
// buffers consumed and drops, each effect's state (3 enabled, 4 disabled) and from REV9 its
// result state (the limiter's statistics), each sink's position, the errors (a buffer
// outside the pools) in the behaviour record, and the elapsed frame count. The performance
// section's history size is the caller's to write (performance_history.h), at
// `performance_status_offset`.

#include <span>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"
#include "base/result.h"
#include "services/audio/renderer_input.h"
#include "services/audio/renderer_parameters.h"

namespace services::audio {

// The service's revision, written in every output header.
inline constexpr u32 kProcessRevision = RevisionMagic(kMaxRevision);

// nn::audio memory pool states (libnx AudioRendererMemPoolState).
enum class MemoryPoolState : u32 {
    Invalid = 0,
    New = 1,
    RequestDetach = 2,
    Detached = 3,
    RequestAttach = 4,
    Attached = 5,
    Released = 6,
};

struct UpdateDataHeader {
    u32 revision;
    u32 behaviour_size;
    u32 memory_pool_size;
    u32 voices_size;
    u32 voice_resources_size;
    u32 effects_size;
    u32 mix_size;
    u32 sinks_size;
    u32 performance_size;
    u32 unknown_24;
    u32 render_info_size;
    u32 unknown_2c[4];
    u32 total_size;
};
static_assert(sizeof(UpdateDataHeader) == 0x40);

// Sizes of the input records.
inline constexpr u32 kBehaviourInSize = 0x10;
inline constexpr u32 kMemoryPoolInSize = 0x20;
inline constexpr u32 kVoiceResourceInSize = 0x70;
inline constexpr u32 kVoiceInSize = 0x170;
inline constexpr u32 kEffectInSize = 0xC0;
inline constexpr u32 kMixInSize = 0x930;
inline constexpr u32 kMixDirtyHeaderSize = 0x20;
inline constexpr u32 kSinkInSize = 0x140;
inline constexpr u32 kPerformanceInSize = 0x10;
// Sizes of the output records.
inline constexpr u32 kMemoryPoolOutSize = 0x10;
inline constexpr u32 kVoiceOutSize = 0x10;
inline constexpr u32 kEffectOutSizeVersion1 = 0x10;
inline constexpr u32 kEffectOutSizeVersion2 = 0x90;  // state, 15 reserved, result state
inline constexpr u32 kEffectResultStateOffset = 0x10;
inline constexpr u32 kEffectResultStateSize = 0x80;
inline constexpr u32 kSinkOutSize = 0x20;
inline constexpr u32 kPerformanceOutSize = 0x10;
inline constexpr u32 kBehaviourOutSize = 0xB0;
inline constexpr u32 kRenderInfoOutSize = 0x10;

// Memory pools a renderer of these parameters has: one per effect, four per voice.
constexpr u32 MemoryPoolCount(const RendererParameters& p) {
    return p.effect_count + p.voice_count * 4;
}
// The renderer's DSP configuration for a renderer opened with these parameters.
::audio::renderer::RendererConfig RendererConfigOf(const RendererParameters& parameters);

// The output size a program must provide.
u32 UpdateOutputSize(const RendererParameters& parameters);

struct UpdateSummary {
    u32 voices_in_use = 0;
    u32 pools_attached = 0;
    u32 pools_detached = 0;
    u32 splitter_size = 0;
    u32 errors = 0;
    u32 performance_status_offset = 0;  // where the history size goes in the output
};

// Parses `input` into `state` and writes the reply into `output` (zeroed first); `memory`
// reads what voices point to (ADPCM parameters); `renderer_active` (started) decides the
// effects' out states (audio/renderer/effects.h EffectStatusOf). Fails with
// ResultInvalidUpdateInfo, the state untouched, when the input does not match the renderer's
// parameters or the output is too small. `log` keeps what was logged once across updates.
base::Result RunUpdate(const RendererParameters& parameters, std::span<const u8> input,
                       std::span<u8> output, u64 elapsed_frames, bool renderer_active,
                       ::audio::renderer::RendererState& state,
                       ::audio::renderer::SampleMemory& memory, InputLog& log,
                       UpdateSummary& summary);

}  // namespace services::audio
