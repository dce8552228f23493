// Memory instructions (LDG, STG, LDS, STS, LDC, atomics). Field positions: Mesa NAK
// sm70_encode.rs, notes/sass-encoding.md, checked against nvdisasm on probe words.
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

constexpr FormSpec kForms[] = {
    {"LDC", 0xb82, "{U8,S8,U16,S16,,64,?,?}@73:3 | R@16, C idx=24"},
};

}  // namespace

std::span<const FormSpec> MemoryForms() {
    return kForms;
}

}  // namespace shader::sass
