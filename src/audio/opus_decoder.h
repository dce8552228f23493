#pragma once

// Opus decoding as the console's hwopus service does it, over libopus: one stream or several
// (multistream), packets in the console's framing, interleaved s16 PCM out.
//
// The console's framing (switchbrew "Audio services", hwopus; Ryujinx's OpusPacketHeader): an
// 8-byte header of two big-endian u32s, the Opus packet's size and the encoder's final range,
// then the Opus packet itself.

#include <array>
#include <memory>
#include <span>

#include "base/result.h"
#include "base/types.h"

struct OpusDecoder;
struct OpusMSDecoder;

namespace audio {

// The codec module's results (module 111), as Ryujinx's CodecResult names them.
inline constexpr base::Result kOpusResultInvalidLength{111, 3};
inline constexpr base::Result kOpusResultBadArg{111, 130};
inline constexpr base::Result kOpusResultInvalidPacket{111, 133};
inline constexpr base::Result kOpusResultInvalidNumberOfStreams{111, 1000};
inline constexpr base::Result kOpusResultInvalidSampleRate{111, 1001};
inline constexpr base::Result kOpusResultInvalidChannelCount{111, 1002};

inline constexpr std::size_t kOpusPacketHeaderSize = 8;
// libopus's and the console's limit: a channel mapping has at most 255 entries.
inline constexpr std::size_t kOpusMaxChannels = 255;

// What OpenHardwareOpusDecoderForMultiStream carries (Ryujinx's
// HardwareOpusMultiStreamDecoderParameterInternal): coupled streams are the stereo ones.
struct OpusMultiStreamLayout {
    s32 sample_rate = 0;
    s32 channel_count = 0;
    s32 stream_count = 0;
    s32 coupled_stream_count = 0;
    std::array<u8, kOpusMaxChannels> mapping{};
};

// The console's checks: sample rate one of 8000/12000/16000/24000/48000, one or two channels
// (1..255 for multistream), at least one stream, streams + coupled streams <= channels.
base::Result ValidateOpusParameters(s32 sample_rate, s32 channel_count);
base::Result ValidateOpusMultiStreamLayout(const OpusMultiStreamLayout& layout);

struct OpusDecodeResult {
    base::Result result;
    u32 consumed_bytes = 0;  // header and packet; 0 on failure
    u32 sample_count = 0;    // per channel
};

class OpusStreamDecoder {
public:
    // nullptr and the console's error in `result` for bad parameters.
    static std::unique_ptr<OpusStreamDecoder> Create(s32 sample_rate, s32 channel_count,
                                                     base::Result& result);
    static std::unique_ptr<OpusStreamDecoder> CreateMultiStream(const OpusMultiStreamLayout& layout,
                                                                base::Result& result);
    ~OpusStreamDecoder();

    OpusStreamDecoder(const OpusStreamDecoder&) = delete;
    OpusStreamDecoder& operator=(const OpusStreamDecoder&) = delete;

    s32 SampleRate() const { return sample_rate_; }
    s32 ChannelCount() const { return channel_count_; }

    // Decodes the first framed packet of `input` into `output` (interleaved, ChannelCount()
    // samples per frame); `reset` clears the decoder's state first.
    OpusDecodeResult DecodeInterleaved(std::span<const u8> input, std::span<s16> output,
                                       bool reset);
    void Reset();

private:
    OpusStreamDecoder(s32 sample_rate, s32 channel_count)
        : sample_rate_(sample_rate), channel_count_(channel_count) {}

    s32 sample_rate_;
    s32 channel_count_;
    ::OpusDecoder* single_ = nullptr;
    ::OpusMSDecoder* multi_ = nullptr;
};

}  // namespace audio
