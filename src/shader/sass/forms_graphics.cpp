// Graphics-only instructions (ALD, AST, IPA). Field positions: Mesa NAK sm70_encode.rs (OpALd,
// OpASt, OpIpa), checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

constexpr FormSpec kForms[] = {
    {"ALD", 0x321, "O@79 P@76 {,64,96,128}@74:2 =255@24:8 | R@16, A@40:10, R@32 omit=255"},
    {"AST", 0x322, "P@76 {,64,96,128}@74:2 =255@24:8 | A@40:10, R@32, R@64 omit=255"},
    {"IPA", 0x326,
     "{PASS,CONSTANT,STATE,?}@78:2 {,CENTROID,?,?}@76:2 =255@32:8 "
     "| R@16, P@81 omit=7, A@64:8 scale=4"},
};

}  // namespace

std::span<const FormSpec> GraphicsForms() {
    return kForms;
}

}  // namespace shader::sass
