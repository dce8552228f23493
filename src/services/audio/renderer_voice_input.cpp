#include <algorithm>

#include "audio/renderer/voice_renderer.h"
#include "base/log.h"
#include "services/audio/audio_results.h"
#include "services/audio/renderer_input.h"
#include "services/audio/renderer_update.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

constexpr u32 kWaveBufferSize = 0x38;
constexpr u32 kAdpcmParameterSize = 0x20;  // 8 coefficient pairs
constexpr u32 kAdpcmContextSize = 6;       // predictor/scale, two history samples

bool Decodable(const dsp::Voice& voice) {
    return dsp::IsVoiceFormatBuilt(voice.format, voice.channel_count);
}

void ReadAdpcmParameters(InputContext& context, dsp::Voice& voice, u64 address, u64 size,
                         bool is_new) {
    std::array<u8, kAdpcmParameterSize + kAdpcmContextSize> bytes{};
    const std::size_t wanted = is_new && size >= bytes.size() ? bytes.size() : kAdpcmParameterSize;
    if (size < kAdpcmParameterSize ||
        !context.memory.Read(address, std::span(bytes).first(wanted))) {
        LOG_WARNING("audio",
                    "audio renderer: ADPCM voice's parameters ({:#x} bytes at {:#x}) unreadable "
                    "or outside its pools; it decodes with zero coefficients",
                    size, address);
        voice.adpcm_coefficients = {};
        return;
    }
    std::memcpy(voice.adpcm_coefficients.data(), bytes.data(), kAdpcmParameterSize);
    if (wanted == bytes.size()) {
        const std::span<const u8> state(bytes);
        voice.adpcm_context.header = ReadAt<u16>(state, kAdpcmParameterSize);
        voice.adpcm_context.history0 = ReadAt<s16>(state, kAdpcmParameterSize + 2);
        voice.adpcm_context.history1 = ReadAt<s16>(state, kAdpcmParameterSize + 4);
    }
}

void ApplyWaveBuffer(InputContext& context, dsp::WaveBuffer& buffer, std::span<const u8> in) {
    const RendererFeatures features(context.parameters.revision);
    buffer = {};
    buffer.valid = true;
    buffer.address = ReadAt<u64>(in, 0x00);
    buffer.size = ReadAt<u64>(in, 0x08);
    buffer.start_offset = static_cast<u32>(std::max(ReadAt<s32>(in, 0x10), 0));
    buffer.end_offset = static_cast<u32>(std::max(ReadAt<s32>(in, 0x14), 0));
    buffer.loop = ReadAt<u8>(in, 0x18) != 0;
    buffer.end_of_stream = ReadAt<u8>(in, 0x19) != 0;
    buffer.context_address = ReadAt<u64>(in, 0x20);
    buffer.context_size = ReadAt<u64>(in, 0x28);
    if (features.WaveBufferVersion2()) {
        buffer.loop_count = ReadAt<s32>(in, 0x1C);
        buffer.loop_start = ReadAt<u32>(in, 0x30);
        buffer.loop_end = ReadAt<u32>(in, 0x34);
        if (buffer.loop_count == 0) {
            buffer.loop_count = -1;  // the SDK sends 0 for a loop without a count
        }
    }
    buffer.in_pool = dsp::InAttachedPool(context.state, buffer.address, buffer.size);
    if (!buffer.in_pool) {
        context.errors.push_back({ResultInvalidAddressInfo, buffer.address});
        if (!context.log.pool_miss) {
            context.log.pool_miss = true;
            LOG_WARNING("audio",
                        "audio renderer: wave buffer of {:#x} bytes at {:#x} lies outside the "
                        "attached memory pools; it is consumed without playing and the update "
                        "reports 2153-0042 (logged once)",
                        buffer.size, buffer.address);
        }
    }
}

}  // namespace

u32 ApplyVoiceInput(InputContext& context, std::span<const u8> channel_resources,
                    std::span<const u8> voices) {
    dsp::RendererState& state = context.state;
    // Channel resources by their place in the section (as the console reads them); the
    // volumes of one not in use are left as they were.
    for (std::size_t i = 0; i < state.channel_resources.size() &&
                            (i + 1) * kVoiceResourceInSize <= channel_resources.size();
         ++i) {
        const auto in = channel_resources.subspan(i * kVoiceResourceInSize, kVoiceResourceInSize);
        dsp::VoiceChannelResource& resource = state.channel_resources[i];
        const bool in_use = ReadAt<u8>(in, 0x64) != 0;
        if (in_use && !resource.in_use) {
            resource.started = false;
        }
        resource.in_use = in_use;
        if (in_use) {
            std::memcpy(resource.mix_volumes.data(), in.data() + 4, sizeof(resource.mix_volumes));
        }
    }
    u32 in_use_count = 0;
    for (std::size_t at = 0; at + kVoiceInSize <= voices.size(); at += kVoiceInSize) {
        const auto in = voices.subspan(at, kVoiceInSize);
        const u32 id = ReadAt<u32>(in, 0);
        if (id >= state.voices.size()) {
            LOG_WARNING("audio", "audio renderer: voice id {} of {} voices; record skipped", id,
                        state.voices.size());
            continue;
        }
        dsp::Voice& voice = state.voices[id];
        const bool is_new = ReadAt<u8>(in, 0x08) != 0;
        if (is_new) {
            dsp::ResetVoice(voice);
        }
        voice.in_use = ReadAt<u8>(in, 0x09) != 0;
        if (!voice.in_use) {
            continue;
        }
        ++in_use_count;
        voice.node_id = ReadAt<u32>(in, 0x04);
        voice.play_state = static_cast<dsp::PlayState>(ReadAt<u8>(in, 0x0A));
        voice.format = static_cast<dsp::SampleFormat>(ReadAt<u8>(in, 0x0B));
        voice.sample_rate = ReadAt<u32>(in, 0x0C);
        voice.priority = ReadAt<u32>(in, 0x10);
        voice.sort_order = ReadAt<u32>(in, 0x14);
        voice.channel_count = std::min<u32>(ReadAt<u32>(in, 0x18), dsp::kMaxVoiceChannels);
        voice.pitch = ReadAt<float>(in, 0x1C);
        voice.volume = ReadAt<float>(in, 0x20);
        for (u32 f = 0; f < 2; ++f) {
            const std::size_t base = 0x24 + f * 0xC;
            dsp::BiquadParameters& biquad = voice.biquads[f];
            biquad.enabled = ReadAt<u8>(in, base) != 0;
            for (u32 k = 0; k < 3; ++k) {
                biquad.coefficients.numerator[k] = ReadAt<s16>(in, base + 2 + k * 2);
            }
            for (u32 k = 0; k < 2; ++k) {
                biquad.coefficients.denominator[k] = ReadAt<s16>(in, base + 8 + k * 2);
            }
        }
        voice.mix_id = ReadAt<u32>(in, 0x58);
        voice.splitter_id = ReadAt<u32>(in, 0x5C);
        for (u32 c = 0; c < dsp::kMaxVoiceChannels; ++c) {
            voice.channel_resource_ids[c] = ReadAt<u32>(in, 0x140 + c * 4);
        }
        if (voice.format == dsp::SampleFormat::Adpcm) {
            ReadAdpcmParameters(context, voice, ReadAt<u64>(in, 0x48), ReadAt<u64>(in, 0x50),
                                is_new);
        }
        for (u32 b = 0; b < dsp::kWaveBuffersPerVoice; ++b) {
            const auto buffer = in.subspan(0x60 + b * kWaveBufferSize, kWaveBufferSize);
            if (ReadAt<u8>(buffer, 0x1A) == 0) {  // not yet sent to the server: a new one
                ApplyWaveBuffer(context, voice.wave_buffers[b], buffer);
            }
        }
        if (!Decodable(voice) && !context.log.unsupported_format) {
            context.log.unsupported_format = true;
            LOG_WARNING(
                "audio",
                "audio renderer: voice format {} with {} channels is not built (PCM8, PCM16, "
                "PCM24, PCM32, PCM float and mono ADPCM are); it plays silence (logged once)",
                static_cast<u32>(voice.format), voice.channel_count);
        }
    }
    return in_use_count;
}

}  // namespace services::audio
