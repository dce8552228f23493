// GP entries and method headers decoded field by field from words built by hand from
// dev_pbdma.ref.txt / dev_ram.ref.txt's bit positions, and the reader's runs.

#include <gtest/gtest.h>

#include <vector>

#include "gpu/gp_entry.h"
#include "gpu/method_header.h"
#include "gpu/pushbuffer_reader.h"
#include "gpu_test_memory.h"

namespace {

using gpu::MethodForm;
using gpu::MethodHeader;

TEST(GpEntry, FieldsOfASegmentEntry) {
    // GET 0x12345678 (bits 31:2), GET_HI 0xAB, PRIV, LEVEL subroutine, LENGTH 0x155, SYNC.
    const u64 raw =
        (u64{0x8000'0000u | (0x155u << 10) | (1u << 9) | (1u << 8) | 0xABu} << 32) | 0x1234'5679u;
    const gpu::GpEntry entry = gpu::GpEntry::Decode(raw);
    EXPECT_EQ(entry.address, 0xAB'1234'5678ull);
    EXPECT_TRUE(entry.fetch_conditional);
    EXPECT_TRUE(entry.privileged);
    EXPECT_TRUE(entry.subroutine);
    EXPECT_EQ(entry.length, 0x155u);
    EXPECT_TRUE(entry.sync);
    EXPECT_FALSE(entry.IsControl());
}

TEST(GpEntry, LengthZeroIsAControlEntryWithItsOpcode) {
    for (u8 opcode : {0, 1, 2, 3}) {
        const gpu::GpEntry entry = gpu::GpEntry::Decode(u64{opcode} << 32);
        EXPECT_TRUE(entry.IsControl());
        EXPECT_EQ(entry.control, opcode);
    }
    const gpu::GpEntry main = gpu::GpEntry::Decode(gpu_test::GpEntryFor(0x10'0000'1000, 8));
    EXPECT_EQ(main.address, 0x10'0000'1000ull);
    EXPECT_EQ(main.length, 8u);
    EXPECT_FALSE(main.subroutine);
    EXPECT_FALSE(main.sync);
}

TEST(MethodHeader, EveryForm) {
    struct Case {
        u32 word;
        MethodForm form;
        u32 method, subchannel, count, immediate;
    };
    const Case cases[] = {
        {0x2004'A380, MethodForm::Incrementing, 0x380, 5, 4, 0},        // SEC_OP 1
        {0x6003'2010, MethodForm::NonIncrementing, 0x010, 1, 3, 0},     // SEC_OP 3
        {0x8123'6005, MethodForm::Immediate, 0x005, 3, 0, 0x123},       // SEC_OP 4, 13-bit data
        {0xBFFF'EFFF, MethodForm::IncrementOnce, 0xFFF, 7, 0x1FFF, 0},  // SEC_OP 5
        {0xE000'0000, MethodForm::EndSegment, 0, 0, 0, 0},
        {0xC004'0000, MethodForm::Reserved, 0, 0, 0, 0},
        // The old forms: count 28:18, byte address 12:2.
        {(2u << 18) | (1u << 13) | 0x180, MethodForm::Incrementing, 0x60, 1, 2, 0},
        {0x4000'0000u | (7u << 18) | (2u << 13) | 0x1FFC, MethodForm::NonIncrementing, 0x7FF, 2, 7,
         0},
        {0x0000'0000, MethodForm::Incrementing, 0, 0, 0, 0},  // the NOP word: a run of none
    };
    for (const Case& c : cases) {
        const MethodHeader header = MethodHeader::Decode(c.word);
        EXPECT_EQ(header.form, c.form) << std::hex << c.word;
        EXPECT_EQ(header.method, c.method) << std::hex << c.word;
        EXPECT_EQ(header.subchannel, c.subchannel) << std::hex << c.word;
        EXPECT_EQ(header.count, c.count) << std::hex << c.word;
        EXPECT_EQ(header.immediate, c.immediate) << std::hex << c.word;
    }
    // The subdevice-mask forms: TERT_OP 1/2/3, mask 15:4.
    EXPECT_EQ(MethodHeader::Decode(0x0001'0FF0).form, MethodForm::SetSubdeviceMask);
    EXPECT_EQ(MethodHeader::Decode(0x0001'0FF0).mask, 0xFFu);
    EXPECT_EQ(MethodHeader::Decode(0x0002'0010).form, MethodForm::StoreSubdeviceMask);
    EXPECT_EQ(MethodHeader::Decode(0x0003'0000).form, MethodForm::UseSubdeviceMask);
}

struct Recorded {
    u32 method, argument, subchannel;
    bool last;
    bool operator==(const Recorded&) const = default;
};

std::vector<Recorded> FeedAll(gpu::PushbufferReader& reader, const std::vector<u32>& words,
                              bool* ended = nullptr) {
    std::vector<Recorded> calls;
    bool end = false;
    reader.Feed(words, 0, end, [&](const gpu::MethodCall& call) {
        calls.push_back({call.method, call.argument, call.subchannel, call.is_last_call});
        return true;
    });
    if (ended != nullptr) {
        *ended = end;
    }
    return calls;
}

TEST(PushbufferReader, RunsOfEveryForm) {
    using namespace gpu_test;
    gpu::PushbufferReader reader;
    const std::vector<u32> words = {
        Incrementing(1, 0x100, 2),
        11,
        12,  //
        NonIncrementing(2, 0x200, 2),
        21,
        22,  //
        IncrementOnce(3, 0x300, 3),
        31,
        32,
        33,                           //
        Immediate(4, 0x400, 0x1ABC),  //
        0,                            // a NOP word
        Incrementing(5, 0xFFF, 2),
        51,
        52,  // the method index wraps at 12 bits
    };
    const std::vector<Recorded> expected = {
        {0x100, 11, 1, false}, {0x101, 12, 1, true},     {0x200, 21, 2, false},
        {0x200, 22, 2, true},  {0x300, 31, 3, false},    {0x301, 32, 3, false},
        {0x301, 33, 3, true},  {0x400, 0x1ABC, 4, true}, {0xFFF, 51, 5, false},
        {0x000, 52, 5, true},
    };
    EXPECT_EQ(FeedAll(reader, words), expected);
    EXPECT_FALSE(reader.InRun());
}

TEST(PushbufferReader, ARunContinuesIntoTheNextSegment) {
    using namespace gpu_test;
    gpu::PushbufferReader reader;
    EXPECT_EQ(FeedAll(reader, {Incrementing(0, 0x80, 3), 1}),
              (std::vector<Recorded>{{0x80, 1, 0, false}}));
    EXPECT_TRUE(reader.InRun());
    EXPECT_EQ(FeedAll(reader, {2, 3, Immediate(0, 0x90, 7)}),
              (std::vector<Recorded>{{0x81, 2, 0, false}, {0x82, 3, 0, true}, {0x90, 7, 0, true}}));
}

TEST(PushbufferReader, EndOfSegmentStopsAndTheSubdeviceMaskSilencesCalls) {
    using namespace gpu_test;
    gpu::PushbufferReader reader;
    bool ended = false;
    const auto calls =
        FeedAll(reader, {Immediate(0, 0x40, 1), kEndSegment, Immediate(0, 0x41, 2)}, &ended);
    EXPECT_TRUE(ended);
    EXPECT_EQ(calls, (std::vector<Recorded>{{0x40, 1, 0, true}}));
    // Store a mask without subdevice 0, set one without it, then use the stored one back.
    const std::vector<u32> masked = {
        0x0002'0FF0,  // store mask 0xFF (subdevice 0 in)
        0x0001'0020,  // set mask 0x2: not this GPU
        Immediate(0, 0x42, 3),
        0x0003'0000,  // use the stored mask
        Immediate(0, 0x43, 4),
    };
    EXPECT_EQ(FeedAll(reader, masked), (std::vector<Recorded>{{0x43, 4, 0, true}}));
}

TEST(PushbufferReader, AStoppedFeedResumesAfterTheCallItStoppedAt) {
    using namespace gpu_test;
    gpu::PushbufferReader reader;
    const std::vector<u32> words = {Incrementing(0, 0x50, 3), 1, 2, 3};
    bool ended = false;
    std::vector<u32> seen;
    std::size_t at = reader.Feed(words, 0, ended, [&](const gpu::MethodCall& call) {
        seen.push_back(call.argument);
        return call.argument != 2;
    });
    EXPECT_EQ(at, 3u);
    at = reader.Feed(words, at, ended, [&](const gpu::MethodCall& call) {
        seen.push_back(call.argument);
        return true;
    });
    EXPECT_EQ(at, 4u);
    EXPECT_EQ(seen, (std::vector<u32>{1, 2, 3}));
}

}  // namespace
