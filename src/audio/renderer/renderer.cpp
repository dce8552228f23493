#include "audio/renderer/renderer.h"

#include <algorithm>
#include <numeric>

#include "audio/renderer/effects.h"
#include "audio/renderer/sinks.h"
#include "audio/renderer/voice_renderer.h"
#include "audio/renderer/volume_ramp.h"
#include "base/log.h"

namespace audio::renderer {
namespace {

const char* EffectName(EffectType type) {
    switch (type) {
        case EffectType::BufferMixer:
            return "buffer mixer";
        case EffectType::Delay:
            return "delay";
        case EffectType::Reverb:
            return "reverb";
        case EffectType::I3dl2Reverb:
            return "I3DL2 reverb";
        case EffectType::Limiter:
            return "limiter";
        case EffectType::Capture:
            return "capture";
        case EffectType::Compressor:
            return "compressor";
        default:
            return "unknown";
    }
}

PerformanceDetailType DetailOf(SampleFormat format) {
    switch (format) {
        case SampleFormat::Adpcm:
            return PerformanceDetailType::Adpcm;
        case SampleFormat::PcmFloat:
            return PerformanceDetailType::PcmFloat;
        default:
            return PerformanceDetailType::PcmInt16;
    }
}

PerformanceDetailType DetailOf(EffectType type) {
    switch (type) {
        case EffectType::BufferMixer:
            return PerformanceDetailType::Mix;
        case EffectType::Aux:
            return PerformanceDetailType::Aux;
        case EffectType::Delay:
            return PerformanceDetailType::Delay;
        case EffectType::Reverb:
            return PerformanceDetailType::Reverb;
        case EffectType::I3dl2Reverb:
            return PerformanceDetailType::Reverb3d;
        case EffectType::BiquadFilter:
            return PerformanceDetailType::BiquadFilter;
        case EffectType::Limiter:
            return PerformanceDetailType::Limiter;
        case EffectType::Capture:
            return PerformanceDetailType::CaptureBuffer;
        case EffectType::Compressor:
            return PerformanceDetailType::Compressor;
        default:
            return PerformanceDetailType::Unknown;
    }
}

}  // namespace

Renderer::Renderer(const RendererConfig& config)
    : state_(config), mix_buffers_(std::size_t{config.mix_buffer_count} * config.sample_count) {}

void Renderer::AssignMixBuffers() {
    // The final mix's buffers come first, then each sub-mix's in mix id order (as libnx's
    // audrvMixAdd hands them out).
    u32 offset = 0;
    for (Mix& mix : state_.mixes) {
        if (!mix.in_use) {
            continue;
        }
        mix.buffer_count = std::min(mix.buffer_count, kMaxMixBuffers);
        if (offset + mix.buffer_count > state_.config.mix_buffer_count) {
            if (!logged_mix_buffers_) {
                logged_mix_buffers_ = true;
                LOG_WARNING("audio",
                            "audio renderer: mixes ask for more than its {} mix buffers; the "
                            "mixes past them are silent",
                            state_.config.mix_buffer_count);
            }
            mix.buffer_count = 0;
        }
        mix.buffer_offset = offset;
        offset += mix.buffer_count;
    }
}

void Renderer::SendToMix(u32 mix_id, std::span<const float> samples, const float* volumes,
                         const float* previous_volumes, float scale) {
    if (mix_id >= state_.mixes.size() || !state_.mixes[mix_id].in_use) {
        return;
    }
    const Mix& mix = state_.mixes[mix_id];
    const u32 count = state_.config.sample_count;
    for (u32 j = 0; j < mix.buffer_count; ++j) {
        std::span<float> into(mix_buffers_.data() + (mix.buffer_offset + j) * count, count);
        MixWithVolumeRamp(samples, into, previous_volumes[j] * scale, volumes[j] * scale);
    }
}

void Renderer::ForEachSplitterDestination(
    u32 splitter_id, u32 channel, u32 stride,
    const std::function<void(const SplitterDestination&)>& send) const {
    if (splitter_id >= state_.splitters.size()) {
        return;
    }
    const Splitter& splitter = state_.splitters[splitter_id];
    for (u32 d = channel; d < splitter.destination_ids.size(); d += stride) {
        const u32 id = splitter.destination_ids[d];
        if (id < state_.splitter_destinations.size() && state_.splitter_destinations[id].in_use) {
            send(state_.splitter_destinations[id]);
        }
    }
}

void Renderer::MixVoiceChannel(const Voice& voice, u32 channel, std::span<const float> samples) {
    if (voice.splitter_id != kUnusedSplitterId) {
        ForEachSplitterDestination(voice.splitter_id, channel, voice.channel_count,
                                   [&](const SplitterDestination& destination) {
                                       SendToMix(
                                           destination.mix_id, samples, destination.volumes.data(),
                                           destination.started ? destination.previous_volumes.data()
                                                               : destination.volumes.data(),
                                           1.0f);
                                   });
        return;
    }
    const u32 resource_id = voice.channel_resource_ids[channel];
    if (resource_id >= state_.channel_resources.size()) {
        return;
    }
    VoiceChannelResource& resource = state_.channel_resources[resource_id];
    SendToMix(voice.mix_id, samples, resource.mix_volumes.data(),
              resource.started ? resource.previous_mix_volumes.data() : resource.mix_volumes.data(),
              1.0f);
}

void Renderer::RenderVoices(SampleMemory& memory) {
    std::vector<u32> playing;
    for (u32 i = 0; i < state_.voices.size(); ++i) {
        const Voice& voice = state_.voices[i];
        if (voice.in_use && voice.play_state == PlayState::Started) {
            playing.push_back(i);
        }
    }
    std::stable_sort(playing.begin(), playing.end(), [this](u32 a, u32 b) {
        const Voice& x = state_.voices[a];
        const Voice& y = state_.voices[b];
        return x.priority != y.priority ? x.priority < y.priority : x.sort_order < y.sort_order;
    });
    std::size_t limit = playing.size();
    if (state_.config.voice_drop_enabled) {
        limit = std::min<std::size_t>(
            limit, std::max<u64>(1, u64{state_.config.voice_count} *
                                        state_.rendering_time_limit_percent / 100));
    }
    const u32 count = state_.config.sample_count;
    std::vector<std::vector<float>> channels(kMaxVoiceChannels, std::vector<float>(count));
    for (std::size_t n = 0; n < playing.size(); ++n) {
        Voice& voice = state_.voices[playing[n]];
        if (n >= limit) {
            ++voice.voice_drops;
            ++performance_.voice_drops;
            continue;
        }
        const u32 start = Elapsed();
        RenderVoice(voice, memory, state_.config.sample_rate, channels);
        AddDetail(DetailOf(voice.format), PerformanceEntryType::Voice, voice.node_id, start);
        const u32 mixing = Elapsed();
        for (u32 c = 0; c < std::min<u32>(voice.channel_count, kMaxVoiceChannels); ++c) {
            MixVoiceChannel(voice, c, channels[c]);
        }
        AddDetail(PerformanceDetailType::Mix, PerformanceEntryType::Voice, voice.node_id, mixing);
        AddEntry(PerformanceEntryType::Voice, voice.node_id, start);
    }
}

u32 Renderer::DistanceToFinalMix(u32 mix_id) const {
    // Follows the destinations; a loop (which the SDK refuses) ends at the mix count.
    u32 distance = 0;
    while (mix_id != kFinalMixId && mix_id < state_.mixes.size() &&
           distance < state_.mixes.size()) {
        const Mix& mix = state_.mixes[mix_id];
        u32 next = mix.destination_mix_id;
        if (mix.destination_splitter_id != kUnusedSplitterId &&
            mix.destination_splitter_id < state_.splitters.size()) {
            next = kUnusedMixId;
            for (u32 id : state_.splitters[mix.destination_splitter_id].destination_ids) {
                if (id < state_.splitter_destinations.size() &&
                    state_.splitter_destinations[id].in_use) {
                    next = state_.splitter_destinations[id].mix_id;
                    break;
                }
            }
        }
        mix_id = next;
        ++distance;
    }
    return distance;
}

std::vector<u32> Renderer::MixOrder() const {
    std::vector<u32> order;
    for (u32 id = 1; id < state_.mixes.size(); ++id) {
        if (state_.mixes[id].in_use) {
            order.push_back(id);
        }
    }
    std::vector<u32> distance(state_.mixes.size());
    for (u32 id : order) {
        distance[id] = DistanceToFinalMix(id);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](u32 a, u32 b) { return distance[a] > distance[b]; });
    return order;
}

void Renderer::RunEffects(u32 mix_id, PerformanceEntryType entry_type, SampleMemory& memory) {
    std::vector<u32> effects;
    for (u32 i = 0; i < state_.effects.size(); ++i) {
        const Effect& effect = state_.effects[i];
        if (effect.type != EffectType::Invalid && effect.mix_id == mix_id) {
            effects.push_back(i);
        }
    }
    std::stable_sort(effects.begin(), effects.end(), [this](u32 a, u32 b) {
        return state_.effects[a].processing_order < state_.effects[b].processing_order;
    });
    for (u32 i : effects) {
        Effect& effect = state_.effects[i];
        if (!IsEffectBuilt(effect.type)) {
            const u32 type = static_cast<u32>(effect.type) % logged_effect_type_.size();
            if (!logged_effect_type_[type]) {
                logged_effect_type_[type] = true;
                LOG_WARNING("audio",
                            "audio renderer: the {} effect (type {}) is not built; its signal "
                            "passes through unchanged and its state stays New",
                            EffectName(effect.type), static_cast<u32>(effect.type));
            }
            continue;
        }
        const u32 start = Elapsed();
        ApplyEffect(effect, state_.mixes[mix_id], mix_buffers_, state_.config.sample_count, memory);
        AddDetail(DetailOf(effect.type), entry_type, state_.mixes[mix_id].node_id, start);
    }
}

void Renderer::SendMixOn(u32 mix_id) {
    const Mix& mix = state_.mixes[mix_id];
    const u32 count = state_.config.sample_count;
    for (u32 i = 0; i < mix.buffer_count; ++i) {
        const std::span<const float> samples(mix_buffers_.data() + (mix.buffer_offset + i) * count,
                                             count);
        if (mix.destination_splitter_id != kUnusedSplitterId) {
            ForEachSplitterDestination(mix.destination_splitter_id, i, mix.buffer_count,
                                       [&](const SplitterDestination& destination) {
                                           SendToMix(destination.mix_id, samples,
                                                     destination.volumes.data(),
                                                     destination.volumes.data(), mix.volume);
                                       });
        } else if (mix.destination_mix_id != kUnusedMixId) {
            SendToMix(mix.destination_mix_id, samples, mix.volumes[i].data(), mix.volumes[i].data(),
                      mix.volume);
        }
    }
}

std::vector<s16> Renderer::RunSinks(SampleMemory& memory) {
    const u32 count = state_.config.sample_count;
    std::vector<float> stereo(std::size_t{count} * 2, 0.0f);
    for (Sink& sink : state_.sinks) {
        if (!sink.in_use) {
            continue;
        }
        const u32 start = Elapsed();
        if (sink.type == SinkType::Device) {
            MixDeviceSink(sink, mix_buffers_, count, stereo);
        } else if (sink.type == SinkType::CircularBuffer) {
            WriteCircularBufferSink(sink, mix_buffers_, count, memory);
        }
        AddEntry(PerformanceEntryType::Sink, sink.node_id, start);
    }
    std::vector<s16> output(std::size_t{kOutputFramesPerFrame} * 2);
    if (state_.config.sample_rate == kOutputRate && count == kOutputFramesPerFrame) {
        std::transform(stereo.begin(), stereo.end(), output.begin(), ToPcm16);
        return output;
    }
    // Another rate: each side interpolated to 48 kHz.
    const u64 step = ResampleStep(state_.config.sample_rate, 1.0f, kOutputRate);
    const u32 needed = ResampleInputCount(output_fraction_, step, kOutputFramesPerFrame);
    std::vector<float> side(needed), resampled(kOutputFramesPerFrame);
    for (u32 c = 0; c < 2; ++c) {
        for (u32 i = 0; i < needed; ++i) {
            side[i] = i < count ? stereo[i * 2 + c] : 0.0f;
        }
        Resample(side, resampled, step, output_fraction_, output_history_[c]);
        for (u32 i = 0; i < kOutputFramesPerFrame; ++i) {
            output[i * 2 + c] = ToPcm16(resampled[i]);
        }
    }
    output_fraction_ = ResampleFractionAfter(output_fraction_, step, kOutputFramesPerFrame);
    return output;
}

u32 Renderer::Elapsed() const {
    return static_cast<u32>(std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - frame_start_)
                                .count());
}

void Renderer::AddEntry(PerformanceEntryType type, u32 node_id, u32 start_us) {
    performance_.entries.push_back({node_id, start_us, Elapsed() - start_us, type});
}

void Renderer::AddDetail(PerformanceDetailType type, PerformanceEntryType entry_type, u32 node_id,
                         u32 start_us) {
    if (node_id != state_.performance_target_node ||
        performance_.details.size() >= kMaxPerformanceDetails) {
        return;
    }
    performance_.details.push_back(
        {node_id, start_us, Elapsed() - start_us, type, static_cast<u8>(entry_type)});
}

std::vector<s16> Renderer::RenderFrame(SampleMemory& memory) {
    frame_start_ = std::chrono::steady_clock::now();
    performance_.entries.clear();
    performance_.details.clear();
    performance_.voice_drops = 0;
    std::fill(mix_buffers_.begin(), mix_buffers_.end(), 0.0f);
    AssignMixBuffers();
    RenderVoices(memory);
    // The volumes each ramp ended at are where the next frame's begin.
    for (VoiceChannelResource& resource : state_.channel_resources) {
        resource.previous_mix_volumes = resource.mix_volumes;
        resource.started = resource.in_use;
    }
    for (SplitterDestination& destination : state_.splitter_destinations) {
        destination.previous_volumes = destination.volumes;
        destination.started = destination.in_use;
    }
    for (u32 id : MixOrder()) {
        const u32 start = Elapsed();
        RunEffects(id, PerformanceEntryType::SubMix, memory);
        SendMixOn(id);
        AddEntry(PerformanceEntryType::SubMix, state_.mixes[id].node_id, start);
    }
    Mix& final_mix = state_.mixes[kFinalMixId];
    if (final_mix.in_use) {
        const u32 start = Elapsed();
        RunEffects(kFinalMixId, PerformanceEntryType::FinalMix, memory);
        const u32 count = state_.config.sample_count;
        for (u32 i = 0; i < final_mix.buffer_count; ++i) {
            for (u32 s = 0; s < count; ++s) {
                mix_buffers_[(final_mix.buffer_offset + i) * count + s] *= final_mix.volume;
            }
        }
        AddEntry(PerformanceEntryType::FinalMix, final_mix.node_id, start);
    }
    std::vector<s16> output = RunSinks(memory);
    performance_.total_us = Elapsed();
    return output;
}

}  // namespace audio::renderer
