// hwopus's work buffer sizes against sums worked out by hand from the console's state sizes
// (Ryujinx's HardwareOpusDecoderManager):
//   decoder(ch) = ((ch * 0x800 + 0x4800) | 0x50) + 0x2160 + (0x2030 + 480) * ch + 21 * 16 + 0x54
//     mono: 20560 + 8544 + 9140 = 38244; stereo: 22608 + 8544 + 17860 = 49012
//   size = decoder + 1536 + align64(ch * 1920 / (48000 / rate))

#include <gtest/gtest.h>

#include "audio/opus_work_buffer_size.h"

namespace audio {
namespace {

TEST(OpusWorkBufferSize, SingleStreamSumsWorkedOutByHand) {
    u32 size = 0;
    ASSERT_TRUE(OpusWorkBufferSize(48000, 1, false, size).IsSuccess());
    EXPECT_EQ(size, 38244u + 1536u + 1920u);
    ASSERT_TRUE(OpusWorkBufferSize(48000, 2, false, size).IsSuccess());
    EXPECT_EQ(size, 49012u + 1536u + 3840u);
    // 12 kHz mono: 1920 / 4 = 480, aligned up to 512.
    ASSERT_TRUE(OpusWorkBufferSize(12000, 1, false, size).IsSuccess());
    EXPECT_EQ(size, 38244u + 1536u + 512u);
    // 8 kHz stereo, 120 ms frames: 2 * 5760 / 6 = 1920.
    ASSERT_TRUE(OpusWorkBufferSize(8000, 2, true, size).IsSuccess());
    EXPECT_EQ(size, 49012u + 1536u + 1920u);
}

TEST(OpusWorkBufferSize, MultiStreamSumWorkedOutByHand) {
    // Two mono streams: 2 * (38244 - 20480) + 0xb920 = 35528 + 47392 = 82920; packets
    // align64(3000) = 3008; PCM 2 * 1920 = 3840.
    OpusMultiStreamLayout layout{48000, 2, 2, 0, {}};
    u32 size = 0;
    ASSERT_TRUE(OpusMultiStreamWorkBufferSize(layout, false, size).IsSuccess());
    EXPECT_EQ(size, 82920u + 3008u + 3840u);
    // One stereo and one mono stream on three channels: 17764 + (49012 - 22528) + 47392 =
    // 91640; packets 3008; PCM 3 * 1920 = 5760.
    layout = {48000, 3, 2, 1, {}};
    ASSERT_TRUE(OpusMultiStreamWorkBufferSize(layout, false, size).IsSuccess());
    EXPECT_EQ(size, 91640u + 3008u + 5760u);
}

TEST(OpusWorkBufferSize, BadParametersAnswerTheChecksResultsAndZero) {
    u32 size = 1;
    EXPECT_EQ(OpusWorkBufferSize(44100, 2, false, size), kOpusResultInvalidSampleRate);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(OpusWorkBufferSize(48000, 3, false, size), kOpusResultInvalidChannelCount);
    const OpusMultiStreamLayout no_streams{48000, 2, 0, 0, {}};
    EXPECT_EQ(OpusMultiStreamWorkBufferSize(no_streams, false, size),
              kOpusResultInvalidNumberOfStreams);
    EXPECT_EQ(size, 0u);
}

}  // namespace
}  // namespace audio
