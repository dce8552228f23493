// DSP-ADPCM against frames worked out by hand from the format's formula:
//   sample = clamp16(floor((nibble * 2^scale * 2048 + 1024 + c0 * h0 + c1 * h1) / 2048)).

#include <gtest/gtest.h>

#include "audio/renderer/adpcm_decoder.h"

namespace audio::renderer {
namespace {

// Pair 0: (1.0, 0) in Q11; pair 1: (2.0, -1.0).
constexpr AdpcmCoefficients kCoefficients = {2048, 0, 4096, -2048};

TEST(AdpcmDecoder, DecodesAFrameWorkedOutByHand) {
    // Header 0x12: pair 1, scale 2. Nibbles 1, -1, 0, 0, ...
    const u8 frame[8] = {0x12, 0x1F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    AdpcmContext context{0, 100, 50};
    s16 out[3] = {};
    ASSERT_EQ(DecodeAdpcm(frame, 0, out, kCoefficients, context), 3u);
    // 1 * 4 + 2 * 100 - 50 + 0.5 = 154.5 -> 154
    EXPECT_EQ(out[0], 154);
    // -1 * 4 + 2 * 154 - 100 + 0.5 = 204.5 -> 204
    EXPECT_EQ(out[1], 204);
    // 0 + 2 * 204 - 154 + 0.5 = 254.5 -> 254
    EXPECT_EQ(out[2], 254);
    EXPECT_EQ(context.history0, 254);
    EXPECT_EQ(context.history1, 204);
    EXPECT_EQ(context.header, 0x12);
}

TEST(AdpcmDecoder, ReadsEachFramesHeaderAndClamps) {
    // Frame 0: pair 0, scale 0, all nibbles 0: the history carries (h0 * 1.0 + 0.5 -> h0).
    // Frame 1: header 0x0F (pair 0, scale 15), first nibble 7: 7 * 32768 + h0 clamps to 32767;
    // second nibble -8: -8 * 32768 + 32767 = -229377 clamps to -32768.
    u8 data[16] = {0x00, 0, 0, 0, 0, 0, 0, 0, 0x0F, 0x78, 0, 0, 0, 0, 0, 0};
    AdpcmContext context{0, -300, 0};
    s16 out[16] = {};
    ASSERT_EQ(DecodeAdpcm(data, 0, out, kCoefficients, context), 16u);
    for (int i = 0; i < 14; ++i) {
        EXPECT_EQ(out[i], -300) << i;
    }
    EXPECT_EQ(out[14], 32767);
    EXPECT_EQ(out[15], -32768);
}

TEST(AdpcmDecoder, StartsInsideAFrameAndStopsAtTheDataEnd) {
    // From sample 3 of a frame (pair 0, scale 1), nibbles 3 (sample 3) and -2 (sample 4):
    // 3 * 2 + 10 + 0.5 -> 16, then -2 * 2 + 16 + 0.5 -> 12.
    const u8 frame[4] = {0x01, 0x00, 0x03, 0xE0};
    AdpcmContext context{0, 10, 0};
    s16 out[8] = {};
    EXPECT_EQ(DecodeAdpcm(frame, 3, out, kCoefficients, context), 3u);  // samples 3, 4, 5
    EXPECT_EQ(out[0], 16);
    EXPECT_EQ(out[1], 12);
    EXPECT_EQ(out[2], 12);  // sample 5: nibble 0, 12 + 0.5 -> 12
}

}  // namespace
}  // namespace audio::renderer
