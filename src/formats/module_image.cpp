#include "formats/module_image.h"

#include <algorithm>

#include "base/bits.h"
#include "base/error.h"

namespace formats {

u64 ModuleImage::ImageSize() const {
    // u64 arithmetic: a u32 offset plus sizes cannot overflow it.
    return base::AlignUp<u64>(u64{data_offset} + data.size() + bss_size, kPageSize);
}

std::vector<u8> ModuleImage::LoadedBytes() const {
    std::vector<u8> bytes(ImageSize());
    const auto place = [&](u32 offset, const std::vector<u8>& segment) {
        std::copy(segment.begin(), segment.end(), bytes.begin() + offset);
    };
    place(text_offset, text);
    place(ro_offset, ro);
    place(data_offset, data);
    return bytes;
}

void ModuleImage::Validate(std::string_view source) const {
    struct Segment {
        const char* name;
        u64 offset;
        u64 size;
    };
    const Segment segments[] = {{"text", text_offset, text.size()},
                                {"ro", ro_offset, ro.size()},
                                {"data", data_offset, data.size()}};
    u64 previous_end = 0;
    const char* previous_name = "the module start";
    for (const Segment& segment : segments) {
        if (!base::IsAligned<u64>(segment.offset, kPageSize)) {
            base::Fail("{}: {} segment offset {:#x} is not page-aligned", source, segment.name,
                       segment.offset);
        }
        if (segment.offset < previous_end) {
            base::Fail("{}: {} segment at {:#x} overlaps {} (ends at {:#x})", source, segment.name,
                       segment.offset, previous_name, previous_end);
        }
        if (segment.size > 0xffffffffu - segment.offset) {
            base::Fail("{}: {} segment ({:#x} bytes at {:#x}) exceeds the 32-bit module space",
                       source, segment.name, segment.size, segment.offset);
        }
        previous_end = segment.offset + segment.size;
        previous_name = segment.name;
    }
}

}  // namespace formats
