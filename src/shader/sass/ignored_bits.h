#pragma once

#include <span>
#include <string_view>

#include "shader/sass/word.h"

namespace shader::sass {

// Bits of one instruction form that nvdisasm's text does not depend on: found by flipping each
// bit of real words of the form that no field explains (or that a Fixed field holds) and
// comparing nvdisasm's texts, and generated into tables (ignored_bits.cpp, by
// tests/shader/probe/find_ignored_bits.py; ../maxwell/ignored_bits.cpp, by the same script with
// --sm53). A form is named by its mnemonic, opcode bits
// and table text, so an entry whose form has changed names none (FormSet::stale_ignored_bits).
struct IgnoredBits {
    std::string_view mnemonic;
    Word opcode;  // Form::opcode_value
    std::string_view spec;
    Word bits;
};

std::span<const IgnoredBits> AmpereIgnoredBits();

}  // namespace shader::sass
