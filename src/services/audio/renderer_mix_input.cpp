#include <algorithm>

#include "base/log.h"
#include "services/audio/renderer_input.h"
#include "services/audio/renderer_update.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

constexpr u32 kEffectHeaderSize = 0x20;
constexpr u32 kSinkHeaderSize = 0x20;
// Splitter section: a header, the splitters (each followed by its destination ids), the
// destinations; each record opens with a magic (yuzu's splitter_context.cpp).
constexpr u32 kSplitterHeaderSize = 0x20;
constexpr u32 kSplitterInfoSize = 0x10;
constexpr u32 kSplitterDestinationSize = 0x70;
constexpr u32 Magic(const char (&text)[5]) {
    return u32(u8(text[0])) | u32(u8(text[1])) << 8 | u32(u8(text[2])) << 16 |
           u32(u8(text[3])) << 24;
}

void SplitterLayoutUnknown(InputContext& context, const char* what, std::size_t at) {
    if (!context.log.splitter_layout) {
        context.log.splitter_layout = true;
        LOG_WARNING("audio",
                    "audio renderer: splitter section: no {} record at {:#x} (REV{} layout not "
                    "recognised); the splitters after it keep their last state (logged once)",
                    what, at, RevisionNumber(context.parameters.revision));
    }
}

}  // namespace

void ApplyEffectInput(InputContext& context, std::span<const u8> effects) {
    auto& state = context.state;
    for (std::size_t i = 0; i < state.effects.size() && (i + 1) * kEffectInSize <= effects.size();
         ++i) {
        const auto in = effects.subspan(i * kEffectInSize, kEffectInSize);
        dsp::Effect& effect = state.effects[i];
        const auto type = static_cast<dsp::EffectType>(ReadAt<u8>(in, 0));
        const bool is_new = ReadAt<u8>(in, 1) != 0;
        if (is_new || type != effect.type) {
            effect = {};
            effect.usage = type == dsp::EffectType::Invalid ? dsp::EffectUsage::Invalid
                                                            : dsp::EffectUsage::New;
        }
        effect.type = type;
        effect.enabled = ReadAt<u8>(in, 2) != 0;
        effect.mix_id = ReadAt<u32>(in, 4);
        effect.processing_order = ReadAt<s32>(in, 0x18);
        std::copy_n(in.begin() + kEffectHeaderSize, dsp::kEffectParameterSize,
                    effect.parameters.begin());
    }
}

void ApplySplitterInput(InputContext& context, std::span<const u8> splitters) {
    auto& state = context.state;
    if (splitters.size() < kSplitterHeaderSize) {
        return;
    }
    if (ReadAt<u32>(splitters, 0) != Magic("SNDH")) {
        SplitterLayoutUnknown(context, "SNDH", 0);
        return;
    }
    const u32 info_count = ReadAt<u32>(splitters, 4);
    const u32 destination_count = ReadAt<u32>(splitters, 8);
    std::size_t at = kSplitterHeaderSize;
    for (u32 n = 0; n < info_count; ++n) {
        if (ReadAt<u32>(splitters, at) != Magic("SNDI")) {
            SplitterLayoutUnknown(context, "SNDI", at);
            return;
        }
        const u32 id = ReadAt<u32>(splitters, at + 4);
        const u32 count = ReadAt<u32>(splitters, at + 0xC);
        if (count > state.splitter_destinations.size()) {
            SplitterLayoutUnknown(context, "SNDI", at);
            return;
        }
        if (id < state.splitters.size()) {
            dsp::Splitter& splitter = state.splitters[id];
            splitter.in_use = true;
            splitter.sample_rate = ReadAt<u32>(splitters, at + 8);
            splitter.destination_ids.resize(count);
            for (u32 d = 0; d < count; ++d) {
                splitter.destination_ids[d] =
                    ReadAt<u32>(splitters, at + kSplitterInfoSize + d * 4);
            }
        }
        at += kSplitterInfoSize + count * 4;
    }
    for (u32 n = 0; n < destination_count; ++n) {
        if (ReadAt<u32>(splitters, at) != Magic("SNDD")) {
            SplitterLayoutUnknown(context, "SNDD", at);
            return;
        }
        const u32 id = ReadAt<u32>(splitters, at + 4);
        if (id < state.splitter_destinations.size()) {
            dsp::SplitterDestination& destination = state.splitter_destinations[id];
            const bool in_use = ReadAt<u8>(splitters, at + 0x6C) != 0;
            if (in_use && !destination.in_use) {
                destination.started = false;
            }
            destination.in_use = in_use;
            destination.mix_id = ReadAt<u32>(splitters, at + 0x68);
            for (u32 j = 0; j < dsp::kMaxMixBuffers; ++j) {
                destination.volumes[j] = ReadAt<float>(splitters, at + 8 + j * 4);
            }
        }
        at += kSplitterDestinationSize;
    }
}

void ApplyMixInput(InputContext& context, std::span<const u8> mixes) {
    auto& state = context.state;
    u32 count = static_cast<u32>(mixes.size() / kMixInSize);
    std::size_t at = 0;
    if (RendererFeatures(context.parameters.revision).MixInParameterDirtyOnlyUpdate()) {
        // Revision 7+: a header with the count of the (changed) mixes that follow.
        count = ReadAt<u32>(mixes, 4);
        at = kMixDirtyHeaderSize;
    }
    for (u32 n = 0; n < count && at + kMixInSize <= mixes.size(); ++n, at += kMixInSize) {
        const auto in = mixes.subspan(at, kMixInSize);
        const u32 id = ReadAt<u32>(in, 0x10);
        if (id >= state.mixes.size()) {
            LOG_WARNING("audio", "audio renderer: mix id {} of {} mixes; record skipped", id,
                        state.mixes.size());
            continue;
        }
        dsp::Mix& mix = state.mixes[id];
        mix.in_use = ReadAt<u8>(in, 0x0C) != 0;
        mix.node_id = ReadAt<u32>(in, 0x18);  // Ryujinx Parameter/MixParameter.cs
        mix.volume = ReadAt<float>(in, 0x00);
        mix.sample_rate = ReadAt<u32>(in, 0x04);
        mix.buffer_count = std::min<u32>(ReadAt<u32>(in, 0x08), dsp::kMaxMixBuffers);
        std::memcpy(mix.volumes.data(), in.data() + 0x24, sizeof(mix.volumes));
        mix.destination_mix_id = ReadAt<u32>(in, 0x924);
        mix.destination_splitter_id = ReadAt<u32>(in, 0x928);
    }
}

void ApplySinkInput(InputContext& context, std::span<const u8> sinks) {
    auto& state = context.state;
    for (std::size_t i = 0; i < state.sinks.size() && (i + 1) * kSinkInSize <= sinks.size(); ++i) {
        const auto in = sinks.subspan(i * kSinkInSize, kSinkInSize);
        const auto body = in.subspan(kSinkHeaderSize);
        dsp::Sink& sink = state.sinks[i];
        const auto type = static_cast<dsp::SinkType>(ReadAt<u8>(in, 0));
        const bool in_use = ReadAt<u8>(in, 1) != 0;
        const bool fresh = type != sink.type || !sink.in_use;
        if (fresh) {
            sink = {};
        }
        sink.type = type;
        sink.in_use = in_use;
        sink.node_id = ReadAt<u32>(in, 4);  // Ryujinx Parameter/SinkInParameter.cs
        if (type == dsp::SinkType::Device) {
            sink.input_count = std::min<u32>(ReadAt<u32>(body, 0x100), dsp::kMaxVoiceChannels);
            std::copy_n(body.begin() + 0x104, dsp::kMaxVoiceChannels, sink.inputs.begin());
            sink.downmix_given = ReadAt<u8>(body, 0x10B) != 0;
            for (u32 k = 0; k < 4; ++k) {
                sink.downmix[k] = ReadAt<float>(body, 0x10C + k * 4);
            }
        } else if (type == dsp::SinkType::CircularBuffer) {
            sink.address = ReadAt<u64>(body, 0x00);
            sink.size = ReadAt<u32>(body, 0x08);
            sink.input_count = std::min<u32>(ReadAt<u32>(body, 0x0C), dsp::kMaxVoiceChannels);
            sink.sample_count = ReadAt<u32>(body, 0x10);
            std::copy_n(body.begin() + 0x1C, dsp::kMaxVoiceChannels, sink.inputs.begin());
            const u32 format = ReadAt<u32>(body, 0x18);
            if (fresh && format != static_cast<u32>(dsp::SampleFormat::Pcm16)) {
                LOG_WARNING("audio",
                            "audio renderer: circular buffer sink in format {}: only PCM16 is "
                            "built; it is written as PCM16",
                            format);
            }
        }
    }
}

}  // namespace services::audio
