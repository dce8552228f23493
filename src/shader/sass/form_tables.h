#pragma once

#include <span>
#include <string_view>

#include "base/types.h"

namespace shader::sass {

// One instruction form: its mnemonic, opcode key (bits [0:12) | bit 91 << 12) and layout
// (grammar in form_parser.cpp). Forms of one key are tried in table order.
struct FormSpec {
    std::string_view mnemonic;
    u16 key;
    std::string_view spec;
};

std::span<const FormSpec> FloatForms();
std::span<const FormSpec> IntegerForms();
std::span<const FormSpec> ConversionForms();
std::span<const FormSpec> MoveForms();
std::span<const FormSpec> MemoryForms();
std::span<const FormSpec> ControlForms();
std::span<const FormSpec> TextureForms();
std::span<const FormSpec> UniformForms();
std::span<const FormSpec> WarpForms();
std::span<const FormSpec> GraphicsForms();

}  // namespace shader::sass
