#include "formats/binary_fields.h"

#include <algorithm>

#include "base/error.h"

namespace formats {

namespace {

std::string Printable(std::span<const u8> bytes) {
    std::string text;
    for (const u8 byte : bytes) {
        if (byte >= 0x20 && byte < 0x7f) {
            text += static_cast<char>(byte);
        } else {
            text += fmt::format("\\x{:02x}", byte);
        }
    }
    return text;
}

}  // namespace

void RequireMagic(const base::ByteReader& reader, u64 offset, std::string_view magic,
                  std::string_view field) {
    const std::span<const u8> found = reader.Slice(offset, magic.size(), field);
    if (!std::equal(found.begin(), found.end(), AsBytes(magic).begin())) {
        reader.Invalid(field, offset, "expected magic \"{}\", found \"{}\"", magic,
                       Printable(found));
    }
}

std::string ReadFixedString(const base::ByteReader& reader, u64 offset, u64 size,
                            std::string_view field) {
    const std::span<const u8> bytes = reader.Slice(offset, size, field);
    const auto end = std::find(bytes.begin(), bytes.end(), u8{0});
    return std::string(bytes.begin(), end);
}

void WriteFixedString(base::ByteWriter& writer, u64 offset, std::string_view text, u64 size,
                      std::string_view field) {
    if (text.size() > size) {
        base::Fail("{} \"{}\" is longer than its {:#x}-byte field", field, text, size);
    }
    writer.PadTo(offset + size);
    writer.WriteBytes(offset, AsBytes(text));
}

}  // namespace formats
