#include "formats/mod0.h"

#include "base/byte_reader.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// Parses the header at `header_offset` (from the module base) found in `bytes`, which hold the
// module from `bytes_offset` on; fields must land within `image_size` bytes of the base.
Mod0 Parse(std::span<const u8> bytes, u64 bytes_offset, u64 header_offset, u64 image_size,
           std::string source) {
    const base::ByteReader reader(bytes, std::move(source));
    const u64 at = header_offset - bytes_offset;  // header within `bytes`
    if (header_offset % 4 != 0) {
        reader.Invalid("mod0", header_offset, "header is not 4-byte aligned");
    }
    if (at > bytes.size() || kMod0Size > bytes.size() - at) {
        reader.Invalid("mod0", header_offset,
                       "header (size {:#x}) lies outside the segment's {:#x} bytes at {:#x}",
                       kMod0Size, bytes.size(), bytes_offset);
    }
    RequireMagic(reader, at, "MOD0", "mod0.magic");
    const auto resolve = [&](u64 field_offset, const char* field) -> u64 {
        const s32 relative = reader.Read<s32>(at + field_offset, field);
        const s64 absolute = static_cast<s64>(header_offset) + relative;
        if (absolute < 0 || static_cast<u64>(absolute) > image_size) {
            reader.Invalid(field, header_offset + field_offset,
                           "offset {:#x} from the header points outside the module ({:#x} bytes)",
                           relative, image_size);
        }
        return static_cast<u64>(absolute);
    };
    Mod0 mod0;
    mod0.header_offset = header_offset;
    mod0.dynamic = resolve(0x4, "mod0.dynamic");
    mod0.bss_start = resolve(0x8, "mod0.bss_start");
    mod0.bss_end = resolve(0xc, "mod0.bss_end");
    mod0.eh_frame_hdr_start = resolve(0x10, "mod0.eh_frame_hdr_start");
    mod0.eh_frame_hdr_end = resolve(0x14, "mod0.eh_frame_hdr_end");
    mod0.module_object = resolve(0x18, "mod0.module_object");
    if (mod0.bss_start > mod0.bss_end) {
        reader.Invalid("mod0.bss_end", header_offset + 0xc,
                       "bss ends at {:#x}, before its start {:#x}", mod0.bss_end, mod0.bss_start);
    }
    if (mod0.eh_frame_hdr_start > mod0.eh_frame_hdr_end) {
        reader.Invalid("mod0.eh_frame_hdr_end", header_offset + 0x14,
                       "eh_frame_hdr ends at {:#x}, before its start {:#x}", mod0.eh_frame_hdr_end,
                       mod0.eh_frame_hdr_start);
    }
    return mod0;
}

}  // namespace

Mod0 ReadMod0(std::span<const u8> image, u64 header_offset, std::string source) {
    return Parse(image, 0, header_offset, image.size(), std::move(source));
}

Mod0 ReadModuleMod0(const ModuleImage& module, std::string source) {
    const base::ByteReader text(module.text, source);
    const u64 header_offset = module.text_offset + u64{text.Read<u32>(4, "mod0 offset (text+4)")};
    // The header lies in one of the segments (text, as a rule); read it there rather than
    // laying out the whole module, whose bss size comes from the file.
    const std::pair<u64, const std::vector<u8>*> segments[] = {{module.text_offset, &module.text},
                                                               {module.ro_offset, &module.ro},
                                                               {module.data_offset, &module.data}};
    for (const auto& [offset, bytes] : segments) {
        if (header_offset >= offset && header_offset - offset < bytes->size()) {
            return Parse(*bytes, offset, header_offset, module.ImageSize(), std::move(source));
        }
    }
    text.Invalid("mod0", header_offset, "header lies in no segment");
}

}  // namespace formats
