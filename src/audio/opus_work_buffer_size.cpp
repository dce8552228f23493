#include "audio/opus_work_buffer_size.h"

namespace audio {
namespace {

constexpr u32 AlignUp(u32 value, u32 alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

// The console's libopus: the OpusDecoder allocation, SILK's and CELT's states.
constexpr u32 DecoderAllocationSize(u32 channels) {
    return channels * 0x800 + 0x4800;
}

constexpr u32 CeltDecoderSize(u32 channels) {
    constexpr u32 kDecodeBufferSize = 0x2030, kOverlap = 120, kBandCount = 21;
    return (kDecodeBufferSize + kOverlap * 4) * channels + kBandCount * 16 + 0x54;
}

constexpr u32 DecoderSize(u32 channels) {
    constexpr u32 kSilkDecoderSize = 0x2160;
    return (DecoderAllocationSize(channels) | 0x50) + kSilkDecoderSize + CeltDecoderSize(channels);
}

constexpr u32 MultiStreamDecoderSize(u32 streams, u32 coupled) {
    const u32 mono = AlignUp(DecoderSize(1) - DecoderAllocationSize(1), 4);
    const u32 stereo = AlignUp(DecoderSize(2) - DecoderAllocationSize(2), 4);
    return mono * (streams - coupled) + stereo * coupled + 0xb920;
}

// One frame of s16 PCM for every channel at the decoder's rate.
constexpr u32 FrameBufferSize(s32 sample_rate, s32 channels, bool large_frames) {
    const u32 samples_at_48k = large_frames ? 5760 : 1920;
    return AlignUp(u32(channels) * samples_at_48k / (48000 / u32(sample_rate)), 64);
}

}  // namespace

base::Result OpusWorkBufferSize(s32 sample_rate, s32 channel_count, bool large_frames, u32& size) {
    size = 0;
    const base::Result valid = ValidateOpusParameters(sample_rate, channel_count);
    if (valid.IsFailure()) {
        return valid;
    }
    constexpr u32 kPacketBufferSize = 1536;
    size = DecoderSize(u32(channel_count)) + kPacketBufferSize +
           FrameBufferSize(sample_rate, channel_count, large_frames);
    return base::ResultSuccess;
}

base::Result OpusMultiStreamWorkBufferSize(const OpusMultiStreamLayout& layout, bool large_frames,
                                           u32& size) {
    size = 0;
    const base::Result valid = ValidateOpusMultiStreamLayout(layout);
    if (valid.IsFailure()) {
        return valid;
    }
    // 1500 bytes of packet buffer a stream.
    size = MultiStreamDecoderSize(u32(layout.stream_count), u32(layout.coupled_stream_count)) +
           AlignUp(u32(layout.stream_count) * 1500, 64) +
           FrameBufferSize(layout.sample_rate, layout.channel_count, large_frames);
    return base::ResultSuccess;
}

}  // namespace audio
