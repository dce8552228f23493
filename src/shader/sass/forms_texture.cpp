// Texture and surface instructions (TEX, TLD, TLD4, TXD, TMML, TXQ, SULD, SUST, SUATOM, SURED).
// Field positions: Mesa NAK sm70_encode.rs (OpTex, OpTxq), checked against nvdisasm on probe words
// (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define TEX_DIM "K{1D,2D,3D,CUBE,ARRAY_1D,ARRAY_2D,?,ARRAY_CUBE}@61:3"
// B (bindless, [59]): neither [24:32) nor [32:40) may be RZ then; without B, [32:40) is left
// out when it is RZ; [24:32) is never RZ (nvdisasm prints ???255, 11.8 and 13.0).
// F16.RN, F16.RZ ([79:81)): half-precision results; LOD modes [87:90) (CUDA 11.8's names).
#define F16_RESULT "{,F16.RN,F16.RZ,?}@79:2"
#define TEX_MODS(B)                                       \
    "SCR@60 " B " " F16_RESULT                            \
    " {,LZ,LB,LL,LC,LB.LC,LC.FDV,?}@87:3 AOFFI@76 DC@78 " \
    "{EF,,EL,LU,EU,NA,?,?}@84:3 NDV@77 NODEP@90"

#define EVICT "{EF,,EL,LU,?,NA,?,?}@84:3"
#define TLD_MODS(B)                                                  \
    "SCR@60 " B " " F16_RESULT                                       \
    " {?,LZ,?,LL,?,?,?,?}@87:3 AOFFI@76 {EF,,EL,LU,EU,NA,?,?}@84:3 " \
    "MS@78 CL@77 NODEP@90 "
#define TLD_DIM "K{1D,2D,3D,?,ARRAY_1D,ARRAY_2D,?,?}@61:3"
#define SURFACE_DIM "{1D,1D_BUFFER,1D_ARRAY,2D,?,?,?,?}@61:3"
#define SURFACE_ORDER \
    "{?,CONSTANT.PRIVATE,?,?,CONSTANT,STRONG.SM,?,STRONG.GPU,?,?,?,?,?,CONSTANT.VC,?,?}@77:4"

// Stores print ordering 4 as STRONG.SM.PRIVATE where loads print CONSTANT.
#define STORE_ORDER "{?,?,?,?,STRONG.SM.PRIVATE,STRONG.SM,?,STRONG.GPU,?,?,?,?,?,?,?,?}@77:4"

// Only the operations nvdisasm showed for our probe words (others are rejected).
#define SURFACE_OP "{?,?,?,INC,?,AND,OR,XOR,?,?,?,?,?,?,?,?}@87:4"
#define SURED_OP "{?,?,?,INC,?,AND,OR,XOR,ADD,?,?,?,?,?,?,?}@87:4"
#define SURFACE_EVICT "{EF,,EL,LU,EU,NA,?,?}@84:3"
#define SURFACE_ATOMIC_ORDER \
    "{,CONSTANT.PRIVATE,CONSTANT.CTA,?,STRONG.SM.PRIVATE,?,?,?,MMIO.GPU,?,?,?,?,?,?,?}@77:4"

constexpr FormSpec kForms[] = {
    {"TEX", 0xb60,
     TEX_MODS(
         "=0@59:1") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 omit=255, X@54:5, X@40:14, " TEX_DIM
                    ", X@72:4 omit=15"},
    {"TEX", 0xb60,
     TEX_MODS("B =1@59:1") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 nz, X@54:5, X@40:14, " TEX_DIM
                           ", X@72:4 omit=15"},
    // TEX.B with the handle in a register, the first of Rb (NAK's bindless TEX, sm70_encode.rs;
    // bits [40:59) and [92:102) do not change nvdisasm's text, CUDA 11.8, NVK's texture.c word).
    {"TEX", 0x361,
     TEX_MODS("B =1@59:1") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 nz, " TEX_DIM
                           ", X@72:4 omit=15"},
    {"TEX", 0x1f60,
     TEX_MODS("") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 omit=255, UR@40 nz, X@46:8, " TEX_DIM
                  ", X@72:4 omit=15"},
    // TLD: [24:32) cannot be RZ (nvdisasm prints ???255; CUDA 11.8, the 2,000,000-word sweep).
    {"TLD", 0xb66,
     TLD_MODS(
         "=0@59:1") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 omit=255, X@54:5, X@40:14, " TLD_DIM
                    ", X@72:4 omit=15"},
    {"TLD", 0xb66,
     TLD_MODS("B =1@59:1") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 nz, X@54:5, X@40:14, " TLD_DIM
                           ", X@72:4 omit=15"},
    {"TLD", 0x1f66,
     TLD_MODS("") "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 omit=255, UR@40 nz, X@46:8, " TLD_DIM
                  ", X@72:4 omit=15"},
    // TLD4, TXD: [24:32) cannot be RZ (nvdisasm prints ???255); TLD4 leaves out an RZ in
    // [32:40) (the 10-million-word sweep, tests/shader/probe/README.md).
    {"TLD4", 0xb63,
     "SCR@60 {R,G,B,A}@87:2 {,AOFFI,PTP,?}@76:2 DC@78 " EVICT " NODEP@90 "
     "| P@81 omit=7, R@64, R@16, R@24 nz, R@32 omit=255, X@54:5, X@40:14, "
     "K{?,2D,?,CUBE,?,ARRAY_2D,?,ARRAY_CUBE}@61:3, X@72:4 omit=15"},
    {"TXD", 0xb6c,
     "AOFFI@76 " EVICT " NODEP@90 "
     "| P@81 omit=7, R@64, R@16, R@24 nz, R@32, X@54:5, X@40:14, "
     "K{1D,2D,?,?,ARRAY_1D,ARRAY_2D,?,?}@61:3, X@72:4 omit=15"},
    // Surfaces: D(ata) access, BA(rray addressing), dimension, type, ordering, out-of-bounds mode.
    {"SULD", 0xb99,
     "D BA@72 " SURFACE_DIM " " EVICT " {U8,S8,U16,S16,,64,128,?}@73:3 " SURFACE_ORDER
     " {IGN,?,TRAP,?}@59:2 | P@81 omit=7, R@16, M base=24, X@54:5, X@40:14"},
    {"SUST", 0xb9d,
     "D BA@72 " SURFACE_DIM " " EVICT " {U8,S8,U16,S16,,64,128,?}@73:3 " STORE_ORDER
     " {IGN,,TRAP,?}@59:2 | M base=24, R@32, X@54:5, X@40:14"},
    {"TMML", 0xb69,
     "B@59 LOD NDV@77 =7@81:3 =7@87:3 NODEP@90 "
     "| R@64, R@16, R@24 nz, R@32 nz, X@54:5, X@40:14, "
     "K{1D,2D,3D,?,ARRAY_1D,ARRAY_2D,?,?}@61:3, X@72:4 omit=15"},
    // Surface atomics and reductions: D(ata), BA, dimension, operation, eviction, type,
    // ordering, out-of-bounds mode.
    {"SUATOM", 0x394,
     "D BA@72 {1D,1D_BUFFER,1D_ARRAY,?,2D_ARRAY,?,?,?}@61:3 " SURFACE_OP " " SURFACE_EVICT
     " {,S32,U64,?,F16x2.RN,?,?,?}@73:3 " SURFACE_ATOMIC_ORDER " {IGN,,TRAP,?}@59:2 "
     "| P@81 omit=7, R@16, M base=24 nz, R@32, R@64 nz"},
    {"SURED", 0x3a0,
     "D BA@72 {1D,1D_BUFFER,1D_ARRAY,?,2D_ARRAY,?,?,?}@61:3 " SURED_OP " " SURFACE_EVICT
     " {,S32,U64,?,F16x2.RN,?,?,?}@73:3 " SURFACE_ATOMIC_ORDER " {IGN,,TRAP,?}@59:2 =7@81:3 "
     "| M base=24 nz, R@32, R@64 nz"},
    {"TXQ", 0xb6f,
     "=0@59:1 NODEP@90 | R@64, R@16, R@24, "
     "K{TEX_HEADER_DIMENSION,TEX_HEADER_TEXTURE_TYPE,TEX_HEADER_SAMPLER_POS,?}@62:2, X@54:5, "
     "X@40:14, X@72:4"},
    // Bindless: the handle register cannot be RZ.
    {"TXQ", 0xb6f,
     "B =1@59:1 NODEP@90 | R@64, R@16, R@24 nz, "
     "K{TEX_HEADER_DIMENSION,TEX_HEADER_TEXTURE_TYPE,TEX_HEADER_SAMPLER_POS,?}@62:2, X@54:5, "
     "X@40:14, X@72:4"},
};

}  // namespace

std::span<const FormSpec> TextureForms() {
    return kForms;
}

}  // namespace shader::sass
