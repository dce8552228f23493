// The hwopus decoder against libopus itself: the test encodes a 440 Hz sine with libopus's
// encoder, frames each packet as the console does (big-endian size and final range, then the
// packet), and checks the PCM equals libopus's own decoder's, sample for sample, and that the
// sound is 440 Hz (zero crossings). Damaged packets answer the console's codec results.

#include <gtest/gtest.h>
#include <opus.h>
#include <opus_multistream.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "audio/opus_decoder.h"

namespace audio {
namespace {

constexpr int kRate = 48000;
constexpr int kFrame = 960;   // 20 ms at 48 kHz
constexpr int kPackets = 50;  // one second

std::vector<s16> Sine440(int channels, int frames) {
    std::vector<s16> pcm(std::size_t(channels) * frames);
    for (int i = 0; i < frames; ++i) {
        const double v = 12000.0 * std::sin(2.0 * std::numbers::pi * 440.0 * i / kRate);
        for (int c = 0; c < channels; ++c) {
            pcm[std::size_t(i) * channels + c] = static_cast<s16>(std::lround(v));
        }
    }
    return pcm;
}

// The console's framing: u32 big-endian packet size, u32 big-endian final range, packet.
std::vector<u8> Frame(const u8* packet, int size, u32 final_range) {
    std::vector<u8> out;
    for (u32 word : {u32(size), final_range}) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.push_back(static_cast<u8>(word >> shift));
        }
    }
    out.insert(out.end(), packet, packet + size);
    return out;
}

struct Encoded {
    std::vector<std::vector<u8>> raw;     // Opus packets as libopus made them
    std::vector<std::vector<u8>> framed;  // the same in the console's framing
};

Encoded EncodeSingle(int channels) {
    int error = 0;
    OpusEncoder* encoder = opus_encoder_create(kRate, channels, OPUS_APPLICATION_AUDIO, &error);
    EXPECT_EQ(error, OPUS_OK);
    const std::vector<s16> pcm = Sine440(channels, kFrame * kPackets);
    Encoded out;
    for (int p = 0; p < kPackets; ++p) {
        u8 packet[1500];
        const int size = opus_encode(encoder, pcm.data() + std::size_t(p) * kFrame * channels,
                                     kFrame, packet, sizeof(packet));
        EXPECT_GT(size, 0);
        opus_uint32 range = 0;
        opus_encoder_ctl(encoder, OPUS_GET_FINAL_RANGE(&range));
        out.raw.emplace_back(packet, packet + size);
        out.framed.push_back(Frame(packet, size, range));
    }
    opus_encoder_destroy(encoder);
    return out;
}

// Positive-going zero crossings per second of one channel.
double FrequencyOf(const std::vector<s16>& pcm, int rate, int channels, int channel,
                   int skip_frames) {
    int crossings = 0;
    const std::size_t frames = pcm.size() / channels;
    for (std::size_t i = skip_frames + 1; i < frames; ++i) {
        if (pcm[(i - 1) * channels + channel] < 0 && pcm[i * channels + channel] >= 0) {
            ++crossings;
        }
    }
    return crossings * double(rate) / double(frames - skip_frames - 1);
}

// Packets encoded at 48 kHz decoded at `rate` (libopus resamples inside the decoder).
void ExpectSingleStreamMatchesLibopus(int channels, int rate) {
    const Encoded encoded = EncodeSingle(channels);
    const int frame = kFrame / (kRate / rate);
    base::Result result;
    auto decoder = OpusStreamDecoder::Create(rate, channels, result);
    ASSERT_TRUE(result.IsSuccess()) << result.ToString();
    ASSERT_NE(decoder, nullptr);
    int error = 0;
    ::OpusDecoder* reference = opus_decoder_create(rate, channels, &error);
    ASSERT_EQ(error, OPUS_OK);

    std::vector<s16> ours;
    for (int p = 0; p < kPackets; ++p) {
        std::vector<s16> out(std::size_t(frame) * channels, 0x7777);
        const OpusDecodeResult r = decoder->DecodeInterleaved(encoded.framed[p], out, false);
        ASSERT_TRUE(r.result.IsSuccess()) << r.result.ToString();
        EXPECT_EQ(r.consumed_bytes, encoded.raw[p].size() + 8);
        EXPECT_EQ(r.sample_count, u32(frame));
        std::vector<s16> ref(std::size_t(frame) * channels);
        ASSERT_EQ(opus_decode(reference, encoded.raw[p].data(), int(encoded.raw[p].size()),
                              ref.data(), frame, 0),
                  frame);
        ASSERT_EQ(out, ref) << "packet " << p;
        ours.insert(ours.end(), out.begin(), out.end());
    }
    opus_decoder_destroy(reference);
    for (int c = 0; c < channels; ++c) {
        // Skip the codec's start-up (its look-ahead and the first frame).
        EXPECT_NEAR(FrequencyOf(ours, rate, channels, c, frame), 440.0, 2.0) << "channel " << c;
    }
}

TEST(OpusDecoder, MonoEqualsLibopusAndIs440Hz) {
    ExpectSingleStreamMatchesLibopus(1, 48000);
}

TEST(OpusDecoder, StereoEqualsLibopusAndIs440Hz) {
    ExpectSingleStreamMatchesLibopus(2, 48000);
}

TEST(OpusDecoder, StereoAt16kHzEqualsLibopusAndIs440Hz) {
    ExpectSingleStreamMatchesLibopus(2, 16000);
}

// A multistream encoder and decoder of `streams` streams (`coupled` of them stereo) on
// `channels` channels, channel c taken from decoded channel c.
void ExpectMultiStreamMatchesLibopus(int channels, int streams, int coupled) {
    std::vector<unsigned char> mapping(channels);
    OpusMultiStreamLayout layout{kRate, channels, streams, coupled, {}};
    for (int c = 0; c < channels; ++c) {
        mapping[c] = static_cast<unsigned char>(c);
        layout.mapping[c] = static_cast<u8>(c);
    }
    int error = 0;
    OpusMSEncoder* encoder = opus_multistream_encoder_create(
        kRate, channels, streams, coupled, mapping.data(), OPUS_APPLICATION_AUDIO, &error);
    ASSERT_EQ(error, OPUS_OK);
    OpusMSDecoder* reference =
        opus_multistream_decoder_create(kRate, channels, streams, coupled, mapping.data(), &error);
    ASSERT_EQ(error, OPUS_OK);
    base::Result result;
    auto decoder = OpusStreamDecoder::CreateMultiStream(layout, result);
    ASSERT_TRUE(result.IsSuccess()) << result.ToString();

    const std::vector<s16> pcm = Sine440(channels, kFrame * kPackets);
    std::vector<s16> ours;
    for (int p = 0; p < kPackets; ++p) {
        u8 packet[4000];
        const int size =
            opus_multistream_encode(encoder, pcm.data() + std::size_t(p) * kFrame * channels,
                                    kFrame, packet, sizeof(packet));
        ASSERT_GT(size, 0);
        opus_uint32 range = 0;
        opus_multistream_encoder_ctl(encoder, OPUS_GET_FINAL_RANGE(&range));
        std::vector<s16> out(std::size_t(kFrame) * channels);
        const OpusDecodeResult r =
            decoder->DecodeInterleaved(Frame(packet, size, range), out, false);
        ASSERT_TRUE(r.result.IsSuccess()) << r.result.ToString();
        EXPECT_EQ(r.consumed_bytes, u32(size) + 8);
        EXPECT_EQ(r.sample_count, u32(kFrame));
        std::vector<s16> ref(std::size_t(kFrame) * channels);
        ASSERT_EQ(opus_multistream_decode(reference, packet, size, ref.data(), kFrame, 0), kFrame);
        ASSERT_EQ(out, ref) << "packet " << p;
        ours.insert(ours.end(), out.begin(), out.end());
    }
    opus_multistream_encoder_destroy(encoder);
    opus_multistream_decoder_destroy(reference);
    for (int c = 0; c < channels; ++c) {
        EXPECT_NEAR(FrequencyOf(ours, kRate, channels, c, kFrame), 440.0, 2.0) << "channel " << c;
    }
}

TEST(OpusDecoder, MultiStreamOfTwoMonoStreamsEqualsLibopus) {
    ExpectMultiStreamMatchesLibopus(2, 2, 0);
}

TEST(OpusDecoder, MultiStreamOfAStereoAndAMonoStreamEqualsLibopus) {
    ExpectMultiStreamMatchesLibopus(3, 2, 1);
}

TEST(OpusDecoder, ConsumesOnlyTheFirstPacketOfTheInput) {
    const Encoded encoded = EncodeSingle(1);
    std::vector<u8> two = encoded.framed[0];
    two.insert(two.end(), encoded.framed[1].begin(), encoded.framed[1].end());
    base::Result result;
    auto decoder = OpusStreamDecoder::Create(kRate, 1, result);
    std::vector<s16> out(kFrame);
    const OpusDecodeResult r = decoder->DecodeInterleaved(two, out, false);
    ASSERT_TRUE(r.result.IsSuccess());
    EXPECT_EQ(r.consumed_bytes, encoded.framed[0].size());
}

TEST(OpusDecoder, BadParametersAnswerTheConsolesResults) {
    base::Result result;
    EXPECT_EQ(OpusStreamDecoder::Create(44100, 2, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidSampleRate);
    EXPECT_EQ(OpusStreamDecoder::Create(0, 1, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidSampleRate);
    EXPECT_EQ(OpusStreamDecoder::Create(48000, 0, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidChannelCount);
    EXPECT_EQ(OpusStreamDecoder::Create(48000, 3, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidChannelCount);
    for (s32 rate : {8000, 12000, 16000, 24000, 48000}) {
        EXPECT_NE(OpusStreamDecoder::Create(rate, 1, result), nullptr) << rate;
        EXPECT_TRUE(result.IsSuccess());
    }
    // The raw values as the console prints them: 2111-1001 is (1001 << 9) | 111.
    EXPECT_EQ(kOpusResultInvalidSampleRate.Raw(), (1001u << 9) | 111u);

    OpusMultiStreamLayout layout{48000, 2, 0, 0, {}};
    EXPECT_EQ(OpusStreamDecoder::CreateMultiStream(layout, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidNumberOfStreams);  // no stream
    layout.stream_count = 2;
    layout.coupled_stream_count = 1;  // 2 + 1 decoded channels > 2
    EXPECT_EQ(OpusStreamDecoder::CreateMultiStream(layout, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidNumberOfStreams);
    layout.coupled_stream_count = 3;  // more coupled than streams
    layout.channel_count = 8;
    EXPECT_EQ(OpusStreamDecoder::CreateMultiStream(layout, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidNumberOfStreams);
    layout.channel_count = 256;
    EXPECT_EQ(OpusStreamDecoder::CreateMultiStream(layout, result), nullptr);
    EXPECT_EQ(result, kOpusResultInvalidChannelCount);
    // A mapping entry naming a decoded channel that does not exist (2 streams decode 2).
    layout = {48000, 2, 2, 0, {}};
    layout.mapping[0] = 0;
    layout.mapping[1] = 7;
    EXPECT_EQ(OpusStreamDecoder::CreateMultiStream(layout, result), nullptr);
    EXPECT_EQ(result, kOpusResultBadArg);
}

TEST(OpusDecoder, DamagedPacketsAnswerTheConsolesResults) {
    const Encoded encoded = EncodeSingle(2);
    base::Result result;
    auto decoder = OpusStreamDecoder::Create(kRate, 2, result);
    std::vector<s16> out(kFrame * 2);

    // Shorter than the header.
    const std::vector<u8> short_input(encoded.framed[0].begin(), encoded.framed[0].begin() + 7);
    OpusDecodeResult r = decoder->DecodeInterleaved(short_input, out, false);
    EXPECT_EQ(r.result, kOpusResultInvalidLength);
    EXPECT_EQ(r.consumed_bytes, 0u);
    // The header's size one byte past the buffer, and 0xFFFFFFFF.
    std::vector<u8> lying = encoded.framed[0];
    lying.pop_back();
    EXPECT_EQ(decoder->DecodeInterleaved(lying, out, false).result, kOpusResultInvalidLength);
    lying = encoded.framed[0];
    lying[0] = lying[1] = lying[2] = lying[3] = 0xFF;
    EXPECT_EQ(decoder->DecodeInterleaved(lying, out, false).result, kOpusResultInvalidLength);
    // An output buffer one frame short.
    std::vector<s16> small(kFrame * 2 - 1);
    EXPECT_EQ(decoder->DecodeInterleaved(encoded.framed[0], small, false).result,
              kOpusResultInvalidLength);
    // An empty packet: libopus's bad argument.
    const u8 empty_packet[1] = {0};
    EXPECT_EQ(decoder->DecodeInterleaved(Frame(empty_packet, 0, 0), out, false).result,
              kOpusResultBadArg);
    // TOC code 3 (a frame count follows, RFC 6716 section 3.2.5) without its count byte, and
    // with 63 frames of 20 ms (config 1), past the 120 ms a packet may last: invalid packets.
    const u8 no_count[1] = {0x0B};
    EXPECT_EQ(decoder->DecodeInterleaved(Frame(no_count, 1, 0), out, false).result,
              kOpusResultInvalidPacket);
    const u8 too_long[2] = {0x0B, 63};
    EXPECT_EQ(decoder->DecodeInterleaved(Frame(too_long, 2, 0), out, false).result,
              kOpusResultInvalidPacket);
    // A count of 0 frames is 0 samples, which libopus's decode refuses as a bad argument.
    const u8 zero_frames[2] = {0x0B, 0};
    EXPECT_EQ(decoder->DecodeInterleaved(Frame(zero_frames, 2, 0), out, false).result,
              kOpusResultBadArg);
    // The decoder still decodes good packets afterwards (with a reset, as libopus's fresh one).
    int error = 0;
    ::OpusDecoder* reference = opus_decoder_create(kRate, 2, &error);
    std::vector<s16> ref(kFrame * 2);
    ASSERT_EQ(opus_decode(reference, encoded.raw[3].data(), int(encoded.raw[3].size()), ref.data(),
                          kFrame, 0),
              kFrame);
    opus_decoder_destroy(reference);
    r = decoder->DecodeInterleaved(encoded.framed[3], out, true);
    ASSERT_TRUE(r.result.IsSuccess());
    EXPECT_EQ(out, ref);
}

// Real packets with bits flipped and random bytes; every answer is a codec result or a decode
// within the buffers. Answers how many decoded.
int RunHostileLoop(OpusStreamDecoder& decoder, const Encoded& encoded) {
    const std::size_t channels = std::size_t(decoder.ChannelCount());
    std::mt19937 random(16);
    int successes = 0;
    for (int i = 0; i < 20000; ++i) {
        std::vector<u8> input;
        if (i % 2 == 0) {
            // A real packet with random bytes flipped (the header's included).
            input = encoded.framed[i % kPackets];
            for (int flips = 1 + int(random() % 4); flips > 0; --flips) {
                input[random() % input.size()] ^= u8(1u << (random() % 8));
            }
        } else {
            input.resize(random() % 64);
            for (u8& byte : input) {
                byte = u8(random());
            }
            if (input.size() >= 8 && random() % 2 == 0) {
                input[0] = input[1] = input[2] = 0;  // a size that fits more often
                input[3] = u8(input.size() - 8);
            }
        }
        std::vector<s16> out(random() % (kFrame * channels + 1) + 1);
        const OpusDecodeResult r = decoder.DecodeInterleaved(input, out, random() % 8 == 0);
        if (r.result.IsSuccess()) {
            ++successes;
            EXPECT_LE(r.consumed_bytes, input.size());
            EXPECT_LE(std::size_t(r.sample_count) * channels, out.size());
        } else {
            EXPECT_EQ(r.consumed_bytes, 0u);
            EXPECT_EQ(r.result.Module(), 111u);
        }
    }
    return successes;
}

TEST(OpusDecoder, RandomHostileInputNeverCrashes) {
    const Encoded encoded = EncodeSingle(2);
    base::Result result;
    auto decoder = OpusStreamDecoder::Create(kRate, 2, result);
    EXPECT_GT(RunHostileLoop(*decoder, encoded), 0);
}

TEST(OpusDecoder, RandomHostileInputNeverCrashesAMultiStreamDecoder) {
    // Single-stream packets are damaged multistream ones: their first stream is not
    // self-delimited. The loop checks the answers stay within bounds.
    const Encoded encoded = EncodeSingle(2);
    OpusMultiStreamLayout layout{kRate, 3, 2, 1, {}};
    layout.mapping = {0, 1, 2};
    base::Result result;
    auto decoder = OpusStreamDecoder::CreateMultiStream(layout, result);
    ASSERT_NE(decoder, nullptr);
    RunHostileLoop(*decoder, encoded);
}

}  // namespace
}  // namespace audio
