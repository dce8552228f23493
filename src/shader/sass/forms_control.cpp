// Control flow and scheduling (BRA, BSSY, BSYNC, EXIT, DEPBAR). Branch offsets: signed, in 4-byte
// units, relative to the next instruction (notes/sass-encoding.md; Mesa NAK sm70_encode.rs).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

constexpr FormSpec kForms[] = {
    {"BRA", 0x947, "=7@87:3 | BRA@34:48"},      {"BSSY", 0x945, "=7@87:3 | B@16, BRA@34:30"},
    {"BSYNC", 0x941, "=7@87:3 | B@16"},         {"EXIT", 0x94d, "=7@87:3"},
    {"DEPBAR", 0x91a, "LE@47 | SB@44, X@38:6"},
};

}  // namespace

std::span<const FormSpec> ControlForms() {
    return kForms;
}

}  // namespace shader::sass
