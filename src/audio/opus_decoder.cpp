#include "audio/opus_decoder.h"

#include <opus.h>
#include <opus_multistream.h>

#include "base/log.h"

namespace audio {
namespace {

bool IsValidSampleRate(s32 sample_rate) {
    switch (sample_rate) {
        case 8000:
        case 12000:
        case 16000:
        case 24000:
        case 48000:
            return true;
        default:
            return false;
    }
}

// libopus's error to the console's result (Ryujinx's HardwareOpusDecoder mapping): anything
// other than a bad argument or a bad packet answers an invalid length.
base::Result ResultOfOpusError(int error) {
    switch (error) {
        case OPUS_BAD_ARG:
            return kOpusResultBadArg;
        case OPUS_INVALID_PACKET:
            return kOpusResultInvalidPacket;
        default:
            return kOpusResultInvalidLength;
    }
}

u32 ReadBigEndian32(std::span<const u8> bytes) {
    return (u32{bytes[0]} << 24) | (u32{bytes[1]} << 16) | (u32{bytes[2]} << 8) | u32{bytes[3]};
}

OpusDecodeResult Failure(base::Result result, std::string_view why) {
    LOG_DEBUG("hwopus", "decode failed: {} ({})", why, result.ToString());
    return {result, 0, 0};
}

}  // namespace

base::Result ValidateOpusParameters(s32 sample_rate, s32 channel_count) {
    if (!IsValidSampleRate(sample_rate)) {
        return kOpusResultInvalidSampleRate;
    }
    if (channel_count < 1 || channel_count > 2) {
        return kOpusResultInvalidChannelCount;
    }
    return base::ResultSuccess;
}

base::Result ValidateOpusMultiStreamLayout(const OpusMultiStreamLayout& layout) {
    if (!IsValidSampleRate(layout.sample_rate)) {
        return kOpusResultInvalidSampleRate;
    }
    if (layout.channel_count < 1 || layout.channel_count > s32{kOpusMaxChannels}) {
        return kOpusResultInvalidChannelCount;
    }
    if (layout.stream_count < 1 || layout.coupled_stream_count < 0 ||
        layout.coupled_stream_count > layout.stream_count ||
        layout.stream_count + layout.coupled_stream_count > layout.channel_count) {
        return kOpusResultInvalidNumberOfStreams;
    }
    return base::ResultSuccess;
}

std::unique_ptr<OpusStreamDecoder> OpusStreamDecoder::Create(s32 sample_rate, s32 channel_count,
                                                             base::Result& result) {
    result = ValidateOpusParameters(sample_rate, channel_count);
    if (result.IsFailure()) {
        return nullptr;
    }
    int error = OPUS_OK;
    ::OpusDecoder* decoder = opus_decoder_create(sample_rate, channel_count, &error);
    if (decoder == nullptr || error != OPUS_OK) {
        result = ResultOfOpusError(error);
        LOG_ERROR("hwopus", "libopus refused a {} Hz {}-channel decoder: {}", sample_rate,
                  channel_count, opus_strerror(error));
        return nullptr;
    }
    std::unique_ptr<OpusStreamDecoder> out(new OpusStreamDecoder(sample_rate, channel_count));
    out->single_ = decoder;
    return out;
}

std::unique_ptr<OpusStreamDecoder> OpusStreamDecoder::CreateMultiStream(
    const OpusMultiStreamLayout& layout, base::Result& result) {
    result = ValidateOpusMultiStreamLayout(layout);
    if (result.IsFailure()) {
        return nullptr;
    }
    int error = OPUS_OK;
    // libopus checks the mapping: each entry names a decoded channel or is 255 (silence).
    ::OpusMSDecoder* decoder = opus_multistream_decoder_create(
        layout.sample_rate, layout.channel_count, layout.stream_count, layout.coupled_stream_count,
        layout.mapping.data(), &error);
    if (decoder == nullptr || error != OPUS_OK) {
        result = ResultOfOpusError(error);
        LOG_WARNING("hwopus",
                    "libopus refused a multistream decoder ({} streams, {} coupled, {} "
                    "channels): {}",
                    layout.stream_count, layout.coupled_stream_count, layout.channel_count,
                    opus_strerror(error));
        return nullptr;
    }
    std::unique_ptr<OpusStreamDecoder> out(
        new OpusStreamDecoder(layout.sample_rate, layout.channel_count));
    out->multi_ = decoder;
    return out;
}

OpusStreamDecoder::~OpusStreamDecoder() {
    if (single_ != nullptr) {
        opus_decoder_destroy(single_);
    }
    if (multi_ != nullptr) {
        opus_multistream_decoder_destroy(multi_);
    }
}

void OpusStreamDecoder::Reset() {
    if (single_ != nullptr) {
        opus_decoder_ctl(single_, OPUS_RESET_STATE);
    } else {
        opus_multistream_decoder_ctl(multi_, OPUS_RESET_STATE);
    }
}

OpusDecodeResult OpusStreamDecoder::DecodeInterleaved(std::span<const u8> input,
                                                      std::span<s16> output, bool reset) {
    if (input.size() < kOpusPacketHeaderSize) {
        return Failure(kOpusResultInvalidLength, "input shorter than the packet header");
    }
    // The final range (bytes 4..8) is the encoder's; the console does not answer a mismatch
    // with an error that is public, so it is read past, not checked.
    const u64 packet_size = ReadBigEndian32(input.first(4));
    const u64 total_size = packet_size + kOpusPacketHeaderSize;
    if (total_size > input.size()) {
        return Failure(kOpusResultInvalidLength, "packet size larger than the input buffer");
    }
    const std::span<const u8> packet = input.subspan(kOpusPacketHeaderSize, packet_size);
    // In multistream packets every stream but the last is self-delimited; the first stream's
    // TOC gives the frame's duration for all of them (RFC 7845 section 5.1.1.3's layout).
    const int samples = opus_packet_get_nb_samples(
        packet.data(), static_cast<opus_int32>(packet.size()), sample_rate_);
    if (samples < 0) {
        return Failure(ResultOfOpusError(samples), opus_strerror(samples));
    }
    if (u64(samples) * u64(channel_count_) > output.size()) {
        return Failure(kOpusResultInvalidLength, "output buffer too small for the frame");
    }
    if (reset) {
        Reset();
    }
    const int decoded =
        single_ != nullptr
            ? opus_decode(single_, packet.data(), static_cast<opus_int32>(packet.size()),
                          output.data(), samples, 0)
            : opus_multistream_decode(multi_, packet.data(), static_cast<opus_int32>(packet.size()),
                                      output.data(), samples, 0);
    if (decoded < 0) {
        return Failure(ResultOfOpusError(decoded), opus_strerror(decoded));
    }
    return {base::ResultSuccess, static_cast<u32>(total_size), static_cast<u32>(decoded)};
}

}  // namespace audio
