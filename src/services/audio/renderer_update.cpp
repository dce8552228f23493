#include "services/audio/renderer_update.h"

#include <algorithm>
#include <cstring>

#include "audio/renderer/effects.h"
#include "base/log.h"
#include "services/audio/audio_results.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

constexpr u32 kMaxErrors = 10;  // the behaviour record's error slots
constexpr u32 kErrorCountOffset = 0xA0;

template <typename T>
void WriteAt(std::span<u8> bytes, std::size_t offset, const T& value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
}

bool CheckSection(const char* what, u32 given, u64 expected) {
    if (given != expected) {
        LOG_WARNING("audio", "RequestUpdate: {} section of {:#x} bytes, expected {:#x}", what,
                    given, expected);
        return false;
    }
    return true;
}

// REV9+'s effect output carries the DSP's result state: the limiter's statistics
// (limiter_effect.h); the other effects' (the two reverbs, delay, compressor...) is left zero
// (the compressor's statistics are not built; the reverbs report none).
void WriteEffectResultState(const dsp::Effect& effect, std::span<u8> result) {
    if (effect.type == dsp::EffectType::Limiter && effect.limiter.ready) {
        const auto& statistics = effect.limiter.statistics;
        std::memcpy(result.data(), statistics.input_max.data(), sizeof(statistics.input_max));
        std::memcpy(result.data() + sizeof(statistics.input_max), statistics.gain_min.data(),
                    sizeof(statistics.gain_min));
    }
}

}  // namespace

dsp::RendererConfig RendererConfigOf(const RendererParameters& p) {
    dsp::RendererConfig config;
    config.sample_rate = p.sample_rate;
    config.sample_count = p.sample_count;
    config.mix_buffer_count = p.mix_buffer_count;
    config.sub_mix_count = p.sub_mix_count;
    config.voice_count = p.voice_count;
    config.sink_count = p.sink_count;
    config.effect_count = p.effect_count;
    // Splitters exist only from the revision that has them and with both counts given
    // (Ryujinx Server/Splitter/SplitterContext.cs Initialize); otherwise the counts the
    // program sent are ignored, as the work buffer size ignores them.
    if (RendererFeatures(p.revision).Splitter() && p.splitter_count > 0 &&
        p.splitter_destination_count > 0) {
        config.splitter_count = p.splitter_count;
        config.splitter_destination_count = p.splitter_destination_count;
    }
    config.voice_drop_enabled = p.voice_drop_enabled != 0;
    return config;
}

u32 UpdateOutputSize(const RendererParameters& p) {
    const RendererFeatures features(p.revision);
    const u32 effect_out =
        features.EffectInfoVersion2() ? kEffectOutSizeVersion2 : kEffectOutSizeVersion1;
    return static_cast<u32>(sizeof(UpdateDataHeader)) + MemoryPoolCount(p) * kMemoryPoolOutSize +
           p.voice_count * kVoiceOutSize + p.effect_count * effect_out +
           p.sink_count * kSinkOutSize + kPerformanceOutSize + kBehaviourOutSize +
           (features.ElapsedFrameCount() ? kRenderInfoOutSize : 0);
}

base::Result RunUpdate(const RendererParameters& p, std::span<const u8> input, std::span<u8> output,
                       u64 elapsed_frames, bool renderer_active, dsp::RendererState& state,
                       dsp::SampleMemory& memory, InputLog& log, UpdateSummary& summary) {
    const RendererFeatures features(p.revision);
    summary = {};
    std::fill(output.begin(), output.end(), u8{0});
    if (input.size() < sizeof(UpdateDataHeader) + kBehaviourInSize) {
        LOG_WARNING("audio", "RequestUpdate: {:#x} bytes of input", input.size());
        return ResultInvalidUpdateInfo;
    }
    const auto in = ReadAt<UpdateDataHeader>(input, 0);
    const u32 pools = MemoryPoolCount(p);
    const u32 behaviour_revision = ReadAt<u32>(input, sizeof(UpdateDataHeader));
    if (behaviour_revision != p.revision) {
        LOG_WARNING("audio", "RequestUpdate: revision {:#x}, renderer opened with {:#x}",
                    behaviour_revision, p.revision);
        return ResultInvalidUpdateInfo;
    }
    // The sections this update reads must be what the renderer was opened with.
    if (!CheckSection("behaviour", in.behaviour_size, kBehaviourInSize) ||
        !CheckSection("memory pool", in.memory_pool_size, u64{pools} * kMemoryPoolInSize) ||
        !CheckSection("voice resource", in.voice_resources_size,
                      u64{p.voice_count} * kVoiceResourceInSize) ||
        !CheckSection("voice", in.voices_size, u64{p.voice_count} * kVoiceInSize)) {
        return ResultInvalidUpdateInfo;
    }
    // The rest is skipped whole; a size other than the console's is worth a warning only.
    CheckSection("effect", in.effects_size, u64{p.effect_count} * kEffectInSize);
    if (!features.MixInParameterDirtyOnlyUpdate()) {
        CheckSection("mix", in.mix_size, (u64{p.sub_mix_count} + 1) * kMixInSize);
    }
    CheckSection("sink", in.sinks_size, u64{p.sink_count} * kSinkInSize);
    CheckSection("performance", in.performance_size, kPerformanceInSize);
    const u64 listed = sizeof(UpdateDataHeader) + u64{in.behaviour_size} + in.memory_pool_size +
                       in.voice_resources_size + in.voices_size + in.effects_size + in.mix_size +
                       in.sinks_size + in.performance_size;
    const u64 total = std::min<u64>(in.total_size, input.size());
    if (listed > total) {
        LOG_WARNING("audio", "RequestUpdate: sections of {:#x} bytes in {:#x} of input", listed,
                    total);
        return ResultInvalidUpdateInfo;
    }
    // The splitter section (revision 2+) has no size of its own: it is what remains.
    summary.splitter_size = features.Splitter() ? static_cast<u32>(total - listed) : 0;

    const u32 out_size = UpdateOutputSize(p);
    if (output.size() < out_size) {
        LOG_WARNING("audio", "RequestUpdate: {:#x} bytes of output, {:#x} needed", output.size(),
                    out_size);
        return ResultInvalidUpdateInfo;
    }

    // Input: memory pools, voice channel resources, voices, effects, splitters, mixes, sinks.
    const std::size_t pools_in = sizeof(UpdateDataHeader) + in.behaviour_size;
    const std::size_t resources_in = pools_in + in.memory_pool_size;
    const std::size_t voices_in = resources_in + in.voice_resources_size;
    const std::size_t effects_in = voices_in + in.voices_size;
    const std::size_t splitters_in = effects_in + in.effects_size;
    const std::size_t mixes_in = splitters_in + summary.splitter_size;
    const std::size_t sinks_in = mixes_in + in.mix_size;
    // Output: memory pools, voices, effects, sinks, performance, behaviour, render info.
    std::size_t at = sizeof(UpdateDataHeader);
    state.pools.resize(pools);
    for (u32 i = 0; i < pools; ++i) {
        const auto record = input.subspan(pools_in + i * kMemoryPoolInSize, kMemoryPoolInSize);
        const auto request = ReadAt<MemoryPoolState>(record, 0x10);
        MemoryPoolState answer = MemoryPoolState::Invalid;  // no change
        dsp::MemoryPool& pool = state.pools[i];
        if (request == MemoryPoolState::RequestAttach) {
            pool = {ReadAt<u64>(record, 0), ReadAt<u64>(record, 8), true};
            answer = MemoryPoolState::Attached;
            ++summary.pools_attached;
        } else if (request == MemoryPoolState::RequestDetach) {
            pool.attached = false;
            answer = MemoryPoolState::Detached;
            ++summary.pools_detached;
        }
        WriteAt(output, at + i * kMemoryPoolOutSize, answer);
    }
    at += pools * kMemoryPoolOutSize;

    std::vector<UpdateError> errors;
    InputContext context{p, state, memory, errors, log};
    summary.voices_in_use =
        ApplyVoiceInput(context, input.subspan(resources_in, in.voice_resources_size),
                        input.subspan(voices_in, in.voices_size));
    ApplyEffectInput(context, input.subspan(effects_in, in.effects_size));
    ApplySplitterInput(context, input.subspan(splitters_in, summary.splitter_size));
    ApplyMixInput(context, input.subspan(mixes_in, in.mix_size));
    ApplySinkInput(context, input.subspan(sinks_in, in.sinks_size));
    // Performance input (Ryujinx Parameter/Performance/PerformanceInParameter.cs): the node
    // whose details the frames record, s32 @0.
    if (in.performance_size >= 4) {
        state.performance_target_node = ReadAt<u32>(input, sinks_in + in.sinks_size);
    }

    for (const dsp::Voice& voice : state.voices) {
        WriteAt(output, at, voice.played_samples);
        WriteAt(output, at + 8, voice.wave_buffers_consumed);
        WriteAt(output, at + 12, voice.voice_drops);
        at += kVoiceOutSize;
    }
    const u32 effect_out =
        features.EffectInfoVersion2() ? kEffectOutSizeVersion2 : kEffectOutSizeVersion1;
    for (const dsp::Effect& effect : state.effects) {
        WriteAt(output, at, static_cast<u8>(dsp::EffectStatusOf(effect, renderer_active)));
        if (features.EffectInfoVersion2()) {
            WriteEffectResultState(
                effect, output.subspan(at + kEffectResultStateOffset, kEffectResultStateSize));
        }
        at += effect_out;
    }
    for (const dsp::Sink& sink : state.sinks) {
        WriteAt(output, at, sink.position);  // last written offset
        at += kSinkOutSize;
    }
    summary.performance_status_offset = static_cast<u32>(at);  // written by the caller
    at += kPerformanceOutSize;
    summary.errors = static_cast<u32>(errors.size());
    const u32 reported = std::min<u32>(summary.errors, kMaxErrors);
    for (u32 i = 0; i < reported; ++i) {
        WriteAt(output, at + i * 0x10, errors[i].result.Raw());
        WriteAt(output, at + i * 0x10 + 8, errors[i].address);
    }
    WriteAt(output, at + kErrorCountOffset, reported);

    UpdateDataHeader out{};
    out.revision = kProcessRevision;
    out.memory_pool_size = pools * kMemoryPoolOutSize;
    out.voices_size = p.voice_count * kVoiceOutSize;
    out.effects_size = p.effect_count * (features.EffectInfoVersion2() ? kEffectOutSizeVersion2
                                                                       : kEffectOutSizeVersion1);
    out.sinks_size = p.sink_count * kSinkOutSize;
    out.performance_size = kPerformanceOutSize;
    out.behaviour_size = kBehaviourOutSize;
    if (features.ElapsedFrameCount()) {
        out.render_info_size = kRenderInfoOutSize;
        const std::size_t render_info = out_size - kRenderInfoOutSize;
        WriteAt(output, render_info, elapsed_frames);
    }
    out.total_size = out_size;
    WriteAt(output, 0, out);
    return base::ResultSuccess;
}

}  // namespace services::audio
