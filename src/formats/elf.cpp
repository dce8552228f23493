#include "formats/elf.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <optional>

#include "base/bits.h"
#include "base/byte_reader.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// ELF64 layout (System V ABI, AArch64 supplement).
constexpr u64 kElfHeaderSize = 0x40;
constexpr u64 kClass = 0x4;
constexpr u64 kData = 0x5;
constexpr u64 kType = 0x10;
constexpr u64 kMachine = 0x12;
constexpr u64 kPhOff = 0x20;
constexpr u64 kPhEntSize = 0x36;
constexpr u64 kPhNum = 0x38;
constexpr u8 kClass64 = 2;
constexpr u8 kLittleEndian = 1;
constexpr u16 kTypeExec = 2;
constexpr u16 kTypeDyn = 3;
constexpr u16 kMachineAArch64 = 183;

constexpr u64 kPhdrSize = 0x38;
constexpr u32 kPtLoad = 1;
constexpr u32 kPtNote = 4;
constexpr u32 kPfX = 1;
constexpr u32 kPfW = 2;
constexpr u32 kPfR = 4;
constexpr u32 kNtGnuBuildId = 3;

constexpr u64 kMaxDataGap = 0x100000;

struct ProgramHeader {
    u64 at;  // where the header lies in the file, for errors
    u32 type;
    u32 flags;
    u64 offset;
    u64 vaddr;
    u64 filesz;
    u64 memsz;
};

enum class SegmentKind { kText, kRo, kData };

ProgramHeader ReadProgramHeader(const base::ByteReader& reader, u64 at) {
    const std::string field = "elf.program_header";
    return {at,
            reader.Read<u32>(at, field),
            reader.Read<u32>(at + 0x4, field),
            reader.Read<u64>(at + 0x8, field),
            reader.Read<u64>(at + 0x10, field),
            reader.Read<u64>(at + 0x20, field),
            reader.Read<u64>(at + 0x28, field)};
}

SegmentKind Classify(const base::ByteReader& reader, const ProgramHeader& phdr) {
    const u32 rwx = phdr.flags & (kPfR | kPfW | kPfX);
    if (rwx == (kPfR | kPfX)) {
        return SegmentKind::kText;
    }
    if (rwx == kPfR) {
        return SegmentKind::kRo;
    }
    if (rwx == (kPfR | kPfW)) {
        return SegmentKind::kData;
    }
    reader.Invalid("elf.program_header.flags", phdr.at + 0x4,
                   "PT_LOAD permissions {:#x} are none of R+X, R, R+W", phdr.flags);
}

// The GNU build id from a PT_NOTE segment, if it holds one.
std::optional<std::span<const u8>> FindBuildId(const base::ByteReader& reader,
                                               const ProgramHeader& phdr) {
    const std::span<const u8> notes = reader.Slice(phdr.offset, phdr.filesz, "elf.note");
    u64 at = 0;
    while (notes.size() - at >= 12) {
        u32 header[3];  // namesz, descsz, type
        std::memcpy(header, notes.data() + at, sizeof(header));
        const u64 name_size = base::AlignUp<u64>(header[0], 4);
        const u64 desc_size = base::AlignUp<u64>(header[1], 4);
        const u64 remaining = notes.size() - at - 12;
        if (name_size > remaining || desc_size > remaining - name_size) {
            reader.Invalid("elf.note", phdr.offset + at,
                           "note of {:#x}+{:#x} bytes runs past its segment", header[0], header[1]);
        }
        const std::span<const u8> name = notes.subspan(at + 12, header[0]);
        if (header[2] == kNtGnuBuildId && header[0] == 4 &&
            std::equal(name.begin(), name.end(), AsBytes(std::string_view("GNU\0", 4)).begin())) {
            return notes.subspan(at + 12 + name_size, header[1]);
        }
        at += 12 + name_size + desc_size;
    }
    return std::nullopt;
}

void CheckHeader(const base::ByteReader& reader) {
    reader.Require(0, kElfHeaderSize, "elf.header");
    RequireMagic(reader, 0,
                 "\x7f"
                 "ELF",
                 "elf.magic");
    if (reader.Read<u8>(kClass, "elf.class") != kClass64) {
        reader.Invalid("elf.class", kClass, "not a 64-bit ELF");
    }
    if (reader.Read<u8>(kData, "elf.data") != kLittleEndian) {
        reader.Invalid("elf.data", kData, "not little-endian");
    }
    const u16 type = reader.Read<u16>(kType, "elf.type");
    if (type != kTypeExec && type != kTypeDyn) {
        reader.Invalid("elf.type", kType, "type {} is neither ET_EXEC nor ET_DYN", type);
    }
    const u16 machine = reader.Read<u16>(kMachine, "elf.machine");
    if (machine != kMachineAArch64) {
        reader.Invalid("elf.machine", kMachine, "machine {} is not AArch64 (183)", machine);
    }
    const u16 entry_size = reader.Read<u16>(kPhEntSize, "elf.phentsize");
    if (entry_size != kPhdrSize) {
        reader.Invalid("elf.phentsize", kPhEntSize, "program header size {:#x}, expected 0x38",
                       entry_size);
    }
}

}  // namespace

ModuleImage ModuleFromElf(std::span<const u8> elf, std::string source) {
    const base::ByteReader reader(elf, source);
    CheckHeader(reader);
    const u64 phoff = reader.Read<u64>(kPhOff, "elf.phoff");
    const u16 phnum = reader.Read<u16>(kPhNum, "elf.phnum");
    reader.Require(phoff, u64{phnum} * kPhdrSize, "elf.program_headers");

    ModuleImage module;
    module.name = std::filesystem::path(source).stem().string();
    std::optional<std::span<const u8>> build_id;
    bool have[3] = {};
    u64 previous_end = 0;
    u64 data_end = 0;  // end of the last RW segment in memory
    for (u16 i = 0; i < phnum; ++i) {
        const ProgramHeader phdr = ReadProgramHeader(reader, phoff + i * kPhdrSize);
        if (phdr.type == kPtNote && !build_id) {
            build_id = FindBuildId(reader, phdr);
        }
        if (phdr.type != kPtLoad) {
            continue;
        }
        reader.Require(phdr.offset, phdr.filesz, "elf.segment");
        if (phdr.filesz > phdr.memsz) {
            reader.Invalid("elf.program_header.filesz", phdr.at + 0x20,
                           "file size {:#x} exceeds memory size {:#x}", phdr.filesz, phdr.memsz);
        }
        if (!base::IsAligned<u64>(phdr.vaddr, kPageSize)) {
            reader.Invalid("elf.program_header.vaddr", phdr.at + 0x10,
                           "segment address {:#x} is not page-aligned", phdr.vaddr);
        }
        if (phdr.vaddr < previous_end) {
            reader.Invalid("elf.program_header.vaddr", phdr.at + 0x10,
                           "segment at {:#x} overlaps or precedes the previous one (ends at "
                           "{:#x})",
                           phdr.vaddr, previous_end);
        }
        if (phdr.vaddr > 0xffffffffu || phdr.memsz > 0xffffffffu - phdr.vaddr) {
            reader.Invalid("elf.program_header.memsz", phdr.at + 0x28,
                           "segment ({:#x} bytes at {:#x}) exceeds the 32-bit module space",
                           phdr.memsz, phdr.vaddr);
        }
        previous_end = phdr.vaddr + phdr.memsz;
        const std::span<const u8> bytes = elf.subspan(phdr.offset, phdr.filesz);
        const SegmentKind kind = Classify(reader, phdr);
        const int index = static_cast<int>(kind);
        // Segments come in the order text, ro, data; only data may have several parts.
        for (int later = index + 1; later < 3; ++later) {
            if (have[later]) {
                reader.Invalid("elf.program_header", phdr.at,
                               "segment order must be text (R+X), ro (R), data (R+W)");
            }
        }
        if (have[index] && kind != SegmentKind::kData) {
            reader.Invalid("elf.program_header", phdr.at, "second {} segment",
                           kind == SegmentKind::kText ? "text" : "ro");
        }
        if (kind == SegmentKind::kText && phdr.vaddr != 0) {
            reader.Invalid("elf.program_header.vaddr", phdr.at + 0x10,
                           "text is linked at {:#x}, not 0", phdr.vaddr);
        }
        if (!have[0] && kind != SegmentKind::kText) {
            reader.Invalid("elf.program_header", phdr.at, "the first PT_LOAD must be text (R+X)");
        }
        const u32 vaddr = static_cast<u32>(phdr.vaddr);
        if (kind == SegmentKind::kText || kind == SegmentKind::kRo) {
            // Only data has bss; zero-filled text or ro would mean a misuse of the linker.
            if (phdr.memsz != phdr.filesz) {
                reader.Invalid("elf.program_header.memsz", phdr.at + 0x28,
                               "read-only segment has memory size {:#x} but file size {:#x}",
                               phdr.memsz, phdr.filesz);
            }
            (kind == SegmentKind::kText ? module.text : module.ro)
                .assign(bytes.begin(), bytes.end());
            (kind == SegmentKind::kText ? module.text_offset : module.ro_offset) = vaddr;
        } else {
            if (!have[index]) {
                module.data_offset = vaddr;
            }
            // A later RW part (after RELRO, say): the gap and the earlier part's bss become
            // zeros in data. Bounded, so that a hostile file cannot make us allocate gigabytes.
            const u64 zeros = vaddr - (module.data_offset + u64{module.data.size()});
            if (have[index] && zeros > kMaxDataGap) {
                reader.Invalid("elf.program_header.vaddr", phdr.at + 0x10,
                               "{:#x} bytes between data segments (at most {:#x})", zeros,
                               kMaxDataGap);
            }
            module.data.resize(vaddr - module.data_offset);
            module.data.insert(module.data.end(), bytes.begin(), bytes.end());
            data_end = phdr.vaddr + phdr.memsz;
        }
        have[index] = true;
    }
    if (!have[0]) {
        reader.Invalid("elf.program_headers", phoff, "no text (R+X) PT_LOAD segment");
    }
    // A missing ro or data segment becomes an empty one on the next page.
    if (!have[1]) {
        module.ro_offset = static_cast<u32>(
            base::AlignUp<u64>(module.text_offset + module.text.size(), kPageSize));
    }
    if (!have[2]) {
        module.data_offset =
            static_cast<u32>(base::AlignUp<u64>(module.ro_offset + module.ro.size(), kPageSize));
        data_end = module.data_offset;
    }
    module.bss_size = static_cast<u32>(data_end - module.data_offset - module.data.size());

    if (build_id) {
        const std::size_t size = std::min(build_id->size(), module.module_id.size());
        std::copy_n(build_id->begin(), size, module.module_id.begin());
    } else {
        module.module_id = base::Sha256(module.text);
    }
    module.Validate(source);
    return module;
}

}  // namespace formats
