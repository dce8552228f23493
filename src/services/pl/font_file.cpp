#include "services/pl/font_file.h"

#include <algorithm>
#include <array>

#include "base/error.h"

namespace services::pl {
namespace {

u32 ReadBigEndian(std::span<const u8> data, std::size_t offset) {
    return u32{data[offset]} << 24 | u32{data[offset + 1]} << 16 | u32{data[offset + 2]} << 8 |
           u32{data[offset + 3]};
}

void WriteBigEndian(std::span<u8> out, std::size_t offset, u32 value) {
    for (std::size_t i = 0; i < 4; ++i) {
        out[offset + i] = static_cast<u8>(value >> (24 - 8 * i));
    }
}

}  // namespace

bool HasTrueTypeSignature(std::span<const u8> data) {
    constexpr std::array<std::array<u8, 4>, 3> kSignatures = {{
        {0x00, 0x01, 0x00, 0x00},  // TrueType outlines
        {'t', 'r', 'u', 'e'},      // TrueType, Apple's tag
        {'O', 'T', 'T', 'O'},      // OpenType with CFF outlines
    }};
    return data.size() >= 4 &&
           std::any_of(kSignatures.begin(), kSignatures.end(),
                       [&](const std::array<u8, 4>& signature) {
                           return std::equal(signature.begin(), signature.end(), data.begin());
                       });
}

std::vector<u8> DecodeFontFile(std::span<const u8> file, std::string_view source) {
    if (file.size() >= kFontHeaderSize && (ReadBigEndian(file, 0) ^ kBfttfKey) == kBfttfMagic) {
        const u32 size = ReadBigEndian(file, 4) ^ kBfttfKey;
        if (size > file.size() - kFontHeaderSize) {
            base::Fail("{}: a BFTTF of {} bytes says it holds {} bytes of font", source,
                       file.size(), size);
        }
        // Big-endian words XORed with the key are bytes XORed with the key's bytes in turn
        // (the font starts on a word, right after the header): this also decodes the last
        // bytes of a font whose size is not a multiple of 4.
        std::vector<u8> font(file.begin() + kFontHeaderSize, file.begin() + kFontHeaderSize + size);
        for (std::size_t i = 0; i < font.size(); ++i) {
            font[i] ^= static_cast<u8>(kBfttfKey >> (24 - 8 * (i % 4)));
        }
        if (!HasTrueTypeSignature(font)) {
            base::Fail("{}: the BFTTF's font does not start as a TrueType font does", source);
        }
        return font;
    }
    if (HasTrueTypeSignature(file)) {
        return {file.begin(), file.end()};
    }
    base::Fail("{}: neither a BFTTF (console font) nor a TrueType / OpenType font", source);
}

void WriteSharedFontHeader(std::span<u8, kFontHeaderSize> out, u32 size) {
    WriteBigEndian(out, 0, kBfttfMagic);
    WriteBigEndian(out, 4, size ^ kBfttfKey);
}

}  // namespace services::pl
