#pragma once

#include <span>
#include <string>

#include "formats/module_image.h"

namespace formats {

// Builds a module from an AArch64 ELF64 (ET_DYN, or ET_EXEC linked at 0), as elf2nro and
// elf2nso do: the PT_LOAD segments become text (R+X, first, at 0), ro (R) and data (RW; several
// RW segments merge into one, and the memory past the last one's file bytes becomes bss). The
// module id is the GNU build id when a PT_NOTE carries one, else the SHA-256 of the text.
ModuleImage ModuleFromElf(std::span<const u8> elf, std::string source);

}  // namespace formats
