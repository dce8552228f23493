#include "base/byte_reader.h"

#include <gtest/gtest.h>

#include <array>

namespace {

TEST(ByteReader, ReadsLittleEndianValues) {
    const std::array<u8, 6> bytes{0x78, 0x56, 0x34, 0x12, 0xcd, 0xab};
    const base::ByteReader reader(bytes, "x.bin");
    EXPECT_EQ(reader.Read<u32>(0, "word"), 0x12345678u);
    EXPECT_EQ(reader.Read<u16>(4, "half"), 0xabcdu);
}

TEST(ByteReader, ErrorNamesFileFieldAndOffset) {
    const std::array<u8, 4> bytes{};
    const base::ByteReader reader(bytes, "damaged.nro");
    try {
        reader.Read<u32>(2, "header.magic");
        FAIL() << "read past the end succeeded";
    } catch (const base::Error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("damaged.nro"), std::string::npos) << message;
        EXPECT_NE(message.find("header.magic"), std::string::npos) << message;
        EXPECT_NE(message.find("0x2"), std::string::npos) << message;
    }
}

TEST(ByteReader, SliceRejectsOverflowingSizes) {
    const std::array<u8, 16> bytes{};
    const base::ByteReader reader(bytes, "f");
    EXPECT_THROW(reader.Slice(8, ~u64{0}, "segment"), base::Error);
    EXPECT_EQ(reader.Slice(8, 8, "segment").size(), 8u);
}

}  // namespace
