// The performance frames RequestUpdate copies out: the header, entry and layouts of versions 1
// and 2 (Ryujinx Server/Performance/*.cs), entries without times left out, frames kept up to
// the count asked for, and a buffer too small for the next frame.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "services/audio/performance_history.h"

namespace services::audio {
namespace {

namespace dsp = ::audio::renderer;

template <typename T>
T Get(const std::vector<u8>& bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

dsp::FramePerformance Frame(u32 base) {
    dsp::FramePerformance frame;
    frame.entries = {{7, 0, 0, dsp::PerformanceEntryType::Voice},  // no time: left out
                     {8, base, 3, dsp::PerformanceEntryType::Voice},
                     {1, base + 3, 2, dsp::PerformanceEntryType::FinalMix},
                     {2, base + 5, 1, dsp::PerformanceEntryType::Sink}};
    frame.details = {{8, base, 2, dsp::PerformanceDetailType::Adpcm, 1},
                     {8, base + 2, 1, dsp::PerformanceDetailType::Mix, 1}};
    frame.voice_drops = 1;
    return frame;
}

TEST(PerformanceHistory, WritesVersion2FramesOldestFirst) {
    PerformanceHistory history(4, true);
    history.Record(Frame(10), 1000, false);
    history.Record(Frame(20), 2000, true);
    std::vector<u8> out(0x400, 0xCC);
    const u32 size = history.CopyTo(out);
    // Two frames of a 0x30 header, three 0x18 entries and two details.
    const u32 frame = 0x30 + 5 * 0x18;
    ASSERT_EQ(size, 2 * frame);
    EXPECT_EQ(Get<u32>(out, 0), 0x46524550u);  // "PERF"
    EXPECT_EQ(Get<u32>(out, 4), 3u);           // entries kept
    EXPECT_EQ(Get<u32>(out, 8), 2u);           // details
    EXPECT_EQ(Get<u32>(out, 0xC), frame);      // the next header
    EXPECT_EQ(Get<u32>(out, 0x10), 3u + 2 + 1);
    EXPECT_EQ(Get<u32>(out, 0x14), 1u);
    EXPECT_EQ(Get<u64>(out, 0x18), 1000u);
    EXPECT_EQ(Get<u32>(out, 0x20), 0u);  // frame index
    EXPECT_EQ(Get<u8>(out, 0x24), 0);
    EXPECT_EQ(Get<u32>(out, 0x30), 8u);  // the first entry kept: voice node 8
    EXPECT_EQ(Get<u32>(out, 0x34), 10u);
    EXPECT_EQ(Get<u32>(out, 0x38), 3u);
    EXPECT_EQ(Get<u8>(out, 0x3C), 1);
    EXPECT_EQ(Get<u8>(out, 0x30 + 0x18 + 0xC), 3);  // final mix
    const std::size_t detail = 0x30 + 3 * 0x18;     // after the entries
    EXPECT_EQ(Get<u32>(out, detail), 8u);
    EXPECT_EQ(Get<u32>(out, detail + 8), 2u);
    EXPECT_EQ(Get<u8>(out, detail + 0xC), 2);         // ADPCM
    EXPECT_EQ(Get<u8>(out, detail + 0xD), 1);         // of a voice
    EXPECT_EQ(Get<u8>(out, detail + 0x18 + 0xC), 5);  // its mixing
    EXPECT_EQ(Get<u32>(out, frame + 0xC), 2 * frame);
    EXPECT_EQ(Get<u32>(out, frame + 0x20), 1u);
    EXPECT_EQ(Get<u8>(out, frame + 0x24), 1);  // over the time limit
    EXPECT_EQ(Get<u32>(out, frame + 0x34), 20u);
    EXPECT_EQ(Get<u32>(out, 2 * frame), 0u);  // the closing header is zero
    EXPECT_EQ(history.CopyTo(out), 0u);       // copied once
}

TEST(PerformanceHistory, WritesVersion1Frames) {
    PerformanceHistory history(2, false);
    history.Record(Frame(10), 1000, false);
    std::vector<u8> out(0x100);
    ASSERT_EQ(history.CopyTo(out), 0x18u + 5 * 0x10);
    EXPECT_EQ(Get<u32>(out, 0xC), 0x18u + 5 * 0x10);
    EXPECT_EQ(Get<u8>(out, 0x18 + 3 * 0x10 + 0xC), 2);  // the first detail, 0x10 long
    EXPECT_EQ(Get<u32>(out, 0x18), 8u);
    EXPECT_EQ(Get<u8>(out, 0x18 + 0xC), 1);
    EXPECT_EQ(Get<u32>(out, 0x18 + 0x10), 1u);  // the next entry right after, 0x10 on
}

TEST(PerformanceHistory, KeepsTheNewestFramesAndWhatFits) {
    PerformanceHistory history(2, true);
    for (u32 n = 0; n < 5; ++n) {
        history.Record(Frame(n * 10 + 1), n, false);
    }
    const u32 frame = 0x30 + 5 * 0x18;
    std::vector<u8> out(frame + 0x30 + 0x10);  // one frame, its closing header and a little
    ASSERT_EQ(history.CopyTo(out), frame);
    EXPECT_EQ(Get<u32>(out, 0x20), 3u);  // frames 3 and 4 were kept; 3 came out
    std::vector<u8> rest(frame + 0x30);
    ASSERT_EQ(history.CopyTo(rest), frame);
    EXPECT_EQ(Get<u32>(rest, 0x20), 4u);
    std::vector<u8> none;
    EXPECT_EQ(history.CopyTo(none), 0u);  // no buffer: nothing, no fault
}

TEST(PerformanceHistory, NoFramesAskedForKeepsNone) {
    PerformanceHistory history(0, true);
    history.Record(Frame(1), 0, false);
    std::vector<u8> out(0x200, 0xCC);
    EXPECT_EQ(history.CopyTo(out), 0u);
    EXPECT_EQ(Get<u32>(out, 0), 0u);  // a zeroed header where the frames would start
}

}  // namespace
}  // namespace services::audio
