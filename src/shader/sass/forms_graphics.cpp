// Graphics-only instructions (ALD, AST, IPA). Field positions: Mesa NAK sm70_encode.rs (OpALd,
// OpASt, OpIpa), checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

// Fields that nvdisasm ignores in these forms are fixed at the values our probe words used
// (predicates PT in [81:84) and [87:90)): tests/shader/probe/README.md, second probe set.
constexpr FormSpec kForms[] = {
    {"KILL", 0x95b, "=7@81:3 | P@87 !@90 omit=7"},
    {"PIXLD", 0x925,
     "{,COVMASK,CENTROID_OFFSET,?,INNER_COVERAGE,?,?,?}@78:3 =7@87:3 | R@16, P@81 omit=7"},
    {"ISBERD", 0x923,
     "O@79 {,PATCH,PRIM,ATTR}@76:2 SKEW@78 {,U16,32,?}@74:2 =7@81:3 =7@87:3 "
     "| R@16, M base=24 off=40:16 positive"},
    // Without a register the offset is unsigned, 10 bits (CUDA 11.8: bit 50 then ignored).
    {"AL2P", 0x920, "O@79 {,64,96,128}@74:2 =7@81:3 =7@87:3 =255@24:8 | R@16, X@40:10"},
    {"AL2P", 0x920, "O@79 {,64,96,128}@74:2 =7@81:3 =7@87:3 | R@16, R@24 nz, S@40:11"},
    {"OUT", 0x924, "EMIT =1@78:2 =7@81:3 =7@87:3 | R@16, R@24, S@32:32"},
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
