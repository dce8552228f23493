#include "audio/renderer/sinks.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace audio::renderer {
namespace {

constexpr std::array<float, 4> kDefaultDownmix = {1.0f, 0.707f, 0.0f, 0.707f};

std::span<const float> Input(const Sink& sink, std::span<const float> buffers, u32 sample_count,
                             u32 channel) {
    const u64 first = u64{sink.inputs[channel]} * sample_count;
    if (first + sample_count > buffers.size()) {
        return {};
    }
    return buffers.subspan(first, sample_count);
}

}  // namespace

s16 ToPcm16(float sample) {
    return static_cast<s16>(std::clamp<long>(std::lround(sample), -32768, 32767));
}

void MixDeviceSink(const Sink& sink, std::span<const float> buffers, u32 sample_count,
                   std::span<float> stereo) {
    const u32 channels = std::min<u32>(sink.input_count, kMaxVoiceChannels);
    std::array<std::span<const float>, kMaxVoiceChannels> in{};
    for (u32 c = 0; c < channels; ++c) {
        in[c] = Input(sink, buffers, sample_count, c);
        if (in[c].empty()) {
            return;
        }
    }
    const auto& k = sink.downmix_given ? sink.downmix : kDefaultDownmix;
    for (u32 i = 0; i < sample_count; ++i) {
        float left = 0, right = 0;
        if (channels == 1) {
            left = right = in[0][i];
        } else if (channels >= 2 && channels < 6) {
            left = in[0][i];
            right = in[1][i];
        } else if (channels == 6) {
            const float shared = in[2][i] * k[1] + in[3][i] * k[2];
            left = in[0][i] * k[0] + shared + in[4][i] * k[3];
            right = in[1][i] * k[0] + shared + in[5][i] * k[3];
        }
        stereo[i * 2] += left;
        stereo[i * 2 + 1] += right;
    }
}

void WriteCircularBufferSink(Sink& sink, std::span<const float> buffers, u32 sample_count,
                             SampleMemory& memory) {
    const u32 block = sample_count * 2;
    if (sink.address == 0 || block == 0 || sink.size < block) {
        return;
    }
    std::vector<s16> pcm(sample_count);
    for (u32 c = 0; c < std::min<u32>(sink.input_count, kMaxVoiceChannels); ++c) {
        const auto in = Input(sink, buffers, sample_count, c);
        if (in.empty()) {
            continue;
        }
        std::transform(in.begin(), in.end(), pcm.begin(), ToPcm16);
        if (sink.position + block > sink.size) {
            sink.position = 0;
        }
        memory.Write(sink.address + sink.position,
                     {reinterpret_cast<const u8*>(pcm.data()), std::size_t{block}});
        sink.position = (sink.position + block) % sink.size;
    }
}

}  // namespace audio::renderer
