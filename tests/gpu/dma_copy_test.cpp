// The copy engine's LAUNCH_DMA, checked byte by byte against gpu::BlockLinearSurface's offsets
// and the remap rules of OGD clb0b5.h.

#include <gtest/gtest.h>

#include <numeric>

#include "gpu/block_linear.h"
#include "gpu_test_rig.h"

namespace {

using namespace gpu_test;

constexpr u32 kSemaphoreA = 0x240 / 4;
constexpr u32 kLaunchDma = 0x300 / 4;
constexpr u32 kOffsetInUpper = 0x400 / 4;
constexpr u32 kRemapConstA = 0x700 / 4;
constexpr u32 kDstBlockSize = 0x70C / 4;
constexpr u32 kSrcBlockSize = 0x728 / 4;

constexpr u32 kNonPipelined = 2;
constexpr u32 kSrcPitch = 1u << 7;
constexpr u32 kDstPitch = 1u << 8;
constexpr u32 kMultiLine = 1u << 9;
constexpr u32 kRemap = 1u << 10;

struct Copy {
    u64 source = 0, destination = 0;
    u32 pitch_in = 0, pitch_out = 0, line_length = 0, line_count = 0;
    u32 source_block[6]{};       // block size, width, height, depth, layer, origin
    u32 destination_block[6]{};  // the same
    u32 remap[3]{};              // const A, const B, components
    u32 launch = 0;
};

std::vector<u32> Words(u32 class_id, const Copy& copy) {
    std::vector<u32> words;
    Method(words, 4, 0, {class_id});
    Method(words, 4, kOffsetInUpper,
           {High(copy.source), Low(copy.source), High(copy.destination), Low(copy.destination),
            copy.pitch_in, copy.pitch_out, copy.line_length, copy.line_count});
    Method(words, 4, kRemapConstA, {copy.remap[0], copy.remap[1], copy.remap[2]});
    Method(words, 4, kDstBlockSize,
           {copy.destination_block[0], copy.destination_block[1], copy.destination_block[2],
            copy.destination_block[3], copy.destination_block[4], copy.destination_block[5]});
    Method(words, 4, kSrcBlockSize,
           {copy.source_block[0], copy.source_block[1], copy.source_block[2], copy.source_block[3],
            copy.source_block[4], copy.source_block[5]});
    Method(words, 4, kLaunchDma, {copy.launch});
    return words;
}

constexpr u64 kSource = Rig::kData;
constexpr u64 kDestination = Rig::kData + 0x4'0000;

void FillSource(Rig& rig) {
    std::iota(rig.Data(kSource), rig.Data(kSource) + 0x4'0000, u8{1});
    std::fill(rig.Data(kDestination), rig.Data(kDestination) + 0x3'0000, u8{0xEE});
}

TEST(DmaCopy, PitchToPitchLinesAndOneDimensionalCopies) {
    for (const u32 class_id : {0xB0B5u, 0xC7B5u}) {
        Rig rig;
        FillSource(rig);
        Copy copy{kSource, kDestination, 13, 17, 11, 5};
        copy.launch = kNonPipelined | kSrcPitch | kDstPitch | kMultiLine;
        ASSERT_EQ(rig.Execute(Words(class_id, copy)), gpu::ChannelProgress::Idle);
        for (u32 at = 0; at < 17 * 6; ++at) {
            const u32 line = at / 17;
            const u32 x = at % 17;
            const u8 expected = line < 5 && x < 11 ? *rig.Data(kSource + line * 13 + x) : u8{0xEE};
            ASSERT_EQ(*rig.Data(kDestination + at), expected) << class_id << " byte " << at;
        }
    }
    // Without MULTI_LINE_ENABLE: one line of LINE_LENGTH_IN bytes, whatever LINE_COUNT says.
    Rig rig;
    FillSource(rig);
    Copy copy{kSource + 1, kDestination + 2, 0, 0, 1001, 5};
    copy.launch = kNonPipelined | kSrcPitch | kDstPitch;
    ASSERT_EQ(rig.Execute(Words(0xB0B5, copy)), gpu::ChannelProgress::Idle);
    EXPECT_EQ(*rig.Data(kDestination + 1), 0xEE);
    for (u32 x = 0; x < 1001; ++x) {
        ASSERT_EQ(*rig.Data(kDestination + 2 + x), *rig.Data(kSource + 1 + x)) << x;
    }
    EXPECT_EQ(*rig.Data(kDestination + 2 + 1001), 0xEE);
}

TEST(DmaCopy, PitchToBlockLinearAndBackWithOddSizesAndOrigins) {
    const gpu::BlockLinearSurface surface{100, 30, 1};
    const u32 origin_x = 7, origin_y = 3, length = 37, lines = 11, pitch = 50;
    const u32 block[6] = {1u << 4 | 1u << 12, 100, 30, 1, 0, origin_y << 16 | origin_x};
    // Pitch -> block-linear.
    Rig rig;
    FillSource(rig);
    Copy in{kSource, kDestination, pitch, 0, length, lines};
    std::copy(block, block + 6, in.destination_block);
    in.launch = kNonPipelined | kSrcPitch | kMultiLine;
    ASSERT_EQ(rig.Execute(Words(0xB0B5, in)), gpu::ChannelProgress::Idle);
    std::vector<u8> expected(surface.SizeBytes(), 0xEE);
    for (u32 y = 0; y < lines; ++y) {
        for (u32 x = 0; x < length; ++x) {
            expected[surface.Offset(origin_x + x, origin_y + y)] =
                *rig.Data(kSource + y * pitch + x);
        }
    }
    for (u64 at = 0; at < expected.size(); ++at) {
        ASSERT_EQ(*rig.Data(kDestination + at), expected[at]) << "byte " << at;
    }
    // Block-linear -> pitch: the surface just written, read back from the same origin.
    const u64 back = kDestination + 0x2'0000;
    Copy out{kDestination, back, 0, 64, length, lines};
    std::copy(block, block + 6, out.source_block);
    out.launch = kNonPipelined | kDstPitch | kMultiLine;
    ASSERT_EQ(rig.Execute(Words(0xC7B5, out)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < lines; ++y) {
        for (u32 x = 0; x < 64; ++x) {
            const u8 want = x < length ? *rig.Data(kSource + y * pitch + x) : u8{0xEE};
            ASSERT_EQ(*rig.Data(back + y * 64 + x), want) << y << "," << x;
        }
    }
}

TEST(DmaCopy, RemapRearrangesComponents) {
    Rig rig;
    FillSource(rig);
    // Four 1-byte components in and out: X <- W, Y <- CONST_A, Z kept, W <- X.
    Copy copy{kSource, kDestination, 20, 24, 5, 2};
    copy.remap[0] = 0xAB;
    copy.remap[2] = 3 | (4 << 4) | (6 << 8) | (0 << 12) | (0 << 16) | (3 << 20) | (3 << 24);
    copy.launch = kNonPipelined | kSrcPitch | kDstPitch | kMultiLine | kRemap;
    ASSERT_EQ(rig.Execute(Words(0xB0B5, copy)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 2; ++y) {
        for (u32 pixel = 0; pixel < 5; ++pixel) {
            const u8* in = rig.Data(kSource + y * 20 + pixel * 4);
            const u8* out = rig.Data(kDestination + y * 24 + pixel * 4);
            EXPECT_EQ(out[0], in[3]);
            EXPECT_EQ(out[1], 0xAB);
            EXPECT_EQ(out[2], 0xEE);  // NO_WRITE
            EXPECT_EQ(out[3], in[0]);
        }
        EXPECT_EQ(*rig.Data(kDestination + y * 24 + 20), 0xEE);
    }
    // Three 2-byte components in, two out: X <- Z, Y <- Y; CONST_B is 16 bits of it.
    Rig wide;
    FillSource(wide);
    Copy narrow{kSource, kDestination, 0, 0, 7, 1};
    narrow.remap[1] = 0x1234'5678;
    narrow.remap[2] = 2 | (1 << 4) | (1 << 16) | (2 << 20) | (1 << 24);
    narrow.launch = kNonPipelined | kSrcPitch | kDstPitch | kRemap;
    ASSERT_EQ(wide.Execute(Words(0xC7B5, narrow)), gpu::ChannelProgress::Idle);
    for (u32 pixel = 0; pixel < 7; ++pixel) {
        const u8* in = wide.Data(kSource + pixel * 6);
        const u8* out = wide.Data(kDestination + pixel * 4);
        EXPECT_EQ(std::vector<u8>(out, out + 4), (std::vector<u8>{in[4], in[5], in[2], in[3]}));
    }
    EXPECT_EQ(*wide.Data(kDestination + 28), 0xEE);
}

// A memory source that counts the reads asked of it.
class CountingMemory final : public gpu::MemorySource {
public:
    u64 Size() const override { return bytes.size(); }
    u8* HostPointer(u64 offset, u64 size, bool write) override {
        reads += write ? 0 : 1;
        return offset + size <= bytes.size() ? bytes.data() + offset : nullptr;
    }
    std::vector<u8> bytes = std::vector<u8>(0x1000, 0x77);
    u32 reads = 0;
};

// A remapped copy whose every destination component is CONST_A reads no source (NVK's
// vkCmdFillBuffer, with no source address): the destination gets the constant.
TEST(DmaCopy, RemapOfConstantsAloneReadsNoSource) {
    Rig rig;
    FillSource(rig);
    auto source = std::make_shared<CountingMemory>();
    constexpr u64 kCounted = 0x2'0000'0000;
    rig.memory->Map(kCounted, source->Size(), source, 0, 0x1000, 0);
    Copy fill{kCounted, kDestination, 0, 0, 16, 1};
    fill.remap[0] = 0xA5C3'E1F0;
    fill.remap[2] = 4 | (4 << 4) | (4 << 8) | (4 << 12) | (3 << 16);  // 4-byte X <- CONST_A
    fill.launch = kNonPipelined | kSrcPitch | kDstPitch | kRemap;
    ASSERT_EQ(rig.Execute(Words(0xC7B5, fill)), gpu::ChannelProgress::Idle);
    EXPECT_EQ(source->reads, 0u);
    for (u32 word = 0; word < 16; ++word) {
        EXPECT_EQ(rig.Get<u32>(kDestination + word * 4), 0xA5C3'E1F0u) << word;
    }
    EXPECT_EQ(*rig.Data(kDestination + 64), 0xEE);
}

TEST(DmaCopy, SemaphoreReleasesAfterTheCopy) {
    Rig rig;
    const u64 semaphore = Rig::kData + 0x100;
    rig.Put<u64>(semaphore + 8, ~u64{0});
    std::vector<u32> words;
    Method(words, 4, 0, {0xB0B5});
    Method(words, 4, kSemaphoreA, {High(semaphore), Low(semaphore), 0x55});
    Method(words, 4, kLaunchDma, {1u << 3});  // no transfer, one-word release
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(semaphore), 0x55u);
    EXPECT_EQ(rig.Get<u64>(semaphore + 8), ~u64{0});
    words.clear();
    Method(words, 4, kLaunchDma, {2u << 3});  // four words: payload, 0, timestamp
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(semaphore + 4), 0u);
    EXPECT_NE(rig.Get<u64>(semaphore + 8), ~u64{0});
    words.clear();
    // A reduction: unsigned ADD of the payload (0x55 + 0x55).
    Method(words, 4, kLaunchDma, {1u << 3 | 5u << 14 | 1u << 18 | 1u << 19});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(semaphore), 0xAAu);
}

}  // namespace
