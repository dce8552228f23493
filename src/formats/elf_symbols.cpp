#include "formats/elf_symbols.h"

#include <cstring>

#include "base/byte_reader.h"

namespace formats {
namespace {

// ELF64 section and symbol layouts (System V ABI).
constexpr u64 kShOff = 0x28;
constexpr u64 kShEntSize = 0x3a;
constexpr u64 kShNum = 0x3c;
constexpr u32 kShtSymtab = 2;
constexpr u64 kSymbolSize = 0x18;

struct Section {
    u32 type;
    u64 offset;
    u64 size;
    u32 link;
};

Section ReadSection(const base::ByteReader& reader, u64 at) {
    const std::string field = "elf.section_header";
    return {reader.Read<u32>(at + 0x4, field), reader.Read<u64>(at + 0x18, field),
            reader.Read<u64>(at + 0x20, field), reader.Read<u32>(at + 0x28, field)};
}

}  // namespace

std::optional<u64> FindElfSymbol(std::span<const u8> elf, std::string_view name,
                                 const std::string& source) {
    const base::ByteReader reader(elf, source);
    const u64 table = reader.Read<u64>(kShOff, "elf.e_shoff");
    const u16 entry_size = reader.Read<u16>(kShEntSize, "elf.e_shentsize");
    const u16 count = reader.Read<u16>(kShNum, "elf.e_shnum");
    for (u16 i = 0; i < count; ++i) {
        const Section symbols = ReadSection(reader, table + u64{i} * entry_size);
        if (symbols.type != kShtSymtab) {
            continue;
        }
        if (symbols.link >= count) {
            reader.Invalid("elf.symtab.sh_link", table + u64{i} * entry_size, "no section {}",
                           symbols.link);
        }
        const Section strings = ReadSection(reader, table + u64{symbols.link} * entry_size);
        const std::span<const u8> names = reader.Slice(strings.offset, strings.size, "elf.strtab");
        for (u64 at = symbols.offset; at + kSymbolSize <= symbols.offset + symbols.size;
             at += kSymbolSize) {
            const u32 name_offset = reader.Read<u32>(at, "elf.symbol.st_name");
            if (name_offset >= names.size()) {
                continue;
            }
            const char* text = reinterpret_cast<const char*>(names.data()) + name_offset;
            const std::string_view symbol(text, strnlen(text, names.size() - name_offset));
            if (symbol == name) {
                return reader.Read<u64>(at + 0x8, "elf.symbol.st_value");
            }
        }
    }
    return std::nullopt;
}

}  // namespace formats
