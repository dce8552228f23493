// Inline-to-memory writes checked byte by byte: pitch lines, and block-linear destinations
// against gpu::BlockLinearSurface's offsets.

#include <gtest/gtest.h>

#include "gpu/block_linear.h"
#include "gpu_test_rig.h"

namespace {

using namespace gpu_test;

constexpr u32 kLineLengthIn = 0x180 / 4;
constexpr u32 kLaunchDma = 0x1B0 / 4;
constexpr u32 kLoadInlineData = 0x1B4 / 4;

// The data words for `bytes` bytes counting from `first`.
std::vector<u32> Data(u32 bytes, u8 first) {
    std::vector<u32> words((bytes + 3) / 4);
    for (u32 i = 0; i < bytes; ++i) {
        words[i / 4] |= u32{static_cast<u8>(first + i)} << (8 * (i % 4));
    }
    return words;
}

// SET_OBJECT, the I2M registers, LAUNCH_DMA and the data on `subchannel`.
std::vector<u32> Upload(u32 class_id, u32 subchannel, u64 address, u32 line_length, u32 line_count,
                        u32 pitch, bool pitch_layout, u32 block = 0, u32 width = 0, u32 height = 0,
                        u32 depth = 1, u32 layer = 0, u32 x = 0, u32 y = 0) {
    std::vector<u32> words;
    Method(words, subchannel, 0, {class_id});
    Method(words, subchannel, kLineLengthIn,
           {line_length, line_count, High(address), Low(address), pitch, block, width, height,
            depth, layer, x, y});
    words.push_back(Immediate(subchannel, kLaunchDma, pitch_layout ? 1 : 0));
    const auto data = Data(line_length * line_count, 1);
    words.push_back(NonIncrementing(subchannel, kLoadInlineData, static_cast<u32>(data.size())));
    words.insert(words.end(), data.begin(), data.end());
    return words;
}

TEST(InlineToMemory, PitchLinesLandAtTheirPitchAndNothingElseChanges) {
    for (const u32 class_id : {0xA140u, 0xB197u, 0xC7C0u}) {
        Rig rig;
        std::fill(rig.ram->bytes.begin() + 0x8'0000, rig.ram->bytes.end(), 0xEE);
        ASSERT_EQ(rig.Execute(Upload(class_id, 2, Rig::kData + 3, 5, 3, 8, true)),
                  gpu::ChannelProgress::Idle);
        for (u32 at = 0; at < 40; ++at) {
            const u32 line = at >= 3 ? (at - 3) / 8 : 99;
            const u32 x = at >= 3 ? (at - 3) % 8 : 99;
            const u8 expected = line < 3 && x < 5 ? static_cast<u8>(1 + line * 5 + x) : 0xEE;
            EXPECT_EQ(*rig.Data(Rig::kData + at), expected) << class_id << " byte " << at;
        }
    }
}

TEST(InlineToMemory, BlockLinearDestinationsFollowTheGobLayout) {
    struct Case {
        u32 width, height, block_height_log2, depth, block_depth_log2, layer;
        u32 x, y, line_length, line_count;
    };
    const Case cases[] = {
        {128, 16, 1, 1, 0, 0, 3, 5, 70, 4},  // crosses GOBs and 16-byte runs
        {200, 40, 2, 1, 0, 0, 63, 7, 2, 9},  // one byte either side of a GOB edge
        {64, 8, 0, 4, 1, 3, 0, 0, 64, 8},    // a slice of a 3D surface
    };
    for (const Case& c : cases) {
        Rig rig;
        const u32 block = (c.block_height_log2 << 4) | (c.block_depth_log2 << 8);
        ASSERT_EQ(rig.Execute(Upload(0xA140, 2, Rig::kData, c.line_length, c.line_count, 0, false,
                                     block, c.width, c.height, c.depth, c.layer, c.x, c.y)),
                  gpu::ChannelProgress::Idle);
        const gpu::BlockLinearSurface surface{c.width, c.height, c.block_height_log2, c.depth,
                                              c.block_depth_log2};
        std::vector<u8> expected(surface.SizeBytes(), 0);
        for (u32 line = 0; line < c.line_count; ++line) {
            for (u32 x = 0; x < c.line_length; ++x) {
                expected[surface.Offset(c.x + x, c.y + line, c.layer)] =
                    static_cast<u8>(1 + line * c.line_length + x);
            }
        }
        for (u64 at = 0; at < expected.size(); ++at) {
            ASSERT_EQ(*rig.Data(Rig::kData + at), expected[at]) << c.width << " byte " << at;
        }
    }
}

TEST(InlineToMemory, DataArrivingInTwoRunsCompletesTheTransfer) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 2, 0, {0xA140});
    Method(words, 2, kLineLengthIn, {8, 1, High(Rig::kData), Low(Rig::kData), 8});
    words.push_back(Immediate(2, kLaunchDma, 1));
    Method(words, 2, kLoadInlineData, {0x0403'0201});
    Method(words, 2, kLoadInlineData, {0x0807'0605});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u64>(Rig::kData), 0x0807'0605'0403'0201ull);
}

}  // namespace
