#include <gtest/gtest.h>

#include "services/nvdrv/nvmap.h"
#include "services/vi/parcel.h"

namespace {

using services::vi::ParcelReader;
using services::vi::ParcelWriter;

TEST(ViParcel, WhatIsWrittenReadsBack) {
    ParcelWriter writer;
    writer.WriteInterfaceToken(u"android.gui.IGraphicBufferProducer");
    writer.WriteU32(7);
    writer.WriteU64(0x1122334455667788);
    const u8 object[5] = {1, 2, 3, 4, 5};
    writer.WriteFlattened(object);
    const std::vector<u8> bytes = writer.Serialize();
    auto reader = ParcelReader::Parse(bytes);
    ASSERT_TRUE(reader);
    EXPECT_EQ(reader->ReadInterfaceToken(), u"android.gui.IGraphicBufferProducer");
    EXPECT_EQ(reader->ReadU32(), 7u);
    EXPECT_EQ(reader->ReadU64(), 0x1122334455667788u);
    EXPECT_EQ(reader->ReadFlattened(), (std::vector<u8>{1, 2, 3, 4, 5}));
    EXPECT_EQ(reader->Remaining(), 0u);
    EXPECT_FALSE(reader->ReadU32());  // past the end: refused, not read
}

TEST(ViParcel, AHeaderPointingOutsideIsRefused) {
    std::vector<u8> bytes(32, 0);
    bytes[0] = 0x40;  // payload of 64 bytes in a 32-byte parcel
    bytes[4] = 0x10;
    EXPECT_FALSE(ParcelReader::Parse(bytes));
    // A flattened object longer than the payload.
    ParcelWriter writer;
    writer.WriteU32(0x1000);
    writer.WriteU32(0);
    auto reader = ParcelReader::Parse(writer.Serialize());
    ASSERT_TRUE(reader);
    EXPECT_FALSE(reader->ReadFlattened());
}

TEST(NvMap, HandlesAndIdsFindTheSameObject) {
    services::nvdrv::NvMap map;
    const auto object = map.Create(0x3c0000);
    EXPECT_NE(object->handle, object->id);
    EXPECT_EQ(map.FromHandle(object->handle), object);
    EXPECT_EQ(map.FromId(object->id), object);
    EXPECT_EQ(map.FromId(object->handle), nullptr);
    EXPECT_TRUE(map.Free(object->handle));
    EXPECT_EQ(map.FromId(object->id), nullptr);
    EXPECT_FALSE(map.Free(object->handle));
}

}  // namespace
