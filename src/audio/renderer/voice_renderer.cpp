#include "audio/renderer/voice_renderer.h"

#include <algorithm>
#include <cstring>

#include "audio/renderer/volume_ramp.h"

namespace audio::renderer {
namespace {

u32 BytesPerSample(SampleFormat format) {
    switch (format) {
        case SampleFormat::Pcm8:
            return 1;
        case SampleFormat::Pcm16:
            return 2;
        case SampleFormat::Pcm24:
            return 3;
        case SampleFormat::Pcm32:
        case SampleFormat::PcmFloat:
            return 4;
        default:
            return 0;
    }
}

// Samples a buffer of `size` bytes holds, whatever its end offset claims.
u64 SamplesInBuffer(const Voice& voice, u64 size) {
    if (voice.format == SampleFormat::Adpcm) {
        const u64 tail = size % kAdpcmFrameBytes;
        return size / kAdpcmFrameBytes * kAdpcmSamplesPerFrame + (tail > 1 ? (tail - 1) * 2 : 0);
    }
    const u32 frame = BytesPerSample(voice.format) * voice.channel_count;
    return frame == 0 ? 0 : size / frame;
}

struct PlayRange {
    u64 begin;
    u64 end;
};

PlayRange RangeOf(const Voice& voice, const WaveBuffer& buffer) {
    const u64 limit = SamplesInBuffer(voice, buffer.size);
    PlayRange range{buffer.start_offset, std::min<u64>(buffer.end_offset, limit)};
    if (voice.loops_done > 0 && (buffer.loop_start != 0 || buffer.loop_end != 0)) {
        range.begin = buffer.loop_start;
        if (buffer.loop_end != 0) {
            range.end = std::min<u64>(buffer.loop_end, limit);
        }
    }
    return range;
}

// Decodes `count` samples from `position` of `buffer` into each channel's input at `at`.
void Decode(Voice& voice, const WaveBuffer& buffer, u64 position, u32 count, SampleMemory& memory,
            std::span<std::vector<float>> inputs, u32 at) {
    if (voice.format == SampleFormat::Adpcm) {
        const u64 first_frame = position / kAdpcmSamplesPerFrame;
        const u64 end_byte = std::min<u64>(
            buffer.size, ((position + count - 1) / kAdpcmSamplesPerFrame + 1) * kAdpcmFrameBytes);
        std::vector<u8> bytes(end_byte - first_frame * kAdpcmFrameBytes);
        std::vector<s16> decoded(count, 0);
        if (memory.Read(buffer.address + first_frame * kAdpcmFrameBytes, bytes)) {
            DecodeAdpcm(bytes, position - first_frame * kAdpcmSamplesPerFrame, decoded,
                        voice.adpcm_coefficients, voice.adpcm_context);
        }
        for (u32 i = 0; i < count; ++i) {
            inputs[0][at + i] = decoded[i];
        }
        return;
    }
    const u32 width = BytesPerSample(voice.format);
    const u32 channels = voice.channel_count;
    std::vector<u8> bytes(std::size_t{count} * channels * width);
    if (!memory.Read(buffer.address + position * channels * width, bytes)) {
        return;  // silence
    }
    for (u32 i = 0; i < count; ++i) {
        for (u32 c = 0; c < channels; ++c) {
            const u8* sample = bytes.data() + (std::size_t{i} * channels + c) * width;
            float value = 0;
            if (voice.format == SampleFormat::Pcm8) {
                value = static_cast<float>(static_cast<s8>(sample[0]) * 256);
            } else if (voice.format == SampleFormat::Pcm16) {
                s16 pcm;
                std::memcpy(&pcm, sample, sizeof(pcm));
                value = pcm;
            } else if (voice.format == SampleFormat::Pcm24) {
                // Three bytes, little-endian, two's complement; 1/256 to the PCM16 scale.
                const u32 raw = u32{sample[0]} << 8 | u32{sample[1]} << 16 | u32{sample[2]} << 24;
                value = static_cast<float>(static_cast<s32>(raw)) / 65536.0f;
            } else if (voice.format == SampleFormat::Pcm32) {
                s32 pcm;
                std::memcpy(&pcm, sample, sizeof(pcm));
                value = static_cast<float>(pcm) / 65536.0f;
            } else {
                float pcm;
                std::memcpy(&pcm, sample, sizeof(pcm));
                value = pcm * 32768.0f;
            }
            inputs[c][at + i] = value;
        }
    }
}

// The buffer at the voice's slot is done: the next one plays.
void Consume(Voice& voice) {
    voice.wave_buffers[voice.wave_buffer_index].valid = false;
    ++voice.wave_buffers_consumed;
    voice.wave_buffer_index = (voice.wave_buffer_index + 1) % kWaveBuffersPerVoice;
    voice.offset = 0;
    voice.loops_done = 0;
}

bool LoopsAgain(const Voice& voice, const WaveBuffer& buffer) {
    return buffer.loop && (buffer.loop_count < 0 || voice.loops_done < buffer.loop_count);
}

void LoadLoopContext(Voice& voice, const WaveBuffer& buffer, SampleMemory& memory) {
    if (voice.format != SampleFormat::Adpcm || buffer.context_address == 0 ||
        buffer.context_size < 6) {
        return;
    }
    u8 bytes[6];
    if (memory.Read(buffer.context_address, bytes)) {
        std::memcpy(&voice.adpcm_context.header, bytes, 2);
        std::memcpy(&voice.adpcm_context.history0, bytes + 2, 2);
        std::memcpy(&voice.adpcm_context.history1, bytes + 4, 2);
    }
}

// Fills each channel's input with `needed` samples from the wave buffers (silence where they
// run out) and moves the voice past them.
void Gather(Voice& voice, SampleMemory& memory, u32 needed, std::span<std::vector<float>> inputs) {
    u32 got = 0;
    // Each pass takes samples or finishes a buffer; the bound only stops zero-length loops.
    for (u32 pass = 0; got < needed && pass < 4 * kWaveBuffersPerVoice + needed; ++pass) {
        WaveBuffer& buffer = voice.wave_buffers[voice.wave_buffer_index];
        if (!buffer.valid) {
            break;  // starved: the rest is silence
        }
        const PlayRange range = RangeOf(voice, buffer);
        const u64 position = range.begin + voice.offset;
        if (!buffer.in_pool || position >= range.end) {
            Consume(voice);  // nothing (more) to play in it
            continue;
        }
        const u32 take = static_cast<u32>(std::min<u64>(range.end - position, needed - got));
        Decode(voice, buffer, position, take, memory, inputs, got);
        got += take;
        voice.offset += take;
        voice.played_samples += take;
        if (range.begin + voice.offset < range.end) {
            continue;
        }
        if (LoopsAgain(voice, buffer) &&
            range.end > (buffer.loop_start != 0 ? buffer.loop_start : buffer.start_offset)) {
            ++voice.loops_done;
            voice.offset = 0;
            LoadLoopContext(voice, buffer, memory);
            continue;
        }
        const bool end_of_stream = buffer.end_of_stream;
        Consume(voice);
        if (end_of_stream) {
            break;
        }
    }
}

}  // namespace

bool IsVoiceFormatBuilt(SampleFormat format, u32 channel_count) {
    switch (format) {
        case SampleFormat::Pcm8:
        case SampleFormat::Pcm16:
        case SampleFormat::Pcm24:
        case SampleFormat::Pcm32:
        case SampleFormat::PcmFloat:
            return true;
        case SampleFormat::Adpcm:
            return channel_count == 1;
        default:
            return false;
    }
}

void ResetVoice(Voice& voice) {
    voice.wave_buffers = {};
    voice.wave_buffer_index = 0;
    voice.offset = 0;
    voice.loops_done = 0;
    voice.adpcm_context = {};
    voice.resample_fraction = 0;
    voice.resampler_history = {};
    voice.biquad_state = {};
    voice.previous_volume = 0.0f;
    voice.started = false;
    voice.played_samples = 0;
    voice.wave_buffers_consumed = 0;
    voice.voice_drops = 0;
}

void RenderVoice(Voice& voice, SampleMemory& memory, u32 target_rate,
                 std::span<std::vector<float>> out) {
    const u32 channels = std::min<u32>(voice.channel_count, kMaxVoiceChannels);
    if (channels == 0 || out.size() < channels) {
        return;
    }
    const u32 count = static_cast<u32>(out[0].size());
    const u64 step = ResampleStep(voice.sample_rate, voice.pitch, target_rate);
    const u32 needed = ResampleInputCount(voice.resample_fraction, step, count);
    std::vector<std::vector<float>> inputs(channels, std::vector<float>(needed, 0.0f));
    const bool decodable = IsVoiceFormatBuilt(voice.format, channels);
    if (decodable) {
        Gather(voice, memory, needed, inputs);
    }
    const float from = voice.started ? voice.previous_volume : voice.volume;
    for (u32 c = 0; c < channels; ++c) {
        Resample(inputs[c], out[c], step, voice.resample_fraction, voice.resampler_history[c]);
        for (u32 f = 0; f < voice.biquads.size(); ++f) {
            if (voice.biquads[f].enabled) {
                ApplyBiquad(out[c], voice.biquads[f].coefficients, voice.biquad_state[c][f]);
            }
        }
        ApplyVolumeRamp(out[c], from, voice.volume);
    }
    voice.resample_fraction = ResampleFractionAfter(voice.resample_fraction, step, count);
    voice.previous_volume = voice.volume;
    voice.started = true;
}

}  // namespace audio::renderer
