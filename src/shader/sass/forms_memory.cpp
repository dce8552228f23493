// Memory instructions (LDG, STG, LDS, STS, LDL, STL, LDC, atomics). Field positions: Mesa NAK
// sm70_encode.rs, notes/sass-encoding.md, checked against nvdisasm on probe words.
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define MEM_TYPE "{U8,S8,U16,S16,,64,128,?}@73:3"
#define EVICT "{EF,,?,LU,?,NA,?,?}@84:3"
// Global memory with a 64-bit address ([R.64]): the E modifier and the ".64" are bit 72. The
// uniform register of the memory descriptor [32:38) is not printed by CUDA 13's nvdisasm unless
// bit 101 is set (notes/sass-encoding.md), so it is a hidden field here.
// Atomic operand types [73:76) and memory ordering and scope [76:81) (notes/sass-encoding.md).
#define ATOMIC_TYPE "{,S32,64,F32.FTZ.RN,?,S64,?,?}@73:3"
#define CAS_TYPE "{,S32,64,?,?,?,?,?}@73:3"
#define SCOPE "{,?,?,?,?,?,?,?,?,?,?,?,?,?,STRONG.GPU,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?}@76:5"
#define GLOBAL_FIXED "=1@72:1 =1@76:1 =1@90:1 =0@101:1 "

// Memory operations without a descriptor (a plain [R] address; .E: a 64-bit address): eviction
// priority [84:87), L2 prefetch size [68:70), ordering and scope [77:81), as CUDA 11.8's nvdisasm
// names them (tests/shader/probe/README.md lists what 13.0 may print otherwise).
#define PLAIN_EVICT "{EF,,EL,LU,EU,NA,?,?}@84:3"
#define LTC "{,LTC64B,LTC128B,?}@68:2"
#define LOAD_ORDER                                                                       \
    "{,CONSTANT.PRIVATE,CONSTANT.CTA,CONSTANT.CTA.PRIVATE,CONSTANT,STRONG.SM,"           \
    "STRONG.GPU.PRIVATE,STRONG.GPU,MMIO.GPU,CONSTANT.SM,STRONG.SYS,CONSTANT.SM.PRIVATE," \
    "MMIO.SYS,CONSTANT.VC,CONSTANT.VC.PRIVATE,CONSTANT.GPU}@77:4"
#define STORE_ORDER                                                                      \
    "{,CONSTANT.PRIVATE,CONSTANT.CTA,CONSTANT.CTA.PRIVATE,STRONG.SM.PRIVATE,STRONG.SM,"  \
    "STRONG.GPU.PRIVATE,STRONG.GPU,MMIO.GPU,CONSTANT.SM,STRONG.SYS,CONSTANT.SM.PRIVATE," \
    "MMIO.SYS,CONSTANT.VC,CONSTANT.VC.PRIVATE,CONSTANT.GPU}@77:4"
#define PLAIN_ATOMIC_OP "{ADD,MIN,MAX,INC,DEC,AND,OR,XOR}@87:3"
#define PLAIN_ATOMIC_TYPE "{,S32,64,F32.FTZ.RN,F16x2.RN,S64,F64.RN,?}@73:3"

constexpr FormSpec kForms[] = {
    // Offsets are signed after a base register, unsigned without one ([0xa00000]).
    // The predicate operand after the address ([64:68)) is left out: only its default is known.
    {"LDG", 0x381,
     "E@72 " PLAIN_EVICT " " LTC " " MEM_TYPE " " LOAD_ORDER " =0@64:4 "
     "| P@81 omit=7, R@16, M base=24 off=40:24 unsigned"},
    {"STG", 0x386,
     "E@72 " PLAIN_EVICT " " MEM_TYPE " " STORE_ORDER " | M base=24 off=40:24 unsigned, R@32"},
    // Generic addresses (LD, ST): a 32-bit offset.
    {"LD", 0x980,
     "E@72 " PLAIN_EVICT " " LTC " " MEM_TYPE " " LOAD_ORDER
     " =0@64:4 | R@16, M base=24 off=32:32 unsigned"},
    {"ST", 0x385,
     "E@72 " PLAIN_EVICT " " MEM_TYPE " " STORE_ORDER " | M base=24 off=32:32 unsigned, R@64"},
    {"RED", 0x98e,
     "E@72 " PLAIN_ATOMIC_OP " " PLAIN_EVICT " " PLAIN_ATOMIC_TYPE " " STORE_ORDER
     " | M base=24 off=40:24 unsigned, R@32"},
    {"ATOM", 0x38a,
     "E@72 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,?,?,?,?,?,?,?}@87:4 " PLAIN_EVICT
     " " PLAIN_ATOMIC_TYPE " " STORE_ORDER " | P@81, R@16, M base=24 off=40:24 unsigned, R@32"},
    {"ATOMS", 0x38c,
     "{ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,?,?,?,?,?,?,?}@87:4 {,S32,64,?}@73:2 "
     "| R@16, M base=24 off=40:24 unsigned .{,X4,X8,X16}@78:2, R@32"},
    {"LDC", 0xb82,
     "{U8,S8,U16,S16,,64,?,?}@73:3 {,IL,IS,ISL}@78:2 | R@16, C idx=24 off=38:16 scale=1 rz0"},
    // The bank from a uniform register: cx[UR4][R2+0x10], the index register moved to [64:72).
    {"LDC", 0x1582,
     "{U8,S8,U16,S16,,64,?,?}@73:3 {,IL,IS,ISL}@78:2 =0@54:5 "
     "| R@16, C ubank=24 idx=64 off=38:16 scale=1"},
    {"LDG", 0x1981,
     "E " EVICT " " MEM_TYPE " {,CONSTANT.PRIVATE,CONSTANT.CTA,?,CONSTANT,?,?,?}@77:3 "
     "=0@80:1 " GLOBAL_FIXED "=0@64:4 =0@68:2 #@32:6 | P@81 omit=7, R@16, "
     "M base=24 off=40:24 .64"},
    {"STG", 0x1986,
     "E " EVICT " " MEM_TYPE " {,?,?,?,?,?,?,?}@77:3 =0@80:1 " GLOBAL_FIXED
     "#@64:6 =0@70:2 | M base=24 off=40:24 .64, R@32"},
    {"LDS", 0x984, MEM_TYPE " | R@16, M base=24 off=40:24 unsigned .{,X4,X8,X16}@78:2"},
    {"STS", 0x388, MEM_TYPE " | M base=24 off=40:24 unsigned .{,X4,X8,X16}@78:2, R@32"},
    // Local memory: the thread's stack, [R1 + offset] (seen in local.cubin: LDL.U8 ... LDL.128,
    // STL.U8 ... STL.128, with the eviction field at its default).
    {"LDL", 0x983, EVICT " " MEM_TYPE " | R@16, M base=24 off=40:24"},
    {"STL", 0x387, EVICT " " MEM_TYPE " | M base=24 off=40:24, R@32"},
    {"RED", 0x198e,
     "E =1@72:1 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR}@87:3 " ATOMIC_TYPE " " SCOPE
     " =1@90:1 =1@84:3 =0@101:1 #@64:6 =2@70:2 | M base=24 off=40:24 .64, R@32"},
    {"ATOMG", 0x19a8,
     "E =1@72:1 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,?,?,?,?,?,?,?}@87:4 " ATOMIC_TYPE " " SCOPE
     " =1@84:3 =0@101:1 #@64:6 =3@70:2 | P@81, R@16, M base=24 off=40:24 .64, R@32"},
    {"ATOM", 0x198a,
     "E =1@72:1 {ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,?,?,?,?,?,?,?}@87:4 " ATOMIC_TYPE " " SCOPE
     " =1@84:3 =0@101:1 #@64:6 =3@70:2 | P@81, R@16, M base=24 off=40:24 .64, R@32"},
    {"ATOMG", 0x3a9,
     "E =1@72:1 CAS " CAS_TYPE " " SCOPE
     " =1@84:3 =0@101:1 | P@81, R@16, M base=24 off=40:24, R@32, R@64"},
    // LDGSTS: shared destination [R16], global source [R24.64] (descriptor register hidden).
    {"LDGSTS", 0x1fae,
     "E =0@71:2 {BYPASS,}@81 " EVICT " ZFILL@82 {?,?,?,?,,64,128,?}@73:3 "
     "{,CONSTANT.PRIVATE,CONSTANT.CTA,?,CONSTANT,?,?,?,?,?,?,?,?,?,?,?}@77:4 =1@76:1 "
     "#@64:6 =1@70:1 | M base=16, M base=24 .64, P@87 !@90 omit=7"},
    {"ATOMS", 0x1f8c, "POPC INC {32,?,?,?}@73:2 =10@87:4 | R@16, M base=24 ur=64 urz"},
    {"ATOMS", 0x38d, "CAST SPIN =3@87:2 | R@16, M base=24 off=40:24 unsigned, R@32, R@64"},
    {"ATOMS", 0x38d,
     "CAS {,?,?,?,?,S32,?,?}@73:3 | R@16, M base=24 off=40:24 unsigned, R@32, R@64"},
};

}  // namespace

std::span<const FormSpec> MemoryForms() {
    return kForms;
}

}  // namespace shader::sass
