// Loads and stores (global, local, shared, generic), constants, attributes, interpolation.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// Sizes: 7 is U.128 for global and generic loads, INVALIDSIZE7 elsewhere. Offsets are signed
// after a base register, unsigned without one.
#define NX_SIZES "{U8,S8,U16,S16,,64,128,INVALIDSIZE7}"
#define NX_LOAD_SIZES "{U8,S8,U16,S16,,64,128,U.128}"

#define NX_OUT_TYPE "{INVALIDOUTSTYPE0,EMIT,CUT,EMIT_THEN_CUT}@39:2"

constexpr FormSpec kForms[] = {
    {"LDG", "1110 1110 1101 0---",
     "E@45 {,CG,CI,CV}@46:2 " NX_LOAD_SIZES "@48:3 | R@0, M base=8 off=20:24 unsigned"},
    {"STG", "1110 1110 1101 1---",
     "E@45 {,CG,CS,WT}@46:2 " NX_SIZES "@48:3 | M base=8 off=20:24 unsigned, R@0"},
    {"LDL", "1110 1111 0100 0---",
     "{,LU,CI,CV}@44:2 " NX_SIZES "@48:3 | R@0, M base=8 off=20:24 unsigned"},
    {"STL", "1110 1111 0101 0---",
     "{,CG,CS,WT}@44:2 " NX_SIZES "@48:3 | M base=8 off=20:24 unsigned, R@0"},
    // With .U a word prints as ".32".
    {"LDS", "1110 1111 0100 1---", "=0@44:1 " NX_SIZES "@48:3 | R@0, M base=8 off=20:24 unsigned"},
    {"LDS", "1110 1111 0100 1---",
     "U =1@44:1 {U8,S8,U16,S16,32,64,128,INVALIDSIZE7}@48:3 | R@0, M base=8 off=20:24 unsigned"},
    {"STS", "1110 1111 0101 1---", NX_SIZES "@48:3 | M base=8 off=20:24 unsigned, R@0"},
    {"LD", "100- ---- ---- ----",
     "E@52 {,CG,CI,CV}@56:2 " NX_LOAD_SIZES "@53:3 | R@0, M base=8 off=20:32 unsigned, "
     "P@58 omit=7"},
    {"ST", "101- ---- ---- ----",
     "E@52 {,CG,CS,WT}@56:2 " NX_SIZES "@53:3 | M base=8 off=20:32 unsigned, R@0, P@58 omit=7"},
    {"ATOM", "1110 1101 ---- ----",
     "E@48 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,INVALIDATOMOP9,SAFEADD,INVALIDATOMOP11,"
     "INVALIDATOMOP12,INVALIDATOMOP13,INVALIDATOMOP14,INVALIDATOMOP15}@52:4 "
     "{,S32,U64,F32.FTZ.RN,F16x2.FTZ.RN,S64,?,?}@49:3 | R@0, M base=8 off=28:20 unsigned, R@20"},
    {"RED", "1110 1011 1111 1---",
     "E@48 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR}@23:3 {,S32,U64,F32.FTZ.RN,F16x2.FTZ.RN,S64,?,?}@20:3 "
     "| M base=8 off=28:20 unsigned, R@0"},
    // ATOMS: the offset [30:52) counts words, signed after a base register (CUDA 11.8 on
    // single-bit variations). CAS and CAST, whose data registers pair up, have no form yet.
    {"ATOMS", "1110 1100 ---- ----",
     "{ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,INVALIDATOMSOP9,INVALIDATOMSOP10,INVALIDATOMSOP11,"
     "INVALIDATOMSOP12,INVALIDATOMSOP13,INVALIDATOMSOP14,INVALIDATOMSOP15}@52:4 "
     "{,S32,U64,S64}@28:2 | R@0, M base=8 off=30:22 scale=4 unsigned, R@20"},
    {"LDC", "1110 1111 1001 0---",
     "{U8,S8,U16,S16,,64,INVALIDSIZE6,INVALIDSIZE7}@48:3 {,IL,IS,ISL}@44:2 | R@0, "
     "C idx=8 off=20:16 bank=36:5 scale=1"},
    // With an index register and without .P, the index is a physical address (.PHYS, offset 0;
    // CUDA 11.8): RZ first, then .P, then .PHYS. AST the same.
    {"ALD", "1110 1111 1101 1---",
     "O@32 P@31 {,64,96,128}@47:2 =255@8:8 | R@0, A@20:10 idx=8 rz0, R@39 omit=255"},
    {"ALD", "1110 1111 1101 1---",
     "O@32 P =1@31:1 {,64,96,128}@47:2 | R@0, A@20:10 idx=8, R@39 omit=255"},
    {"ALD", "1110 1111 1101 1---",
     "O@32 PHYS =0@31:1 {,64,96,128}@47:2 =0@20:10 | R@0, A@20:10 idx=8, R@39 omit=255"},
    {"AST", "1110 1111 1111 0---",
     "P@31 {,64,96,128}@47:2 =255@8:8 | A@20:10 idx=8 rz0, R@0, R@39 omit=255"},
    {"AST", "1110 1111 1111 0---",
     "P =1@31:1 {,64,96,128}@47:2 | A@20:10 idx=8, R@0, R@39 omit=255"},
    {"AST", "1110 1111 1111 0---",
     "PHYS =0@31:1 {,64,96,128}@47:2 =0@20:10 | A@20:10 idx=8, R@0, R@39 omit=255"},
    // Interpolation mode [54:2) (1, perspective, prints nothing) and sample [52:2).
    {"IPA", "1110 0000 ---- ----",
     "{PASS,,CONSTANT,SC}@54:2 {,CENTROID,OFFSET,INVALID}@52:2 SAT@51 =0@38:1 =255@8:8 | "
     "R@0, A@28:10, R@20, R@39 omit=255, P@47 !@50 omit=7"},
    // OUT: the stream type's value 0 prints INVALIDOUTSTYPE0; the third operand a register, a
    // constant or an immediate (top bytes 0xfb, 0xeb, 0xf6; CUDA 11.8 on single-bit variations).
    {"OUT", "1111 1011 1110 0---", NX_OUT_TYPE " | R@0, R@8, R@20"},
    {"OUT", "1110 1011 1110 0---", NX_OUT_TYPE " | R@0, R@8, C"},
    {"OUT", "1111 011- 1110 0---", NX_OUT_TYPE " | R@0, R@8, S@20:19+56:1"},
    // AL2P: an attribute offset to an address; ISBERD: reads the internal stage buffer; PIXLD:
    // pixel information (CUDA 11.8 on single-bit variations).
    {"AL2P", "1110 1111 1010 0---",
     "O@32 {,64,96,128}@47:2 | P@44 omit=7, R@0, R@8 nz, S@20:11 omit=0"},
    // Without a register the offset is unsigned, 10 bits; an offset of 0 is left out.
    {"AL2P", "1110 1111 1010 0---",
     "O@32 {,64,96,128}@47:2 =255@8:8 | P@44 omit=7, R@0, X@20:10 omit=0"},
    {"ISBERD", "1110 1111 1101 0---",
     "O@32 {,PATCH,PRIM,ATTR}@33:2 SKEW@31 {,U16,32,?}@47:2 | R@0, M base=8"},
    {"PIXLD", "1110 1111 1110 1---",
     "{,COVMASK,COVERED,OFFSET,CENTROID_OFFSET,MY_INDEX,INVALID0,INVALID1}@31:3 | R@0, "
     "P@45 omit=7, M base=8 off=20:8 unsigned"},
};

#undef NX_OUT_TYPE
#undef NX_SIZES
#undef NX_LOAD_SIZES

}  // namespace

std::span<const FormSpec> MemoryForms() {
    return kForms;
}

}  // namespace shader::maxwell
