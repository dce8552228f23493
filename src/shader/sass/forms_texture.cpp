// Texture instructions (TEX, TXQ). Field positions: Mesa NAK sm70_encode.rs (OpTex, OpTxq),
// checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define TEX_DIM "K{1D,2D,3D,CUBE,ARRAY_1D,ARRAY_2D,?,ARRAY_CUBE}@61:3"
#define TEX_MODS                                                                             \
    "SCR@60 B@59 {,LZ,LB,LL,LC,?,?,?}@87:3 {EF,,EL,LU,?,NA,?,?}@84:3 AOFFI@76 DC@78 NDV@77 " \
    "NODEP@90"

#define TEX_BINDLESS_MODS \
    "SCR@60 {,LZ,LB,LL,LC,?,?,?}@87:3 {EF,,EL,LU,?,NA,?,?}@84:3 AOFFI@76 DC@78 NDV@77 NODEP@90"

constexpr FormSpec kForms[] = {
    {"TEX", 0xb60,
     TEX_MODS "| P@81 omit=7, R@64, R@16, R@24, R@32, X@54:5, X@40:14, " TEX_DIM
              ", X@72:4 omit=15"},
    {"TEX", 0x1f60,
     TEX_BINDLESS_MODS "| P@81 omit=7, R@64, R@16, R@24, R@32, UR@40, X@46:8, " TEX_DIM
                       ", X@72:4 omit=15"},
    {"TXQ", 0xb6f,
     "B@59 NODEP@90 | R@64, R@16, R@24, "
     "K{TEX_HEADER_DIMENSION,TEX_HEADER_TEXTURE_TYPE,TEX_HEADER_SAMPLER_POS,?}@62:2, X@54:5, "
     "X@40:14, X@72:4"},
};

}  // namespace

std::span<const FormSpec> TextureForms() {
    return kForms;
}

}  // namespace shader::sass
