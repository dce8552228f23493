// Uniform-datapath instructions (ULDC, UMOV, UIADD3, UIMAD, ULEA, UISETP, USEL, USHF, S2UR, ...).
// Field positions: Mesa NAK sm70_encode.rs, checked against nvdisasm on probe words
// (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define UIADD3_FIXED "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
// As IMAD's: without .X the carry-in predicate slot holds !UPT.
#define NOCARRY "=7@87:3 =1@90:1 "
#define UISETP_MODS "{F,LT,EQ,LE,GT,NE,GE,T}@76:3 {U32,}@73 {AND,OR,XOR,?}@74"

// clang-format off
// UIMAD, UIMAD.WIDE (with a carry-out predicate) and ULEA, as IMAD and LEA on the integer
// datapath (forms_integer.cpp).
#define UIMAD_FORMS(NAME, MOD, KEY, OUT, B, C, CX) \
    {NAME, KEY, MOD "{U32,}@73 =0@74:1 " NOCARRY "| UR@16, " OUT "UR@24, " B ", " C}, \
    {NAME, KEY, MOD "{U32,}@73 X =1@74:1 | UR@16, " OUT "UR@24, " B ", " CX ", UP@87 !@90"}
#define ULEA_FORMS(KEY, B) \
    {"ULEA", KEY, "=0@80:1 =0@74:1 =63@64:8 " NOCARRY "| UR@16, UP@81 omit=7, UR@24 -@72, " B \
                  ", X@75:5"}, \
    {"ULEA", KEY, "HI =1@80:1 =0@74:1 " NOCARRY "| UR@16, UP@81 omit=7, UR@24 -@72, " B \
                  ", UR@64, X@75:5"}, \
    {"ULEA", KEY, "=0@80:1 X =1@74:1 =63@64:8 | UR@16, UP@81 omit=7, UR@24 ~@72, " B \
                  ", X@75:5, UP@87 !@90"}, \
    {"ULEA", KEY, "HI =1@80:1 X =1@74:1 | UR@16, UP@81 omit=7, UR@24 ~@72, " B \
                  ", UR@64, X@75:5, UP@87 !@90"}
// clang-format on

constexpr FormSpec kForms[] = {
    {"ULDC", 0xab9, "{U8,S8,U16,S16,,64,?,?}@73:3 | UR@16, C"},
    {"ULDC", 0x1ab9, "{U8,S8,U16,S16,,64,?,?}@73:3 =0@54:5 | UR@16, C ubank=24"},
    {"UMOV", 0x882, "| UR@16, X@32:32"},
    // UP2UR / UR2UP: P2R and R2P for the uniform predicates UPR; UP2UR's immediate prints
    // unsigned, UR2UP leaves out the mask 0xff (CUDA 11.8 on single-bit and single-field
    // variations).
    {"UP2UR", 0x1883, "{,B1,B2,B3}@76:2 | UR@16, L{UPR}, UR@24, X@32:32"},
    {"UP2UR", 0x1c83, "{,B1,B2,B3}@76:2 | UR@16, L{UPR}, UR@24, UR@32"},
    {"UR2UP", 0x1884, "| L{UPR}, UR@24 .{,B1,B2,B3}@76:2, X@32:32 omit=255"},
    {"UR2UP", 0x1c84, "| L{UPR}, UR@24 .{,B1,B2,B3}@76:2, UR@32"},
    {"UFLO", 0x12bd, "{U32,}@73 SH@74 | UR@16, UP@81 omit=7, UR@32 ~@63"},
    {"UFLO", 0x18bd, "{U32,}@73 SH@74 | UR@16, UP@81 omit=7, X@32:32"},
    UIMAD_FORMS("UIMAD", "", 0x12a4, "", "UR@32", "UR@64 -@75", "UR@64 ~@75"),
    UIMAD_FORMS("UIMAD", "", 0x14a4, "", "UR@64", "S@32:32", "S@32:32"),
    UIMAD_FORMS("UIMAD", "", 0x18a4, "", "S@32:32", "UR@64 -@75", "UR@64 ~@75"),
    UIMAD_FORMS("UIMAD", "WIDE ", 0x12a5, "UP@81 omit=7, ", "UR@32", "UR@64 -@75", "UR@64 ~@75"),
    UIMAD_FORMS("UIMAD", "WIDE ", 0x18a5, "UP@81 omit=7, ", "S@32:32", "UR@64 -@75", "UR@64 ~@75"),
    ULEA_FORMS(0x1291, "UR@32"),
    ULEA_FORMS(0x1891, "X@32:32"),
    {"USEL", 0x1287, "| UR@16, UR@24, UR@32, UP@87 !@90"},
    {"USEL", 0x1887, "| UR@16, UR@24, X@32:32, UP@87 !@90"},
    {"UISETP", 0x128c, UISETP_MODS " =0@72:1 | UP@81, UP@84, UR@24, UR@32, UP@87 !@90"},
    {"UISETP", 0x128c,
     UISETP_MODS " EX =1@72:1 | UP@81, UP@84, UR@24, UR@32, UP@87 !@90, UP@68 !@71"},
    {"UISETP", 0x188c, UISETP_MODS " =0@72:1 | UP@81, UP@84, UR@24, S@32:32, UP@87 !@90"},
    {"UISETP", 0x188c,
     UISETP_MODS " EX =1@72:1 | UP@81, UP@84, UR@24, S@32:32, UP@87 !@90, UP@68 !@71"},
    {"UPRMT", 0x1296, "| UR@16, UR@24, UR@32, UR@64"},
    {"UPRMT", 0x1896, "| UR@16, UR@24, X@32:32, UR@64"},
    {"UPOPC", 0x12bf, "| UR@16, UR@32 ~@63"},
    {"UPOPC", 0x18bf, "| UR@16, X@32:32"},
    {"UBREV", 0x12be, "| UR@16, UR@32"},
    {"UBREV", 0x18be, "| UR@16, X@32:32"},
    {"UBMSK", 0x129b, "W@75 | UR@16, UR@24, UR@32"},
    {"UBMSK", 0x189b, "W@75 | UR@16, UR@24, X@32:32"},
    {"USGXT", 0x129a, "W@75 {U32,}@73 | UR@16, UR@24, UR@32"},
    {"USGXT", 0x189a, "W@75 {U32,}@73 | UR@16, UR@24, X@32:32"},
    {"UIADD3", 0x1290,
     "X =1@74:1 | UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 ~@72, UR@32 ~@63, UR@64 ~@75, "
     "UP@87 !@90, UP@77 !@80"},
    {"UIADD3", 0x1890,
     "X =1@74:1 | UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 ~@72, S@32:32, UR@64 ~@75, "
     "UP@87 !@90, UP@77 !@80"},
    {"ULOP3", 0x1292, "LUT | UP@81 omit=7, UR@16, UR@24, UR@32, UR@64, X@72:8, UP@87 !@90"},
    {"ULOP3", 0x1892, "LUT | UP@81 omit=7, UR@16, UR@24, X@32:32, UR@64, X@72:8, UP@87 !@90"},
    {"UMOV", 0x1c82, "| UR@16, UR@32"},
    {"S2UR", 0x9c3, "| UR@16, SR@72"},
    {"UIADD3", 0x1290,
     UIADD3_FIXED "| UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 -@72, UR@32 -@63, UR@64 -@75"},
    {"UIADD3", 0x1890,
     UIADD3_FIXED "| UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 -@72, S@32:32, UR@64 -@75"},
    {"USHF", 0x1299, "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 | UR@16, UR@24, UR@32, UR@64"},
    {"USHF", 0x1899, "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 | UR@16, UR@24, X@32:32, UR@64"},
    {"USHF", 0x1499, "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 | UR@16, UR@24, UR@64, X@32:32"},
};

}  // namespace

std::span<const FormSpec> UniformForms() {
    return kForms;
}

}  // namespace shader::sass
