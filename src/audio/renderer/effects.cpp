#include "audio/renderer/effects.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "audio/renderer/compressor_effect.h"
#include "audio/renderer/delay_effect.h"
#include "audio/renderer/i3dl2_reverb_effect.h"
#include "audio/renderer/limiter_effect.h"
#include "audio/renderer/reverb_effect.h"

namespace audio::renderer {
namespace {

template <typename T>
T ParameterAt(const Effect& effect, std::size_t offset) {
    T value{};
    std::memcpy(&value, effect.parameters.data() + offset, sizeof(T));
    return value;
}

struct AuxParameters {
    u32 channel_count;
    u32 count_max;
    u64 send_info;
    u64 send_buffer;
    u64 return_info;
    u64 return_buffer;
};

AuxParameters ReadAux(const Effect& effect) {
    return AuxParameters{std::min<u32>(ParameterAt<u32>(effect, 0x30), kMaxMixBuffers),
                         ParameterAt<u32>(effect, 0x38),
                         ParameterAt<u64>(effect, 0x40),
                         ParameterAt<u64>(effect, 0x48),
                         ParameterAt<u64>(effect, 0x50),
                         ParameterAt<u64>(effect, 0x58)};
}

std::span<float> BufferOf(const Mix& mix, std::span<float> buffers, u32 sample_count, s8 index) {
    if (index < 0 || static_cast<u32>(index) >= mix.buffer_count) {
        return {};
    }
    return buffers.subspan((mix.buffer_offset + index) * sample_count, sample_count);
}

s32 ToMixSample(float value) {
    return static_cast<s32>(std::clamp(std::lround(value), -2147483647l, 2147483647l));
}

// Copies `samples` into the circular buffer of `count_max` s32 from `offset` on.
void WriteCircular(SampleMemory& memory, u64 buffer, u32 count_max, u32 offset,
                   std::span<const float> samples) {
    std::vector<s32> converted(samples.size());
    std::transform(samples.begin(), samples.end(), converted.begin(), ToMixSample);
    u32 done = 0;
    while (done < converted.size()) {
        const u32 at = (offset + done) % count_max;
        const u32 run = std::min<u32>(count_max - at, static_cast<u32>(converted.size()) - done);
        memory.Write(buffer + u64{at} * 4,
                     {reinterpret_cast<const u8*>(converted.data() + done), std::size_t{run} * 4});
        done += run;
    }
}

void ReadCircular(SampleMemory& memory, u64 buffer, u32 count_max, u32 offset,
                  std::span<float> samples) {
    std::vector<s32> read(samples.size(), 0);
    u32 done = 0;
    while (done < read.size()) {
        const u32 at = (offset + done) % count_max;
        const u32 run = std::min<u32>(count_max - at, static_cast<u32>(read.size()) - done);
        if (!memory.Read(buffer + u64{at} * 4,
                         {reinterpret_cast<u8*>(read.data() + done), std::size_t{run} * 4})) {
            std::fill(read.begin() + done, read.begin() + done + run, 0);
        }
        done += run;
    }
    std::transform(read.begin(), read.end(), samples.begin(),
                   [](s32 value) { return static_cast<float>(value); });
}

void ApplyAux(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count,
              SampleMemory& memory) {
    const AuxParameters aux = ReadAux(effect);
    const u32 channels = aux.channel_count;
    if (!effect.enabled) {
        // Disabled: the offsets start again, the signal passes from input to output.
        const u32 zero[2] = {0, 0};
        memory.Write(aux.send_info, {reinterpret_cast<const u8*>(zero), sizeof(zero)});
        memory.Write(aux.return_info, {reinterpret_cast<const u8*>(zero), sizeof(zero)});
        for (u32 c = 0; c < channels; ++c) {
            const auto in = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, c));
            const auto out =
                BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, 0x18 + c));
            if (!in.empty() && !out.empty() && in.data() != out.data()) {
                std::copy(in.begin(), in.end(), out.begin());
            }
        }
        return;
    }
    if (channels == 0 || sample_count == 0 || aux.count_max < sample_count * channels ||
        aux.send_buffer == 0 || aux.return_buffer == 0) {
        return;
    }
    u32 offsets[2] = {0, 0};  // read, write
    u32 send_write = 0, return_read = 0;
    if (memory.Read(aux.send_info, {reinterpret_cast<u8*>(offsets), sizeof(offsets)})) {
        send_write = offsets[1] % aux.count_max;
    }
    if (memory.Read(aux.return_info, {reinterpret_cast<u8*>(offsets), sizeof(offsets)})) {
        return_read = offsets[0] % aux.count_max;
    }
    for (u32 c = 0; c < channels; ++c) {
        const auto in = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, c));
        const auto out = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, 0x18 + c));
        if (!in.empty()) {
            WriteCircular(memory, aux.send_buffer, aux.count_max, send_write + c * sample_count,
                          in);
        }
        if (!out.empty()) {
            ReadCircular(memory, aux.return_buffer, aux.count_max, return_read + c * sample_count,
                         out);
        }
    }
    const u32 moved = channels * sample_count;
    const u32 send_offset = (send_write + moved) % aux.count_max;
    const u32 return_offset = (return_read + moved) % aux.count_max;
    memory.Write(aux.send_info + 4, {reinterpret_cast<const u8*>(&send_offset), 4});
    memory.Write(aux.return_info, {reinterpret_cast<const u8*>(&return_offset), 4});
}

void ApplyBiquadEffect(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    BiquadCoefficients coefficients;
    for (u32 i = 0; i < 3; ++i) {
        coefficients.numerator[i] = ParameterAt<s16>(effect, 0xC + i * 2);
    }
    for (u32 i = 0; i < 2; ++i) {
        coefficients.denominator[i] = ParameterAt<s16>(effect, 0x12 + i * 2);
    }
    const u32 channels = std::min<u32>(ParameterAt<u8>(effect, 0x16), kMaxVoiceChannels);
    for (u32 c = 0; c < channels; ++c) {
        const auto in = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, c));
        const auto out = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, 6 + c));
        if (in.empty() || out.empty()) {
            continue;
        }
        if (in.data() != out.data()) {
            std::copy(in.begin(), in.end(), out.begin());
        }
        if (effect.enabled) {
            ApplyBiquad(out, coefficients, effect.biquad_state[c]);
        }
    }
}

// The channels of a delay, limiter or compressor effect, as mix buffer pointers; false when the
// count is not one the console processes or a buffer index lies outside the mix.
bool ChannelBuffers(const Mix& mix, std::span<float> buffers, u32 sample_count, u32 channels,
                    std::span<const s8> inputs, std::span<const s8> outputs,
                    std::array<const float*, kMaxEffectChannels>& in,
                    std::array<float*, kMaxEffectChannels>& out) {
    if (!IsEffectChannelCountValid(channels)) {
        return false;
    }
    for (u32 c = 0; c < channels; ++c) {
        const auto input = BufferOf(mix, buffers, sample_count, inputs[c]);
        const auto output = BufferOf(mix, buffers, sample_count, outputs[c]);
        if (input.empty() || output.empty()) {
            return false;
        }
        in[c] = input.data();
        out[c] = output.data();
    }
    return true;
}

// A disabled effect (or one the DSP cannot run) copies each input to its output.
void PassThrough(const Mix& mix, std::span<float> buffers, u32 sample_count, u32 channels,
                 std::span<const s8> inputs, std::span<const s8> outputs) {
    for (u32 c = 0; c < std::min(channels, kMaxEffectChannels); ++c) {
        const auto in = BufferOf(mix, buffers, sample_count, inputs[c]);
        const auto out = BufferOf(mix, buffers, sample_count, outputs[c]);
        if (!in.empty() && !out.empty() && in.data() != out.data()) {
            std::copy(in.begin(), in.end(), out.begin());
        }
    }
}

void ApplyDelay(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    const DelayParameters p = ReadDelayParameters(effect.parameters);
    std::array<const float*, kMaxEffectChannels> in{};
    std::array<float*, kMaxEffectChannels> out{};
    if (effect.enabled &&
        ChannelBuffers(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs, in, out)) {
        ProcessDelay(p, effect.delay, std::span(in).first(p.channel_count),
                     std::span(out).first(p.channel_count), sample_count);
    } else {
        PassThrough(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs);
    }
}

void ApplyLimiter(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    const LimiterParameters p = ReadLimiterParameters(effect.parameters);
    std::array<const float*, kMaxEffectChannels> in{};
    std::array<float*, kMaxEffectChannels> out{};
    if (effect.enabled &&
        ChannelBuffers(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs, in, out)) {
        ProcessLimiter(p, effect.limiter, std::span(in).first(p.channel_count),
                       std::span(out).first(p.channel_count), sample_count);
    } else {
        PassThrough(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs);
    }
}

void ApplyCompressor(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    const CompressorParameters p = ReadCompressorParameters(effect.parameters);
    std::array<const float*, kMaxEffectChannels> in{};
    std::array<float*, kMaxEffectChannels> out{};
    if (effect.enabled &&
        ChannelBuffers(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs, in, out)) {
        ProcessCompressor(p, effect.compressor, std::span(in).first(p.channel_count),
                          std::span(out).first(p.channel_count), sample_count);
    } else {
        PassThrough(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs);
    }
}

void ApplyReverb(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    const ReverbParameters p = ReadReverbParameters(effect.parameters);
    std::array<const float*, kMaxEffectChannels> in{};
    std::array<float*, kMaxEffectChannels> out{};
    if (effect.enabled && AreReverbParametersValid(p) &&
        ChannelBuffers(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs, in, out)) {
        ProcessReverb(p, effect.reverb, std::span(in).first(p.channel_count),
                      std::span(out).first(p.channel_count), sample_count);
    } else {
        PassThrough(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs);
    }
}

void ApplyI3dl2Reverb(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    const I3dl2ReverbParameters p = ReadI3dl2ReverbParameters(effect.parameters);
    std::array<const float*, kMaxEffectChannels> in{};
    std::array<float*, kMaxEffectChannels> out{};
    if (effect.enabled && AreI3dl2ReverbParametersValid(p) &&
        ChannelBuffers(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs, in, out)) {
        ProcessI3dl2Reverb(p, effect.i3dl2_reverb, std::span(in).first(p.channel_count),
                           std::span(out).first(p.channel_count), sample_count);
    } else {
        PassThrough(mix, buffers, sample_count, p.channel_count, p.inputs, p.outputs);
    }
}

// Buffer mixer (Ryujinx Parameter/Effect/BufferMixerParameter.cs: inputs[24] s8, outputs[24]
// s8 @0x18, volumes f32[24] @0x30, count u32 @0x90): enabled, each pair i < count adds its
// input at its volume into its output, one pair after another (a zero volume adds nothing);
// disabled, nothing changes.
void ApplyBufferMixer(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count) {
    if (!effect.enabled) {
        return;
    }
    const u32 count = std::min<u32>(ParameterAt<u32>(effect, 0x90), kMaxMixBuffers);
    for (u32 i = 0; i < count; ++i) {
        const float volume = ParameterAt<float>(effect, 0x30 + i * 4);
        const auto in = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, i));
        const auto out = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, 0x18 + i));
        if (volume == 0.0f || !std::isfinite(volume) || in.empty() || out.empty()) {
            continue;
        }
        for (u32 s = 0; s < sample_count; ++s) {
            out[s] += in[s] * volume;
        }
    }
}

// Capture: the aux effect's send half only (the same parameter layout; Ryujinx
// CaptureBufferEffect.cs reads AuxiliaryBufferParameter): each input channel's block into
// the send buffer, the write offset moved past them; the mix itself is left as it was.
// Disabled, the offsets start again.
void ApplyCapture(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count,
                  SampleMemory& memory) {
    const AuxParameters aux = ReadAux(effect);
    if (!effect.enabled) {
        const u32 zero[2] = {0, 0};
        memory.Write(aux.send_info, {reinterpret_cast<const u8*>(zero), sizeof(zero)});
        return;
    }
    const u32 channels = aux.channel_count;
    if (channels == 0 || sample_count == 0 || aux.count_max < sample_count * channels ||
        aux.send_buffer == 0) {
        return;
    }
    u32 offsets[2] = {0, 0};  // read, write
    u32 write = 0;
    if (memory.Read(aux.send_info, {reinterpret_cast<u8*>(offsets), sizeof(offsets)})) {
        write = offsets[1] % aux.count_max;
    }
    for (u32 c = 0; c < channels; ++c) {
        const auto in = BufferOf(mix, buffers, sample_count, ParameterAt<s8>(effect, c));
        if (!in.empty()) {
            WriteCircular(memory, aux.send_buffer, aux.count_max, write + c * sample_count, in);
        }
    }
    const u32 moved = (write + channels * sample_count) % aux.count_max;
    memory.Write(aux.send_info + 4, {reinterpret_cast<const u8*>(&moved), 4});
}

}  // namespace

bool IsEffectBuilt(EffectType type) {
    switch (type) {
        case EffectType::Aux:
        case EffectType::BufferMixer:
        case EffectType::BiquadFilter:
        case EffectType::Delay:
        case EffectType::Reverb:
        case EffectType::I3dl2Reverb:
        case EffectType::Limiter:
        case EffectType::Capture:
        case EffectType::Compressor:
            return true;
        default:
            return false;
    }
}

void ApplyEffect(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count,
                 SampleMemory& memory) {
    switch (effect.type) {
        case EffectType::Aux:
            ApplyAux(effect, mix, buffers, sample_count, memory);
            break;
        case EffectType::BufferMixer:
            ApplyBufferMixer(effect, mix, buffers, sample_count);
            break;
        case EffectType::BiquadFilter:
            ApplyBiquadEffect(effect, mix, buffers, sample_count);
            break;
        case EffectType::Delay:
            ApplyDelay(effect, mix, buffers, sample_count);
            break;
        case EffectType::Reverb:
            ApplyReverb(effect, mix, buffers, sample_count);
            break;
        case EffectType::I3dl2Reverb:
            ApplyI3dl2Reverb(effect, mix, buffers, sample_count);
            break;
        case EffectType::Limiter:
            ApplyLimiter(effect, mix, buffers, sample_count);
            break;
        case EffectType::Capture:
            ApplyCapture(effect, mix, buffers, sample_count, memory);
            break;
        case EffectType::Compressor:
            ApplyCompressor(effect, mix, buffers, sample_count);
            break;
        default:
            return;  // passes through; its usage stays as the update left it
    }
    effect.usage = effect.enabled ? EffectUsage::Enabled : EffectUsage::Disabled;
}

EffectOutState EffectStatusOf(const Effect& effect, bool renderer_active) {
    if (renderer_active) {
        return effect.usage == EffectUsage::Disabled ? EffectOutState::Disabled
                                                     : EffectOutState::Enabled;
    }
    return effect.usage == EffectUsage::New ? EffectOutState::Enabled : EffectOutState::Disabled;
}

}  // namespace audio::renderer
