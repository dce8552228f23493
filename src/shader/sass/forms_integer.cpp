// Integer arithmetic, logic and comparison (IADD3, IMAD, ISETP, LOP3, SHF, LEA, PRMT, SEL,
// IMNMX, IABS, POPC, FLO, BREV, IDP, PLOP3). Field positions: Mesa NAK sm70_encode.rs, checked
// against nvdisasm on probe words (tests/shader/probe).
#include <iterator>
#include <vector>

#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define ISETP_MODS "{F,LT,EQ,LE,GT,NE,GE,T}@76:3 {U32,}@73 {AND,OR,XOR,?}@74 =0@72:1"
#define ISETP_EX_MODS "{F,LT,EQ,LE,GT,NE,GE,T}@76:3 {U32,}@73 {AND,OR,XOR,?}@74 EX =1@72:1"
#define ISETP_EX_TAIL ", P@87 !@90, P@68 !@71"
#define ISETP_TAIL ", P@87 !@90, =7@68:3 =0@71:1"

#define NOCARRY "=7@87:3 =1@90:1 "
#define IMAD_MODS "{U32,}@73 =0@74:1 "
#define IMAD_X_MODS "{U32,}@73 X =1@74:1 "
#define IMAD_TAIL ", P@87 !@90"

// ptxas' IMAD aliases, as nvdisasm prints them: MOV when a source of the product is RZ (not with
// a uniform addend), SHL when the multiplier is an immediate power of two and the addend RZ,
// IADD when the multiplier is the immediate 1.
// clang-format off
#define IMAD_FORMS(KEY, BZERO, B, C, CX) \
    {"IMAD", KEY, "MOV =0@74:1 =255@24:8 {U32,}@73 " NOCARRY " =7@81:3" \
                  "| R@16, R@24 r@122, " B ", " C}, \
    {"IMAD", KEY, "MOV =0@74:1 " BZERO " {U32,}@73 " NOCARRY " =7@81:3" \
                  "| R@16, R@24 r@122, " B ", " C}, \
    {"IMAD", KEY, IMAD_MODS NOCARRY "=7@81:3 | R@16, R@24 r@122, " B ", " C}, \
    {"IMAD", KEY, IMAD_X_MODS "=7@81:3 | R@16, R@24 r@122, " B ", " CX IMAD_TAIL}

#define PLAIN_IMAD(NAME, KEY, B, C, CX) \
    {NAME, KEY, IMAD_MODS NOCARRY "=7@81:3 | R@16, R@24 r@122, " B ", " C}, \
    {NAME, KEY, IMAD_X_MODS "=7@81:3 | R@16, R@24 r@122, " B ", " CX IMAD_TAIL}
// clang-format on

constexpr FormSpec kImadForms[] = {
    // 0x824: MOV (a is RZ, or the multiplier is 0) comes before SHL and IADD.
    {"IMAD", 0x824,
     "MOV =0@74:1 =255@24:8 {U32,}@73 " NOCARRY "=7@81:3 "
     "| R@16, R@24 r@122, S@32:32, R@64 -@75 r@124"},
    {"IMAD", 0x824,
     "MOV =0@74:1 =0@32:32 {U32,}@73 " NOCARRY "=7@81:3 "
     "| R@16, R@24 r@122, S@32:32, R@64 -@75 r@124"},
    IMAD_FORMS(0x224, "=255@32:8", "R@32 r@123", "R@64 -@75 r@124", "R@64 ~@75 r@124"),
    IMAD_FORMS(0x624, "=255@64:8", "R@64 r@123", "C -@63", "C ~@63"),
    {"IMAD", 0x824,
     "MOV =0@74:1 =1@32:32 =255@64:8 {U32,}@73 " NOCARRY "=7@81:3 "
     "| R@16, R@24 r@122, S@32:32, R@64 -@75 r@124"},
    {"IMAD", 0x824,
     "SHL =0@74:1 =255@64:8 ^@32:32 {U32,}@73 " NOCARRY "=7@81:3 | R@16, R@24 r@122, "
     "X@32:32, R@64 r@124"},
    {"IMAD", 0x824,
     "IADD =0@74:1 =1@32:32 {U32,}@73 " NOCARRY "=7@81:3 | R@16, R@24 r@122, X@32:32, "
     "R@64 -@75 r@124"},
    IMAD_FORMS(0x824, "=0@32:32", "S@32:32", "R@64 -@75 r@124", "R@64 ~@75 r@124"),
    IMAD_FORMS(0x424, "=255@64:8", "R@64 r@123", "S@32:32", "S@32:32"),
    IMAD_FORMS(0xa24, "=255@24:8", "C", "R@64 -@75 r@124", "R@64 ~@75 r@124"),
    PLAIN_IMAD("IMAD", 0x1c24, "UR@32", "R@64 -@75 r@124", "R@64 ~@75 r@124"),
    PLAIN_IMAD("IMAD", 0x1e24, "R@64 r@123", "UR@32 -@63", "UR@32 ~@63"),
    PLAIN_IMAD("IMAD", 0x1e24, "R@64 r@123", "UR@32 -@63", "UR@32 ~@63"),
};

constexpr FormSpec kForms[] = {
    {"IADD3", 0x210,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, R@32 -@63 r@123, R@64 -@75 r@124"},
    {"IADD3", 0x810,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, S@32:32, R@64 -@75 r@124"},
    {"IADD3", 0xa10,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, C -@63, R@64 -@75 r@124"},
    {"IADD3", 0x1c10,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, UR@32 -@63, R@64 -@75 r@124"},
    {"IADD3", 0x210,
     "X =1@74:1 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, R@32 ~@63 r@123, R@64 ~@75 "
     "r@124, P@87 !@90, P@77 !@80"},
    {"IADD3", 0x810,
     "X =1@74:1 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, S@32:32, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"IADD3", 0xa10,
     "X =1@74:1 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, C ~@63, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"IADD3", 0x1c10,
     "X =1@74:1 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, UR@32 ~@63, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"ISETP", 0x20c, ISETP_MODS "| P@81, P@84, R@24 r@122, R@32 r@123" ISETP_TAIL},
    {"ISETP", 0x20c, ISETP_EX_MODS "| P@81, P@84, R@24 r@122, R@32 r@123" ISETP_EX_TAIL},
    {"ISETP", 0x80c, ISETP_MODS "| P@81, P@84, R@24 r@122, S@32:32" ISETP_TAIL},
    {"ISETP", 0x80c, ISETP_EX_MODS "| P@81, P@84, R@24 r@122, S@32:32" ISETP_EX_TAIL},
    {"ISETP", 0xa0c, ISETP_MODS "| P@81, P@84, R@24 r@122, C" ISETP_TAIL},
    {"ISETP", 0xa0c, ISETP_EX_MODS "| P@81, P@84, R@24 r@122, C" ISETP_EX_TAIL},
    {"ISETP", 0x1c0c, ISETP_MODS "| P@81, P@84, R@24 r@122, UR@32" ISETP_TAIL},
    {"ISETP", 0x1c0c, ISETP_EX_MODS "| P@81, P@84, R@24 r@122, UR@32" ISETP_EX_TAIL},
};

// IMAD.WIDE and IMAD.HI: a carry-out predicate, and with .X a carry-in predicate and an inverted
// addend in place of a negated one.
// clang-format off
#define WIDE_HI(MOD, KEY, B, C, CX) \
    {"IMAD", KEY, MOD "{U32,}@73 =0@74:1 " NOCARRY "| R@16, P@81 omit=7, R@24 r@122, " B ", " C}, \
    {"IMAD", KEY, MOD "{U32,}@73 X =1@74:1 | R@16, P@81 omit=7, R@24 r@122, " B ", " CX \
                  ", P@87 !@90"}
#define WIDE_HI_FORMS(MOD, BASE) \
    WIDE_HI(MOD, 0x200 | BASE, "R@32 r@123", "R@64 -@75 r@124", "R@64 ~@75 r@124"), \
    WIDE_HI(MOD, 0x600 | BASE, "R@64 r@123", "C -@63", "C ~@63"), \
    WIDE_HI(MOD, 0x800 | BASE, "S@32:32", "R@64 -@75 r@124", "R@64 ~@75 r@124"), \
    WIDE_HI(MOD, 0xa00 | BASE, "C", "R@64 -@75 r@124", "R@64 ~@75 r@124"), \
    WIDE_HI(MOD, 0x1c00 | BASE, "UR@32", "R@64 -@75 r@124", "R@64 ~@75 r@124"), \
    WIDE_HI(MOD, 0x1e00 | BASE, "R@64 r@123", "UR@32 -@63", "UR@32 ~@63")
// clang-format on

#define LOP3_FORMS(KEY, B)                                    \
    {                                                         \
        "LOP3", KEY,                                          \
            "LUT PAND@80 | P@81 omit=7, R@16, R@24 r@122, " B \
            ", R@64 r@124, X@72:8, "                          \
            "P@87 !@90"                                       \
    }

#define SHF_MODS "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 "

// clang-format off
// LEA.HI.SX32 does not print its third source (nvdisasm ignores [64:72)): a hidden field.
#define LEA_FORMS(KEY, B) \
    {"LEA", KEY, "=0@80:1 =0@74:1 =255@64:8 =0@73:1 " NOCARRY \
                 "| R@16, P@81 omit=7, R@24 -@72 r@122, " B ", X@75:5"}, \
    {"LEA", KEY, "HI =1@80:1 SX32 =1@73:1 =0@74:1 #@64:8 " NOCARRY \
                 "| R@16, P@81 omit=7, R@24 -@72 r@122, " B ", X@75:5"}, \
    {"LEA", KEY, "HI =1@80:1 =0@73:1 =0@74:1 " NOCARRY \
                 "| R@16, P@81 omit=7, R@24 -@72 r@122, " B ", R@64 r@124, X@75:5"}, \
    {"LEA", KEY, "=0@80:1 X =1@74:1 =255@64:8 =0@73:1 " \
                 "| R@16, P@81 omit=7, R@24 ~@72 r@122, " B ", X@75:5, P@87 !@90"}, \
    {"LEA", KEY, "HI =1@80:1 X =1@74:1 SX32 =1@73:1 #@64:8 " \
                 "| R@16, P@81 omit=7, R@24 ~@72 r@122, " B ", X@75:5, P@87 !@90"}, \
    {"LEA", KEY, "HI =1@80:1 X =1@74:1 =0@73:1 " \
                 "| R@16, P@81 omit=7, R@24 ~@72 r@122, " B ", R@64 r@124, X@75:5, P@87 !@90"}
// clang-format on

// VABSDIFF (|a - b| + c) and VABSDIFF4 (per byte, .ACC: summed into c): the predicate
// destination is left out when PT. Operand orders by operand form as nvdisasm prints them
// (CUDA 11.8 on single-bit variations of each key's words).
// clang-format off
#define VABSDIFF_FORMS(NAME, LOW, MODS) \
    {NAME, 0x200 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, R@32 r@123, R@64 r@124"}, \
    {NAME, 0x400 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, R@64 r@123, X@32:32"}, \
    {NAME, 0x600 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, R@64 r@123, C"}, \
    {NAME, 0x800 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, X@32:32, R@64 r@124"}, \
    {NAME, 0xa00 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, C, R@64 r@124"}, \
    {NAME, 0x1c00 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, UR@32, R@64 r@124"}, \
    {NAME, 0x1e00 | LOW, MODS "| R@16, P@81 omit=7, R@24 r@122, R@64 r@123, UR@32"}

// PLOP3 with register sources ("R0.SIGN"): key bits [0:2) pick which of a, b, c are registers
// (0x1d: b; 0x1e: b and c; 0x1f: all three); b also as a constant or uniform register. The two
// tables are [72:80) and [16:24).
#define PLOP3_FORMS(FORM, B) \
    {"PLOP3", FORM | 0x1d, "LUT | P@81, P@84, P@87 !@90, " B ", P@68 !@71, X@72:8, X@16:8"}, \
    {"PLOP3", FORM | 0x1e, "LUT | P@81, P@84, P@87 !@90, " B ", R@64 .SIGN r@124, X@72:8, X@16:8"}, \
    {"PLOP3", FORM | 0x1f, \
     "LUT | P@81, P@84, R@24 .SIGN r@122, " B ", R@64 .SIGN r@124, X@72:8, X@16:8"}
// clang-format on

constexpr FormSpec kOtherForms[] = {
    WIDE_HI_FORMS("WIDE ", 0x25),
    WIDE_HI_FORMS("HI ", 0x27),
    LOP3_FORMS(0x212, "R@32 r@123"),
    LOP3_FORMS(0x812, "X@32:32"),
    LOP3_FORMS(0xa12, "C"),
    LOP3_FORMS(0x1c12, "UR@32"),
    {"SHF", 0x219, SHF_MODS "| R@16, R@24 r@122, R@32 r@123, R@64 r@124"},
    {"SHF", 0x819, SHF_MODS "| R@16, R@24 r@122, X@32:32, R@64 r@124"},
    {"SHF", 0x419, SHF_MODS "| R@16, R@24 r@122, R@64 r@123, X@32:32"},
    {"SHF", 0xa19, SHF_MODS "| R@16, R@24 r@122, C, R@64 r@124"},
    {"SHF", 0x1c19, SHF_MODS "| R@16, R@24 r@122, UR@32, R@64 r@124"},
    {"SHF", 0x619, SHF_MODS "| R@16, R@24 r@122, R@64 r@123, C"},
    {"SHF", 0x1e19, SHF_MODS "| R@16, R@24 r@122, R@64 r@123, UR@32"},
    LEA_FORMS(0x211, "R@32 r@123"),
    LEA_FORMS(0x811, "X@32:32"),
    LEA_FORMS(0xa11, "C"),
    LEA_FORMS(0x1c11, "UR@32"),
    {"SEL", 0x207, "| R@16, R@24 r@122, R@32 r@123, P@87 !@90"},
    {"SEL", 0x807, "| R@16, R@24 r@122, X@32:32, P@87 !@90"},
    {"SEL", 0xa07, "| R@16, R@24 r@122, C, P@87 !@90"},
    {"SEL", 0x1c07, "| R@16, R@24 r@122, UR@32, P@87 !@90"},
    {"PRMT", 0x216,
     "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, R@32 r@123, R@64 r@124"},
    {"PRMT", 0x816, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, X@32:32, R@64 r@124"},
    {"PRMT", 0xa16, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, C, R@64 r@124"},
    {"PRMT", 0x416, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, R@64 r@123, X@32:32"},
    {"PRMT", 0x616, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, R@64 r@123, C"},
    {"PRMT", 0x1c16, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, UR@32, R@64 r@124"},
    {"PRMT", 0x1e16, "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@72:3 | R@16, R@24 r@122, R@64 r@123, UR@32"},
    {"IABS", 0x213, "| R@16, R@32 r@123"},
    {"IABS", 0x813, "| R@16, S@32:32"},
    {"IABS", 0xa13, "| R@16, C"},
    {"IABS", 0x1c13, "| R@16, UR@32"},
    // BMSK: a mask of b bits from bit a (.W: the width wraps); SGXT: sign-extend from bit b.
    {"BMSK", 0x21b, "W@75 | R@16, R@24 r@122, R@32 r@123"},
    {"BMSK", 0x81b, "W@75 | R@16, R@24 r@122, X@32:32"},
    {"BMSK", 0xa1b, "W@75 | R@16, R@24 r@122, C"},
    {"BMSK", 0x1c1b, "W@75 | R@16, R@24 r@122, UR@32"},
    {"SGXT", 0x21a, "W@75 {U32,}@73 | R@16, R@24 r@122, R@32 r@123"},
    {"SGXT", 0x81a, "W@75 {U32,}@73 | R@16, R@24 r@122, X@32:32"},
    {"SGXT", 0xa1a, "W@75 {U32,}@73 | R@16, R@24 r@122, C"},
    {"SGXT", 0x1c1a, "W@75 {U32,}@73 | R@16, R@24 r@122, UR@32"},
    // Integer dot products: a's and b's signedness (1 = signed), 4A or 2A.LO; c negated by bit 75.
    // No immediate form (CUDA 11.8's nvdisasm calls every word of key 0x826 illegal).
    {"IDP", 0x226,
     "4A =0@76:2 {U8,S8}@73 {U8,S8}@74 | R@16, R@24 r@122, R@32 r@123, R@64 -@75 r@124"},
    {"IDP", 0xa26, "4A =0@76:2 {U8,S8}@73 {U8,S8}@74 | R@16, R@24 r@122, C, R@64 -@75 r@124"},
    {"IDP", 0x226,
     "2A =1@76:1 LO {U16,S16}@73 {U8,S8}@74 | R@16, R@24 r@122, R@32 r@123, R@64 -@75 r@124"},
    {"IDP", 0xa26, "2A =1@76:1 LO {U16,S16}@73 {U8,S8}@74 | R@16, R@24 r@122, C, R@64 -@75 r@124"},
    VABSDIFF_FORMS("VABSDIFF", 0x14, "{U32,}@73 "),
    VABSDIFF_FORMS("VABSDIFF4", 0x15, "{U8,}@73 ACC@75 "),
    {"PLOP3", 0x81c, "LUT | P@81, P@84, P@87 !@90, P@77 !@80, P@68 !@71, X@64:3+72:5, X@16:8"},
    PLOP3_FORMS(0x200, "R@32 .SIGN r@123"),
    PLOP3_FORMS(0xa00, "C csp .SIGN"),
    PLOP3_FORMS(0x1c00, "UR@32 .SIGN"),
    {"POPC", 0x309, "| R@16, R@32 ~@63 r@123"},
    {"POPC", 0x909, "| R@16, X@32:32"},
    {"POPC", 0xb09, "| R@16, C ~@63"},
    {"POPC", 0x1d09, "| R@16, UR@32 ~@63"},
    {"BREV", 0x301, "| R@16, R@32 r@123"},
    {"BREV", 0x901, "| R@16, X@32:32"},
    {"BREV", 0xb01, "| R@16, C"},
    {"BREV", 0x1d01, "| R@16, UR@32"},
    // FLO's predicate destination [81:84), printed after Rd when not PT (CUDA 11.8 and 13.0).
    {"FLO", 0x300, "{U32,}@73 SH@74 | R@16, P@81 omit=7, R@32 ~@63 r@123"},
    {"FLO", 0x900, "{U32,}@73 SH@74 | R@16, P@81 omit=7, X@32:32"},
    {"FLO", 0xb00, "{U32,}@73 SH@74 | R@16, P@81 omit=7, C ~@63"},
    {"FLO", 0x1d00, "{U32,}@73 SH@74 | R@16, P@81 omit=7, UR@32 ~@63"},
    {"IMNMX", 0x217, "{U32,}@73 | R@16, R@24 r@122, R@32 r@123, P@87 !@90"},
    {"IMNMX", 0x817, "{U32,}@73 | R@16, R@24 r@122, S@32:32, P@87 !@90"},
    {"IMNMX", 0xa17, "{U32,}@73 | R@16, R@24 r@122, C, P@87 !@90"},
    {"IMNMX", 0x1c17, "{U32,}@73 | R@16, R@24 r@122, UR@32, P@87 !@90"},
};

}  // namespace

std::span<const FormSpec> IntegerForms() {
    static const std::vector<FormSpec> forms = [] {
        std::vector<FormSpec> all(std::begin(kForms), std::end(kForms));
        all.insert(all.end(), std::begin(kImadForms), std::end(kImadForms));
        all.insert(all.end(), std::begin(kOtherForms), std::end(kOtherForms));
        return all;
    }();
    return forms;
}

}  // namespace shader::sass
