#include "formats/nso.h"

#include <algorithm>
#include <filesystem>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"
#include "formats/lz4_block.h"

namespace formats {

namespace {

// Offsets in the NSO header (switchbrew "NSO").
constexpr u64 kVersion = 0x4;
constexpr u64 kFlags = 0xc;
constexpr u64 kSegmentHeaders = 0x10;  // 3 x {file offset, memory offset, size}, 0x10 apart
constexpr u64 kSegmentHeaderStride = 0x10;
constexpr u64 kModuleNameOffset = 0x1c;
constexpr u64 kModuleNameSize = 0x2c;
constexpr u64 kBssSize = 0x3c;
constexpr u64 kModuleId = 0x40;
constexpr u64 kFileSizes = 0x60;  // 3 x u32
constexpr u64 kApiInfo = 0x88;
constexpr u64 kDynstr = 0x90;
constexpr u64 kDynsym = 0x98;
constexpr u64 kHashes = 0xa0;  // 3 x SHA-256

constexpr u32 kKnownFlags = 0x3f;
constexpr const char* kSegmentNames[] = {"text", "ro", "data"};

SectionRef ReadSectionRef(const base::ByteReader& reader, u64 offset, std::string_view field) {
    return {reader.Read<u32>(offset, field), reader.Read<u32>(offset + 4, field)};
}

NsoSegment ReadSegmentHeader(const base::ByteReader& reader, u32 flags, int index) {
    NsoSegment segment;
    const u64 header = kSegmentHeaders + index * kSegmentHeaderStride;
    const std::string field = fmt::format("nso.segments.{}", kSegmentNames[index]);
    segment.file_offset = reader.Read<u32>(header, field);
    segment.memory_offset = reader.Read<u32>(header + 4, field);
    segment.size = reader.Read<u32>(header + 8, field);
    segment.file_size = reader.Read<u32>(kFileSizes + index * 4, field + ".file_size");
    segment.compressed = (flags >> index) & 1;
    segment.hash_checked = (flags >> (index + 3)) & 1;
    const std::span<const u8> hash =
        reader.Slice(kHashes + index * 0x20, segment.hash.size(), field + ".hash");
    std::copy(hash.begin(), hash.end(), segment.hash.begin());
    return segment;
}

// Validates where `segment` lies in the file and in memory, and returns its decompressed bytes.
std::vector<u8> LoadSegment(const base::ByteReader& reader, const NsoSegment& segment, int index,
                            u64 previous_memory_end) {
    const u64 header = kSegmentHeaders + index * kSegmentHeaderStride;
    const std::string field = fmt::format("nso.segments.{}", kSegmentNames[index]);
    if (segment.memory_offset % kPageSize != 0) {
        reader.Invalid(field, header + 4, "memory offset {:#x} is not page-aligned",
                       segment.memory_offset);
    }
    if (segment.memory_offset < previous_memory_end) {
        reader.Invalid(field, header + 4,
                       "memory offset {:#x} overlaps the previous segment (ends at {:#x})",
                       segment.memory_offset, previous_memory_end);
    }
    if (u64{segment.memory_offset} + segment.size > 0xffffffffu) {
        reader.Invalid(field, header + 8, "segment ({:#x} bytes at {:#x}) exceeds 32 bits",
                       segment.size, segment.memory_offset);
    }
    if (segment.file_offset < kNsoHeaderSize) {
        reader.Invalid(field, header, "file offset {:#x} lies inside the header",
                       segment.file_offset);
    }
    if (segment.file_offset > reader.Size() ||
        segment.file_size > reader.Size() - segment.file_offset) {
        reader.Invalid(field, header,
                       "segment ({:#x} bytes at {:#x}) runs past the end of the file ({:#x} "
                       "bytes)",
                       segment.file_size, segment.file_offset, reader.Size());
    }
    const std::span<const u8> stored =
        reader.Data().subspan(segment.file_offset, segment.file_size);
    std::vector<u8> bytes;
    if (segment.compressed) {
        std::optional<std::vector<u8>> decompressed = Lz4DecompressBlock(stored, segment.size);
        if (!decompressed) {
            reader.Invalid(field, segment.file_offset,
                           "LZ4 data ({:#x} bytes) is corrupt or does not expand to the {:#x} "
                           "bytes the header gives",
                           segment.file_size, segment.size);
        }
        bytes = std::move(*decompressed);
    } else {
        if (segment.file_size != segment.size) {
            reader.Invalid(field, kFileSizes + index * 4,
                           "uncompressed segment stores {:#x} bytes but its size is {:#x}",
                           segment.file_size, segment.size);
        }
        bytes.assign(stored.begin(), stored.end());
    }
    if (segment.hash_checked) {
        const base::Sha256Digest digest = base::Sha256(bytes);
        if (digest != segment.hash) {
            reader.Invalid(field + ".hash", kHashes + index * 0x20,
                           "SHA-256 of the decompressed {} segment is {}, the header says {}",
                           kSegmentNames[index], base::ToHex(digest), base::ToHex(segment.hash));
        }
    }
    return bytes;
}

}  // namespace

Nso ReadNso(std::span<const u8> file, std::string source) {
    const base::ByteReader reader(file, source);
    reader.Require(0, kNsoHeaderSize, "nso.header");
    RequireMagic(reader, 0, "NSO0", "nso.magic");

    Nso nso;
    nso.version = reader.Read<u32>(kVersion, "nso.version");
    if (nso.version != 0) {
        reader.Invalid("nso.version", kVersion, "unsupported version {}", nso.version);
    }
    nso.flags = reader.Read<u32>(kFlags, "nso.flags");
    if ((nso.flags & ~kKnownFlags) != 0) {
        reader.Invalid("nso.flags", kFlags, "unknown flag bits {:#x}", nso.flags & ~kKnownFlags);
    }

    const u32 name_offset = reader.Read<u32>(kModuleNameOffset, "nso.module_name_offset");
    const u32 name_size = reader.Read<u32>(kModuleNameSize, "nso.module_name_size");
    nso.embedded_name = ReadFixedString(reader, name_offset, name_size, "nso.module_name");

    ModuleImage& module = nso.module;
    std::vector<u8>* contents[] = {&module.text, &module.ro, &module.data};
    u32* offsets[] = {&module.text_offset, &module.ro_offset, &module.data_offset};
    u64 memory_end = 0;
    for (int i = 0; i < 3; ++i) {
        nso.segments[i] = ReadSegmentHeader(reader, nso.flags, i);
        *contents[i] = LoadSegment(reader, nso.segments[i], i, memory_end);
        *offsets[i] = nso.segments[i].memory_offset;
        memory_end = u64{nso.segments[i].memory_offset} + nso.segments[i].size;
    }
    module.bss_size = reader.Read<u32>(kBssSize, "nso.bss_size");
    const std::span<const u8> id =
        reader.Slice(kModuleId, module.module_id.size(), "nso.module_id");
    std::copy(id.begin(), id.end(), module.module_id.begin());
    module.name = nso.embedded_name.empty() ? std::filesystem::path(source).stem().string()
                                            : nso.embedded_name;
    nso.api_info = ReadSectionRef(reader, kApiInfo, "nso.api_info");
    nso.dynstr = ReadSectionRef(reader, kDynstr, "nso.dynstr");
    nso.dynsym = ReadSectionRef(reader, kDynsym, "nso.dynsym");
    return nso;
}

std::vector<u8> WriteNso(const ModuleImage& module, bool compress) {
    module.Validate("nso writer");
    base::ByteWriter writer;
    writer.PadTo(kNsoHeaderSize);
    writer.WriteBytes(0, AsBytes("NSO0"));
    writer.Write<u32>(kVersion, 0);

    // The module name follows the header, NUL-terminated.
    writer.Write<u32>(kModuleNameOffset, static_cast<u32>(writer.Size()));
    writer.Write<u32>(kModuleNameSize, static_cast<u32>(module.name.size() + 1));
    writer.Append(AsBytes(module.name));
    writer.Append(std::vector<u8>(1, 0));

    u32 flags = 0;
    const std::vector<u8>* contents[] = {&module.text, &module.ro, &module.data};
    const u32 offsets[] = {module.text_offset, module.ro_offset, module.data_offset};
    for (int i = 0; i < 3; ++i) {
        const std::vector<u8> stored = compress ? Lz4CompressBlock(*contents[i]) : *contents[i];
        if (writer.Size() > 0xffffffffu || stored.size() > 0xffffffffu - writer.Size()) {
            base::Fail("nso writer: {} segment does not fit a 32-bit file offset",
                       kSegmentNames[i]);
        }
        const u64 header = kSegmentHeaders + i * kSegmentHeaderStride;
        writer.Write<u32>(header, static_cast<u32>(writer.Size()));
        writer.Write<u32>(header + 4, offsets[i]);
        writer.Write<u32>(header + 8, static_cast<u32>(contents[i]->size()));
        writer.Write<u32>(kFileSizes + i * 4, static_cast<u32>(stored.size()));
        writer.WriteBytes(kHashes + i * 0x20, base::Sha256(*contents[i]));
        writer.Append(stored);
        flags |= (compress ? 1u << i : 0u) | 1u << (i + 3);
    }
    writer.Write<u32>(kFlags, flags);
    writer.Write<u32>(kBssSize, module.bss_size);
    writer.WriteBytes(kModuleId, module.module_id);
    return writer.Take();
}

}  // namespace formats
