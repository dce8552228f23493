#include "cpu/guest_memory.h"

#include <gtest/gtest.h>

#include "base/error.h"

namespace {

using cpu::Permission;

TEST(GuestMemory, MapsZeroedPagesWithTheirPermissions) {
    cpu::GuestMemory memory(39);
    memory.Map(0x10000, 0x2000, Permission::ReadWrite);
    EXPECT_EQ(memory.Read<u64>(0x10000), u64{0});
    EXPECT_TRUE(memory.Write<u32>(0x11ffc, 0x12345678));
    EXPECT_EQ(memory.Read<u32>(0x11ffc), u32{0x12345678});
    EXPECT_EQ(memory.PermissionAt(0x11000), Permission::ReadWrite);
    EXPECT_EQ(memory.PermissionAt(0x12000), Permission::None);
}

TEST(GuestMemory, HostChecksFollowGuestPermissions) {
    cpu::GuestMemory memory(39);
    memory.Map(0x20000, 0x1000, Permission::Read);
    EXPECT_TRUE(memory.Read<u8>(0x20000).has_value());
    EXPECT_FALSE(memory.Write<u8>(0x20000, 1));
    // An access straddling a mapped and an unmapped page is refused whole.
    EXPECT_FALSE(memory.Read<u64>(0x20ffc).has_value());
    EXPECT_EQ(memory.HostPointer(0x20000, 0x1000, Permission::Read), memory.Base() + 0x20000);
    EXPECT_EQ(memory.HostPointer(0x20000, 0x1001, Permission::Read), nullptr);
}

TEST(GuestMemory, InitialWritesReachReadOnlyPagesAndKeepTheirProtection) {
    cpu::GuestMemory memory(39);
    memory.Map(0x30000, 0x1000, Permission::ReadExecute);
    const u8 code[] = {0xc0, 0x03, 0x5f, 0xd6};
    memory.WriteInitial(0x30000, code);
    EXPECT_EQ(memory.Read<u32>(0x30000), u32{0xd65f03c0});
    EXPECT_FALSE(memory.Write<u32>(0x30000, 0));
    EXPECT_EQ(memory.PermissionAt(0x30000), Permission::ReadExecute);
}

TEST(GuestMemory, UnmapDropsContentsAndAccess) {
    cpu::GuestMemory memory(39);
    memory.Map(0x40000, 0x1000, Permission::ReadWrite);
    ASSERT_TRUE(memory.Write<u32>(0x40000, 7));
    memory.Unmap(0x40000, 0x1000);
    EXPECT_FALSE(memory.Read<u32>(0x40000).has_value());
    memory.Map(0x40000, 0x1000, Permission::ReadWrite);
    EXPECT_EQ(memory.Read<u32>(0x40000), u32{0});
}

TEST(GuestMemory, RejectsRangesOutsideTheAddressSpace) {
    cpu::GuestMemory memory(39);
    EXPECT_THROW(memory.Map(u64{1} << 39, 0x1000, Permission::Read), base::Error);
    EXPECT_THROW(memory.Map(0x1234, 0x1000, Permission::Read), base::Error);
    EXPECT_FALSE(memory.Read<u8>(~u64{0}).has_value());
}

}  // namespace
