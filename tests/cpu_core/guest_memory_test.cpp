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

// The table compiled code reads: each page's own permission, and up kBothPagesShift what it
// and the next page both allow, kept right as neighbours are mapped, protected and unmapped.
TEST(GuestMemory, PermissionTableSaysWhatAPageAndTheNextBothAllow) {
    cpu::GuestMemory memory(39);
    const u8* table = memory.PermissionTable();
    const auto entry = [&](u64 address) { return table[address / cpu::kPageSize]; };
    const auto both = [](Permission permission) {
        return static_cast<u8>(static_cast<u8>(permission) << cpu::GuestMemory::kBothPagesShift);
    };
    const auto own = [](Permission permission) { return static_cast<u8>(permission); };
    memory.Map(0x40000, 0x3000, Permission::ReadWrite);
    EXPECT_EQ(entry(0x40000), own(Permission::ReadWrite) | both(Permission::ReadWrite));
    EXPECT_EQ(entry(0x41000), own(Permission::ReadWrite) | both(Permission::ReadWrite));
    EXPECT_EQ(entry(0x42000), own(Permission::ReadWrite));  // the mapping's last page
    EXPECT_EQ(entry(0x3f000), 0);
    // A read-only page after it: the last writable page and the new one share only Read.
    memory.Map(0x43000, 0x1000, Permission::Read);
    EXPECT_EQ(entry(0x42000), own(Permission::ReadWrite) | both(Permission::Read));
    EXPECT_EQ(entry(0x43000), own(Permission::Read));
    // Protecting a page in the middle changes its own entry and the one before it.
    memory.Protect(0x41000, 0x1000, Permission::Read);
    EXPECT_EQ(entry(0x40000), own(Permission::ReadWrite) | both(Permission::Read));
    EXPECT_EQ(entry(0x41000), own(Permission::Read) | both(Permission::Read));
    memory.Unmap(0x41000, 0x1000);
    EXPECT_EQ(entry(0x40000), own(Permission::ReadWrite));
    EXPECT_EQ(entry(0x41000), 0);
    EXPECT_EQ(memory.PermissionAt(0x40000), Permission::ReadWrite);
    EXPECT_EQ(memory.PermissionAt(0x42000), Permission::ReadWrite);
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
