#include "ipc/hipc.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

namespace {

std::array<u8, 0x100> Message(std::initializer_list<u32> words) {
    std::array<u8, 0x100> bytes{};
    std::size_t at = 0;
    for (const u32 word : words) {
        std::memcpy(bytes.data() + at, &word, 4);
        at += 4;
    }
    return bytes;
}

TEST(Hipc, ParsesHandlesDescriptorsAndData) {
    // Type 4, one X, one A; 8 data words; a special header sending the pid, one copied and one
    // moved handle.
    const auto bytes = Message({
        0x00110004, 0x80000008,        // header
        0x00000023, 0, 0, 0x11, 0x22,  // special header, pid, copy, move
        0x00400000 | (0x2 << 12),      // X: size 0x40, address bits 32..35 = 2
        0x1000,                        // X address low
        0x80, 0x3000, 0x1,             // A: size 0x80, address 0x3000, mode 1
    });
    std::string error;
    const auto message = ipc::ParseHipc(bytes, error);
    ASSERT_TRUE(message) << error;
    EXPECT_EQ(message->type, 4u);
    EXPECT_TRUE(message->send_pid);
    EXPECT_EQ(message->copy_handles, std::vector<u32>{0x11});
    EXPECT_EQ(message->move_handles, std::vector<u32>{0x22});
    ASSERT_EQ(message->x.size(), 1u);
    EXPECT_EQ(message->x[0].address, 0x2'0000'1000u);
    EXPECT_EQ(message->x[0].size, 0x40u);
    ASSERT_EQ(message->a.size(), 1u);
    EXPECT_EQ(message->a[0].address, 0x3000u);
    EXPECT_EQ(message->a[0].size, 0x80u);
    EXPECT_EQ(message->a[0].mode, 1u);
    EXPECT_EQ(message->data_words, 8u);
    EXPECT_EQ(message->data_offset, 12u * 4);
}

TEST(Hipc, RefusesCountsPastTheBuffer) {
    std::string error;
    // 15 A descriptors and 1023 data words cannot fit in 0x100 bytes.
    EXPECT_FALSE(ipc::ParseHipc(Message({0x00f00004, 0x3ff}), error));
    EXPECT_NE(error.find("past the message buffer"), std::string::npos);
    EXPECT_FALSE(ipc::ParseHipc(std::span<const u8>(), error));
}

TEST(Hipc, WritesRepliesWithHandles) {
    std::array<u8, 0x100> bytes{};
    ipc::HipcReply reply;
    reply.data_words = 8;
    reply.move_handles = {0x1234};
    const auto offset = ipc::WriteHipcHeader(bytes, reply);
    ASSERT_TRUE(offset);
    EXPECT_EQ(*offset, 16u);
    std::string error;
    const auto parsed = ipc::ParseHipc(bytes, error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->move_handles, std::vector<u32>{0x1234});
    EXPECT_EQ(parsed->data_words, 8u);
}

}  // namespace
