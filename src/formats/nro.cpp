#include "formats/nro.h"

#include <filesystem>

#include "base/bits.h"
#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// Offsets in the NRO file (switchbrew "NRO").
constexpr u64 kMod0OffsetField = 0x4;
constexpr u64 kMagic = 0x10;
constexpr u64 kVersion = 0x14;
constexpr u64 kSize = 0x18;
constexpr u64 kFlags = 0x1c;
constexpr u64 kSegments = 0x20;  // 3 x {u32 offset, u32 size}
constexpr u64 kBssSize = 0x38;
constexpr u64 kModuleId = 0x40;
constexpr u64 kDsoHandleOffset = 0x60;
constexpr u64 kApiInfo = 0x68;
constexpr u64 kDynstr = 0x70;
constexpr u64 kDynsym = 0x78;

// The asset section header, relative to its start.
constexpr u64 kAssetHeaderSize = 0x38;
constexpr u64 kAssetVersion = 0x4;
constexpr u64 kAssetEntries = 0x8;  // icon, nacp, romfs: {u64 offset, u64 size}

constexpr const char* kSegmentNames[] = {"text", "ro", "data"};

SectionRef ReadSectionRef(const base::ByteReader& reader, u64 offset, std::string_view field) {
    return {reader.Read<u32>(offset, field), reader.Read<u32>(offset + 4, field)};
}

NroAssets ReadAssets(const base::ByteReader& reader, u64 start) {
    const base::ByteReader section(reader.Data().subspan(start), reader.Source());
    const u32 version = section.Read<u32>(kAssetVersion, "asset.version");
    if (version != 0) {
        reader.Invalid("asset.version", start + kAssetVersion, "unsupported version {}", version);
    }
    NroAssets assets;
    std::vector<u8>* targets[] = {&assets.icon, &assets.nacp, &assets.romfs};
    constexpr const char* kFields[] = {"asset.icon", "asset.nacp", "asset.romfs"};
    for (int i = 0; i < 3; ++i) {
        const u64 entry = kAssetEntries + i * 16;
        const u64 offset = section.Read<u64>(entry, kFields[i]);
        const u64 size = section.Read<u64>(entry + 8, kFields[i]);
        if (offset > section.Size() || size > section.Size() - offset) {
            reader.Invalid(kFields[i], start + entry,
                           "{:#x} bytes at {:#x} from the asset section run past the end of "
                           "the file ({:#x} bytes after the section start)",
                           size, offset, section.Size());
        }
        const std::span<const u8> bytes = section.Data().subspan(offset, size);
        targets[i]->assign(bytes.begin(), bytes.end());
    }
    return assets;
}

}  // namespace

Nro ReadNro(std::span<const u8> file, std::string source) {
    const base::ByteReader reader(file, source);
    reader.Require(0, kNroHeaderEnd, "nro.header");
    RequireMagic(reader, kMagic, "NRO0", "nro.magic");

    Nro nro;
    nro.mod0_offset = reader.Read<u32>(kMod0OffsetField, "nro.mod0_offset");
    nro.version = reader.Read<u32>(kVersion, "nro.version");
    if (nro.version != 0) {
        reader.Invalid("nro.version", kVersion, "unsupported version {}", nro.version);
    }
    nro.size = reader.Read<u32>(kSize, "nro.size");
    if (nro.size < kNroHeaderEnd || nro.size > file.size()) {
        reader.Invalid("nro.size", kSize, "size {:#x} is not within [0x80, file size {:#x}]",
                       nro.size, file.size());
    }
    nro.flags = reader.Read<u32>(kFlags, "nro.flags");

    ModuleImage& module = nro.module;
    module.name = std::filesystem::path(source).stem().string();
    u32* offsets[] = {&module.text_offset, &module.ro_offset, &module.data_offset};
    std::vector<u8>* segments[] = {&module.text, &module.ro, &module.data};
    u64 previous_end = 0;
    for (int i = 0; i < 3; ++i) {
        const u64 field_offset = kSegments + i * 8;
        const std::string field = fmt::format("nro.segments.{}", kSegmentNames[i]);
        const u32 offset = reader.Read<u32>(field_offset, field);
        const u32 size = reader.Read<u32>(field_offset + 4, field);
        if (!base::IsAligned<u32>(offset, kPageSize)) {
            reader.Invalid(field, field_offset, "offset {:#x} is not page-aligned", offset);
        }
        if (i == 0 && offset != 0) {
            reader.Invalid(field, field_offset, "text must start at 0, not {:#x}", offset);
        }
        if (i == 0 && size < kNroHeaderEnd) {
            reader.Invalid(field, field_offset, "text ({:#x} bytes) is smaller than the header",
                           size);
        }
        if (offset < previous_end) {
            reader.Invalid(field, field_offset,
                           "segment at {:#x} overlaps the previous one (ends at {:#x})", offset,
                           previous_end);
        }
        if (offset > nro.size || size > nro.size - offset) {
            reader.Invalid(field, field_offset,
                           "segment ({:#x} bytes at {:#x}) runs past the NRO's size {:#x}", size,
                           offset, nro.size);
        }
        previous_end = u64{offset} + size;
        *offsets[i] = offset;
        const std::span<const u8> bytes = file.subspan(offset, size);
        segments[i]->assign(bytes.begin(), bytes.end());
    }
    module.bss_size = reader.Read<u32>(kBssSize, "nro.bss_size");
    const std::span<const u8> id =
        reader.Slice(kModuleId, module.module_id.size(), "nro.module_id");
    std::copy(id.begin(), id.end(), module.module_id.begin());
    nro.dso_handle_offset = reader.Read<u32>(kDsoHandleOffset, "nro.dso_handle_offset");
    nro.api_info = ReadSectionRef(reader, kApiInfo, "nro.api_info");
    nro.dynstr = ReadSectionRef(reader, kDynstr, "nro.dynstr");
    nro.dynsym = ReadSectionRef(reader, kDynsym, "nro.dynsym");

    // Bytes after the NRO proper are only an asset section when they start with its magic;
    // anything else there is not ours to interpret.
    if (file.size() - nro.size >= kAssetHeaderSize) {
        const std::span<const u8> magic = file.subspan(nro.size, 4);
        if (std::equal(magic.begin(), magic.end(), AsBytes("ASET").begin())) {
            nro.assets = ReadAssets(reader, nro.size);
            nro.has_asset_section = true;
        }
    }
    return nro;
}

std::vector<u8> WriteNro(const ModuleImage& module, const NroAssets& assets) {
    module.Validate("nro writer");
    if (module.text_offset != 0) {
        base::Fail("nro writer: text must start at 0, not {:#x}", module.text_offset);
    }
    if (module.text.size() < kNroHeaderEnd) {
        base::Fail("nro writer: text ({:#x} bytes) is too small to hold the NRO header",
                   module.text.size());
    }
    base::ByteWriter writer;
    writer.WriteBytes(module.text_offset, module.text);
    writer.WriteBytes(module.ro_offset, module.ro);
    writer.WriteBytes(module.data_offset, module.data);
    // The loader maps whole pages, so the NRO proper ends on a page boundary.
    const u64 size = base::AlignUp<u64>(u64{module.data_offset} + module.data.size(), kPageSize);
    if (size > 0xffffffffu) {
        base::Fail("nro writer: module ({:#x} bytes) does not fit the 32-bit size field", size);
    }
    writer.PadTo(size);

    // Bytes 0x8..0x80 belong to the header: clear what the linker left there first.
    writer.WriteBytes(0x8, std::vector<u8>(kNroHeaderEnd - 0x8));
    writer.WriteBytes(kMagic, AsBytes("NRO0"));
    writer.Write<u32>(kVersion, 0);
    writer.Write<u32>(kSize, static_cast<u32>(size));
    writer.Write<u32>(kFlags, 0);
    const u32 offsets[] = {module.text_offset, module.ro_offset, module.data_offset};
    const u64 sizes[] = {module.text.size(), module.ro.size(), module.data.size()};
    for (int i = 0; i < 3; ++i) {
        writer.Write<u32>(kSegments + i * 8, offsets[i]);
        writer.Write<u32>(kSegments + i * 8 + 4, static_cast<u32>(sizes[i]));
    }
    writer.Write<u32>(kBssSize, module.bss_size);
    writer.WriteBytes(kModuleId, module.module_id);

    if (!assets.Empty()) {
        const u64 start = writer.Size();
        writer.WriteBytes(start, AsBytes("ASET"));
        writer.Write<u32>(start + kAssetVersion, 0);
        u64 next = kAssetHeaderSize;
        const std::vector<u8>* sources[] = {&assets.icon, &assets.nacp, &assets.romfs};
        for (int i = 0; i < 3; ++i) {
            writer.Write<u64>(start + kAssetEntries + i * 16, next);
            writer.Write<u64>(start + kAssetEntries + i * 16 + 8, sources[i]->size());
            writer.WriteBytes(start + next, *sources[i]);
            next += sources[i]->size();
        }
        writer.PadTo(start + kAssetHeaderSize);
    }
    return writer.Take();
}

}  // namespace formats
