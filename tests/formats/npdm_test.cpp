#include "formats/npdm.h"

#include <gtest/gtest.h>

#include <cstring>

#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;

u32 Get32(const std::vector<u8>& bytes, std::size_t offset) {
    u32 value;
    std::memcpy(&value, bytes.data() + offset, sizeof(value));
    return value;
}

void Put32(std::vector<u8>& bytes, std::size_t offset, u32 value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

// An NPDM using every kind of capability descriptor and field.
Npdm RichNpdm() {
    Npdm npdm = DefaultNpdm("Application", 0x0100000000010000);
    npdm.meta.signature_key_generation = 1;
    npdm.meta.address_space_type = AddressSpaceType::k64BitOld;
    npdm.meta.extra_flags = 0x1;
    npdm.meta.system_resource_size = 0x200000;
    npdm.meta.version = 7;
    npdm.meta.product_code = "HAC-P-ABCDE";
    npdm.acid.signature.fill(0x11);
    npdm.acid.public_key.fill(0x22);
    npdm.acid.version = 1;
    npdm.acid.flags = 0x5;
    npdm.acid.program_id_max = 0x01000000000100ff;
    npdm.acid.fs_access.permissions = 0x8000000000000801;
    npdm.acid.service_access = {{"fsp-srv", false}, {"sm:", false}, {"nxhost:t", true}};
    KernelCapabilities& caps = npdm.acid.kernel_caps;
    caps.allowed_svcs.set(0x90);
    caps.allowed_svcs.set(191);
    caps.memory_maps = {{0x70000000, 0x3000, true, true, 0},
                        {0x80000000, 0x10000, false, false, 0x3}};
    caps.io_pages = {0x50041000, 0x60006000};
    caps.region_maps = {{1, false}, {2, true}, {3, false}, {1, true}};
    caps.interrupts = {32, 33, 200};
    caps.has_program_type = true;
    caps.program_type = 1;
    caps.has_kernel_version = true;
    caps.kernel_version = 0x1a3;  // 26.3
    caps.has_debug_flags = true;
    caps.allow_debug = true;
    caps.force_debug = true;
    return npdm;
}

TEST(Npdm, DefaultRoundTrips) {
    const Npdm npdm = DefaultNpdm("Application", 0x0100000000001000);
    const std::vector<u8> file = WriteNpdm(npdm);
    const Npdm read = ReadNpdm(file, "main.npdm");
    EXPECT_EQ(read, npdm);
    EXPECT_EQ(read.ProgramId(), 0x0100000000001000u);
    EXPECT_EQ(read.meta.main_thread_priority, 44);
    EXPECT_EQ(read.meta.main_thread_stack_size, 0x100000u);
    EXPECT_EQ(read.aci.kernel_caps.allowed_svcs.count(), 0x7fu);
    EXPECT_FALSE(read.aci.kernel_caps.allowed_svcs.test(0));
    EXPECT_EQ(read.aci.kernel_caps.lowest_thread_priority, 59);
    EXPECT_EQ(read.aci.kernel_caps.highest_thread_priority, 24);
    EXPECT_EQ(read.aci.kernel_caps.max_core, 2);
    EXPECT_EQ(read.aci.kernel_caps.handle_table_size, 1023);
}

TEST(Npdm, EveryFieldRoundTrips) {
    const Npdm npdm = RichNpdm();
    const std::vector<u8> file = WriteNpdm(npdm);
    const Npdm read = ReadNpdm(file, "main.npdm");
    EXPECT_EQ(read.meta, npdm.meta);
    EXPECT_EQ(read.acid.kernel_caps, npdm.acid.kernel_caps);
    EXPECT_EQ(read.acid, npdm.acid);
    EXPECT_EQ(read.aci, npdm.aci);
    EXPECT_EQ(read.acid.kernel_caps.KernelVersionMajor(), 26u);
    EXPECT_EQ(read.acid.kernel_caps.KernelVersionMinor(), 3u);
    EXPECT_EQ(WriteNpdm(read), file);
}

TEST(Npdm, DecodesAHandWrittenThreadInfoDescriptor) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    const u32 aci = Get32(file, 0x70);
    const u32 kac = aci + Get32(file, aci + 0x30);
    // Cores 1..3, priorities 28 (highest) .. 44 (lowest).
    Put32(file, kac, 3u << 24 | 1u << 16 | 28u << 10 | 44u << 4 | 0x7);
    const KernelCapabilities caps = ReadNpdm(file, "m").aci.kernel_caps;
    EXPECT_EQ(caps.min_core, 1);
    EXPECT_EQ(caps.max_core, 3);
    EXPECT_EQ(caps.highest_thread_priority, 28);
    EXPECT_EQ(caps.lowest_thread_priority, 44);
}

TEST(Npdm, RejectsTruncatedFile) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    file.resize(0x60);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "main.npdm"); }),
                         "main.npdm: npdm.meta at offset 0x0 (size 0x80) is past the end"));
    file = WriteNpdm(DefaultNpdm("a", 1));
    file.resize(file.size() - 4);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "main.npdm"); }),
                         "main.npdm: npdm.aci at offset 0x70:"));
}

TEST(Npdm, RejectsWrongMagics) {
    const std::vector<u8> good = WriteNpdm(DefaultNpdm("a", 1));
    std::vector<u8> file = good;
    file[0] = 'm';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         "n: npdm.meta.magic at offset 0x0: expected magic \"META\""));
    file = good;
    file[0x80 + 0x200] = 'X';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         "n: npdm.acid.magic at offset 0x280: expected magic \"ACID\""));
    file = good;
    file[Get32(file, 0x70) + 3] = '1';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }), "expected magic \"ACI0\""));
}

TEST(Npdm, RejectsBadCapabilityWithItsOffset) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    const u32 aci = Get32(file, 0x70);
    const u32 kac = aci + Get32(file, aci + 0x30);
    Put32(file, kac + 4, 0x00010fff);  // 12 trailing ones: no such kind
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         fmt::format("n: npdm.aci.kernel_caps at offset {:#x}: unknown capability "
                                     "descriptor 0x00010fff (12 trailing ones)",
                                     kac + 4)));
}

TEST(Npdm, RejectsDuplicateAndReservedCapabilities) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    const u32 aci = Get32(file, 0x70);
    const u32 kac = aci + Get32(file, aci + 0x30);
    const u32 thread_info = Get32(file, kac);
    Put32(file, kac + 4, thread_info);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         fmt::format("offset {:#x}: second thread info descriptor", kac + 4)));
    Put32(file, kac + 4, 0x7fff | 1u << 30);  // handle table size with a reserved bit
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }), "sets reserved bits 26..31"));
    Put32(file, kac, 0x7 | 50u << 4 | 60u << 10);  // highest priority below the lowest
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         "highest priority 60 is numerically above the lowest 50"));
}

TEST(Npdm, RejectsSectionsOutsideTheirParent) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    const u32 aci = Get32(file, 0x70);
    Put32(file, aci + 0x2c, 0x1000);  // service access size
    EXPECT_TRUE(Contains(
        ErrorOf([&] { ReadNpdm(file, "n"); }),
        fmt::format("n: npdm.aci.service_access at offset {:#x}: 0x1000 bytes", aci + 0x28)));
}

TEST(Npdm, RejectsProgramIdOutsideAcidRange) {
    Npdm npdm = DefaultNpdm("a", 0x0100000000001000);
    npdm.aci.program_id = 0x0100000000002000;
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(WriteNpdm(npdm), "n"); }),
                         "program id 0x0100000000002000 is outside the ACID's range"));
}

TEST(Npdm, RejectsBadMetaFields) {
    std::vector<u8> file = WriteNpdm(DefaultNpdm("a", 1));
    file[0xc] = 0x0f;  // address space type 7
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         "n: npdm.meta.flags at offset 0xc: unknown address space type 7"));
    file[0xc] = 0x07;
    Put32(file, 0x1c, 0x1234);
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }), "stack size 0x1234 is not page"));
}

TEST(Npdm, RejectsMalformedServiceEntry) {
    Npdm npdm = DefaultNpdm("a", 1);
    npdm.aci.service_access = {{"fsp-srv", false}};
    std::vector<u8> file = WriteNpdm(npdm);
    const u32 aci = Get32(file, 0x70);
    const u32 sac = aci + Get32(file, aci + 0x28);
    file[sac] = 0x07;  // claims 8 characters; only 7 are there
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadNpdm(file, "n"); }),
                         "name of 8 characters runs past the section end"));
    EXPECT_TRUE(Contains(ErrorOf([&] { WriteNpdm(DefaultNpdm("a name that is too long", 1)); }),
                         "longer than its 0x10-byte field"));
}

}  // namespace
}  // namespace formats
