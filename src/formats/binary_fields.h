#pragma once

// Small helpers shared by the readers and writers of this folder: magics and fixed-size,
// NUL-padded text fields.

#include <span>
#include <string>
#include <string_view>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/types.h"

namespace formats {

inline std::span<const u8> AsBytes(std::string_view text) {
    return {reinterpret_cast<const u8*>(text.data()), text.size()};
}

// Throws unless the bytes at `offset` spell `magic`.
void RequireMagic(const base::ByteReader& reader, u64 offset, std::string_view magic,
                  std::string_view field);

// Reads a `size`-byte field holding text padded with NULs; the text ends at the first NUL.
std::string ReadFixedString(const base::ByteReader& reader, u64 offset, u64 size,
                            std::string_view field);

// Writes `text` NUL-padded into a `size`-byte field; throws if it does not fit.
void WriteFixedString(base::ByteWriter& writer, u64 offset, std::string_view text, u64 size,
                      std::string_view field);

}  // namespace formats
