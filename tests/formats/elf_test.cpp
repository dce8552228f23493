#include "formats/elf.h"

#include <gtest/gtest.h>

#include <cstring>

#include "base/sha256.h"
#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;

struct Segment {
    u32 type;  // PT_LOAD 1, PT_NOTE 4
    u32 flags;
    u64 vaddr;
    std::vector<u8> bytes;
    u64 memsz;
};

template <typename T>
void Put(std::vector<u8>& bytes, std::size_t offset, T value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

// A minimal AArch64 ELF64 shared object: header, program headers, then each segment's bytes at
// a page-aligned file offset.
std::vector<u8> BuildElf(const std::vector<Segment>& segments) {
    std::vector<u8> elf(0x1000);
    std::memcpy(elf.data(),
                "\x7f"
                "ELF",
                4);
    elf[4] = 2;  // 64-bit
    elf[5] = 1;  // little-endian
    elf[6] = 1;
    Put<u16>(elf, 0x10, 3);    // ET_DYN
    Put<u16>(elf, 0x12, 183);  // AArch64
    Put<u32>(elf, 0x14, 1);
    Put<u64>(elf, 0x20, 0x40);  // phoff
    Put<u16>(elf, 0x34, 0x40);
    Put<u16>(elf, 0x36, 0x38);
    Put<u16>(elf, 0x38, static_cast<u16>(segments.size()));
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const Segment& segment = segments[i];
        const std::size_t phdr = 0x40 + i * 0x38;
        const u64 offset = elf.size();
        Put<u32>(elf, phdr, segment.type);
        Put<u32>(elf, phdr + 4, segment.flags);
        Put<u64>(elf, phdr + 8, offset);
        Put<u64>(elf, phdr + 0x10, segment.vaddr);
        Put<u64>(elf, phdr + 0x18, segment.vaddr);
        Put<u64>(elf, phdr + 0x20, segment.bytes.size());
        Put<u64>(elf, phdr + 0x28, segment.memsz);
        Put<u64>(elf, phdr + 0x30, 0x1000);
        elf.insert(elf.end(), segment.bytes.begin(), segment.bytes.end());
        elf.resize((elf.size() + 0xfff) & ~std::size_t{0xfff});
    }
    return elf;
}

std::vector<u8> Bytes(std::size_t size, u8 value) {
    return std::vector<u8>(size, value);
}

std::vector<u8> BuildIdNote(const std::vector<u8>& id) {
    std::vector<u8> note(16);
    Put<u32>(note, 0, 4);
    Put<u32>(note, 4, static_cast<u32>(id.size()));
    Put<u32>(note, 8, 3);  // NT_GNU_BUILD_ID
    std::memcpy(note.data() + 12, "GNU", 4);
    note.insert(note.end(), id.begin(), id.end());
    return note;
}

constexpr u32 kR = 4, kW = 2, kX = 1;

std::vector<Segment> TypicalSegments() {
    return {{1, kR | kX, 0x0, Bytes(0x1800, 0x11), 0x1800},
            {1, kR, 0x2000, Bytes(0x900, 0x22), 0x900},
            {1, kR | kW, 0x3000, Bytes(0x300, 0x33), 0x2000}};
}

TEST(Elf, MapsLoadSegmentsToModuleSegments) {
    const ModuleImage module = ModuleFromElf(BuildElf(TypicalSegments()), "dir/hello.elf");
    EXPECT_EQ(module.name, "hello");
    EXPECT_EQ(module.text, Bytes(0x1800, 0x11));
    EXPECT_EQ(module.ro, Bytes(0x900, 0x22));
    EXPECT_EQ(module.data, Bytes(0x300, 0x33));
    EXPECT_EQ(module.ro_offset, 0x2000u);
    EXPECT_EQ(module.data_offset, 0x3000u);
    EXPECT_EQ(module.bss_size, 0x1d00u);
    EXPECT_EQ(module.ImageSize(), 0x5000u);
    // No build id note: the module id is the text's SHA-256.
    EXPECT_EQ(module.module_id, base::Sha256(module.text));
}

TEST(Elf, TakesModuleIdFromBuildIdNote) {
    std::vector<Segment> segments = TypicalSegments();
    const std::vector<u8> id = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
    const std::vector<u8> note = BuildIdNote(id);
    segments.push_back({4, kR, 0x2800, note, note.size()});
    const ModuleImage module = ModuleFromElf(BuildElf(segments), "a.elf");
    EXPECT_TRUE(std::equal(id.begin(), id.end(), module.module_id.begin()));
    EXPECT_EQ(module.module_id[20], 0);
}

TEST(Elf, MergesSplitDataSegments) {
    std::vector<Segment> segments = TypicalSegments();
    segments[2] = {1, kR | kW, 0x3000, Bytes(0x100, 0x33), 0x200};  // RELRO part with bss
    segments.push_back({1, kR | kW, 0x4000, Bytes(0x80, 0x44), 0x1000});
    const ModuleImage module = ModuleFromElf(BuildElf(segments), "a.elf");
    ASSERT_EQ(module.data.size(), 0x1080u);
    EXPECT_EQ(module.data[0xff], 0x33);
    EXPECT_EQ(module.data[0x100], 0);
    EXPECT_EQ(module.data[0x1000], 0x44);
    EXPECT_EQ(module.bss_size, 0x1000u - 0x80u);
}

TEST(Elf, RejectsWrongMagicAndMachine) {
    std::vector<u8> elf = BuildElf(TypicalSegments());
    elf[1] = 'e';
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(elf, "a.elf"); }),
                         "a.elf: elf.magic at offset 0x0: expected magic"));
    elf = BuildElf(TypicalSegments());
    Put<u16>(elf, 0x12, 62);  // x86-64
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(elf, "a.elf"); }),
                         "a.elf: elf.machine at offset 0x12: machine 62 is not AArch64"));
}

TEST(Elf, RejectsTruncatedFile) {
    std::vector<u8> elf = BuildElf(TypicalSegments());
    elf.resize(0x4100);  // cuts the data segment's bytes (file offset 0x4000)
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(elf, "a.elf"); }),
                         "a.elf: elf.segment at offset 0x4000 (size 0x300) is past the end"));
}

TEST(Elf, RejectsMisalignedOverlappingOrMisorderedSegments) {
    std::vector<Segment> segments = TypicalSegments();
    segments[1].vaddr = 0x2100;
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(BuildElf(segments), "a.elf"); }),
                         "segment address 0x2100 is not page-aligned"));
    segments[1].vaddr = 0x1000;
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(BuildElf(segments), "a.elf"); }),
                         "a.elf: elf.program_header.vaddr at offset 0x88: segment at 0x1000 "
                         "overlaps"));
    segments = TypicalSegments();
    std::swap(segments[1].flags, segments[2].flags);  // data before ro
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(BuildElf(segments), "a.elf"); }),
                         "segment order must be text (R+X), ro (R), data (R+W)"));
    segments = TypicalSegments();
    segments[0].flags = kR | kW | kX;
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(BuildElf(segments), "a.elf"); }),
                         "PT_LOAD permissions 0x7 are none of R+X, R, R+W"));
}

TEST(Elf, RejectsHostileNote) {
    std::vector<Segment> segments = TypicalSegments();
    std::vector<u8> note = BuildIdNote(Bytes(20, 1));
    Put<u32>(note, 4, 0xfffffff0);  // descsz far past the segment
    segments.push_back({4, kR, 0x2800, note, note.size()});
    EXPECT_TRUE(Contains(ErrorOf([&] { ModuleFromElf(BuildElf(segments), "a.elf"); }),
                         "runs past its segment"));
}

}  // namespace
}  // namespace formats
