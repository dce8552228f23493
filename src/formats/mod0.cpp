#include "formats/mod0.h"

#include "base/byte_reader.h"
#include "formats/binary_fields.h"

namespace formats {

Mod0 ReadMod0(std::span<const u8> image, u64 header_offset, std::string source) {
    const base::ByteReader reader(image, std::move(source));
    if (header_offset % 4 != 0) {
        reader.Invalid("mod0", header_offset, "header is not 4-byte aligned");
    }
    reader.Require(header_offset, kMod0Size, "mod0");
    RequireMagic(reader, header_offset, "MOD0", "mod0.magic");

    // Each field is relative to the header; resolve it and keep it inside the image.
    const auto resolve = [&](u64 field_offset, const char* field) -> u64 {
        const s32 relative = reader.Read<s32>(header_offset + field_offset, field);
        const s64 absolute = static_cast<s64>(header_offset) + relative;
        if (absolute < 0 || static_cast<u64>(absolute) > image.size()) {
            reader.Invalid(field, header_offset + field_offset,
                           "offset {:#x} from the header points outside the module ({:#x} bytes)",
                           relative, image.size());
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

Mod0 ReadModuleMod0(const ModuleImage& module, std::string source) {
    const std::vector<u8> image = module.LoadedBytes();
    const base::ByteReader reader(image, source);
    const u32 header_offset = reader.Read<u32>(module.text_offset + 4, "mod0 offset (text+4)");
    return ReadMod0(image, module.text_offset + u64{header_offset}, std::move(source));
}

}  // namespace formats
