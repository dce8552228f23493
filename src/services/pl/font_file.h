#pragma once

// The font files the shared fonts are made from, and the header each font gets in the shared
// memory. A console keeps its fonts as BFTTF: an 8-byte header and the TrueType file, every
// big-endian u32 word of it XORed with a key; word 0 then reads 0x7F9A0218 and word 1 the
// TrueType size (Ryujinx HOS/Services/Sdb/Pl/SharedFontManager.cs, yuzu
// hle/service/ns/platform_service_manager.cpp).

#include <span>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace services::pl {

inline constexpr u32 kBfttfKey = 0x49621806;
inline constexpr u32 kBfttfMagic = 0x7F9A0218;
inline constexpr std::size_t kFontHeaderSize = 8;

// True when `data` starts as a TrueType or OpenType font does (0x00010000, "true", "OTTO").
bool HasTrueTypeSignature(std::span<const u8> data);

// The TrueType font in a font file: a BFTTF decoded, or a plain TrueType / OpenType file as it
// is. Throws base::Error, naming `source`, for anything else.
std::vector<u8> DecodeFontFile(std::span<const u8> file, std::string_view source);

// The 8 bytes before a font in the shared memory: a BFTTF's header with its first word decoded
// and its second left as it is, so the magic, then the size XORed with the key, both big-endian
// (SharedFontManager.cs WriteMagicAndSize; yuzu's parser of console memory dumps reads them so).
void WriteSharedFontHeader(std::span<u8, kFontHeaderSize> out, u32 size);

}  // namespace services::pl
