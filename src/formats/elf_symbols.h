#pragma once

// Symbol names of an unstripped ELF, so that a function can be named instead of its address.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/types.h"

namespace formats {

// The value (the address from the ELF's base, as ModuleFromElf lays it out) of the function or
// object `name` in the ELF64's .symtab; nullopt when it has none by that name. A malformed
// symbol table throws base::Error naming `source`.
std::optional<u64> FindElfSymbol(std::span<const u8> elf, std::string_view name,
                                 const std::string& source);

}  // namespace formats
