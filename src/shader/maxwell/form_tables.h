#pragma once

#include <span>
#include <string_view>

#include "shader/sass/ignored_bits.h"

namespace shader::maxwell {

// One instruction form: mnemonic, opcode pattern over bits 63..48 ("0101 1100 0101 1---": each
// 0 or 1 a bit of the opcode, '-' an operand bit) and layout (grammar in sass/form_parser.cpp).
// A spec may hold "$B", the second source of the three ALU variants that Alu() makes: a
// register (R@20), a constant buffer (C) or a 20-bit immediate (bits 20..38, sign at 56).
struct FormSpec {
    std::string_view mnemonic;
    std::string_view opcode;
    std::string_view spec;
};

std::span<const FormSpec> FloatForms();
std::span<const FormSpec> IntegerForms();
std::span<const FormSpec> MoveForms();
std::span<const FormSpec> MemoryForms();
std::span<const FormSpec> ControlForms();
std::span<const FormSpec> TextureForms();
std::span<const FormSpec> HalfForms();

// Generated (ignored_bits.cpp, see sass/ignored_bits.h).
std::span<const sass::IgnoredBits> MaxwellIgnoredBits();

}  // namespace shader::maxwell
