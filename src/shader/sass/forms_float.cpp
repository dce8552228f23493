// Single-precision float arithmetic and comparison (FADD, FMUL, FFMA, FSETP, FSEL, FMNMX, FRND,
// MUFU, FSWZADD, FCHK). Field positions: Mesa NAK sm70_encode.rs (encode_alu, FSETP/MUFU), checked
// bit by bit against nvdisasm on probe words (tests/shader/probe).
#include <iterator>
#include <vector>

#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define FP_MODS "FTZ@80 {,RM,RP,RZ}@78 SAT@77"
#define FMUL_MODS "FTZ@80 {?,D8,D4,D2,,M2,M4,M8}@84:3 {,RM,RP,RZ}@78 SAT@77"
#define SRC_A "R@24 -@72 |@73 r@122"
#define SRC_B "R@32 -@63 |@62 r@123"
#define SRC_C "R@64 -@75 |@74 r@124"
#define FSETP_MODS \
    "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@76:4 FTZ@80 {AND,OR,XOR,?}@74"
#define FMNMX_MODS "FTZ@80 NAN@81 XORSIGN@82 "
#define FRND_MODS(TYPE) "FTZ@80 " TYPE " {,FLOOR,CEIL,TRUNC}@78 "

constexpr FormSpec kForms[] = {
    {"FADD", 0x221, FP_MODS "| R@16, " SRC_A ", R@32 -@63 |@62 r@124"},
    {"FADD", 0x421, FP_MODS "| R@16, " SRC_A ", F@32"},
    {"FADD", 0x621, FP_MODS "| R@16, " SRC_A ", C -@63 |@62"},
    // FADD's second source is in the third-source slot: its uniform form is 0x1e21 (CUDA 11.8's
    // nvdisasm calls every word of 0x1c21 illegal).
    {"FADD", 0x1e21, FP_MODS "| R@16, " SRC_A ", UR@32 -@63 |@62"},
    {"FMUL", 0x220, FMUL_MODS "| R@16, " SRC_A ", " SRC_B},
    {"FMUL", 0x820, FMUL_MODS "| R@16, " SRC_A ", F@32"},
    {"FMUL", 0xa20, FMUL_MODS "| R@16, " SRC_A ", C -@63 |@62"},
    {"FMUL", 0x1c20, FMUL_MODS "| R@16, " SRC_A ", UR@32 -@63 |@62"},
    {"FFMA", 0x223, FP_MODS "| R@16, " SRC_A ", " SRC_B ", " SRC_C},
    {"FFMA", 0x423, FP_MODS "| R@16, " SRC_A ", R@64 -@75 |@74 r@123, F@32"},
    {"FFMA", 0x623, FP_MODS "| R@16, " SRC_A ", R@64 -@75 |@74 r@123, C -@63 |@62"},
    {"FFMA", 0x823, FP_MODS "| R@16, " SRC_A ", F@32, " SRC_C},
    {"FFMA", 0xa23, FP_MODS "| R@16, " SRC_A ", C -@63 |@62, " SRC_C},
    {"FFMA", 0x1c23, FP_MODS "| R@16, " SRC_A ", UR@32 -@63 |@62, " SRC_C},
    {"FFMA", 0x1e23, FP_MODS "| R@16, " SRC_A ", R@64 -@75 |@74 r@124, UR@32 -@63 |@62"},
    {"FSETP", 0x20b, FSETP_MODS "| P@81, P@84, " SRC_A ", " SRC_B ", P@87 !@90"},
    {"FSETP", 0x80b, FSETP_MODS "| P@81, P@84, " SRC_A ", F@32, P@87 !@90"},
    {"FSETP", 0xa0b, FSETP_MODS "| P@81, P@84, " SRC_A ", C -@63 |@62, P@87 !@90"},
    {"FSETP", 0x1c0b, FSETP_MODS "| P@81, P@84, " SRC_A ", UR@32 -@63 |@62, P@87 !@90"},
    {"FSET", 0x20a, "BF " FSETP_MODS "| R@16, " SRC_A ", " SRC_B ", P@87 !@90"},
    {"FSET", 0x80a, "BF " FSETP_MODS "| R@16, " SRC_A ", F@32, P@87 !@90"},
    {"FSET", 0xa0a, "BF " FSETP_MODS "| R@16, " SRC_A ", C -@63 |@62, P@87 !@90"},
    {"FSET", 0x1c0a, "BF " FSETP_MODS "| R@16, " SRC_A ", UR@32 -@63 |@62, P@87 !@90"},
    {"FSEL", 0x208, "FTZ@80 | R@16, " SRC_A ", " SRC_B ", P@87 !@90"},
    {"FSEL", 0x808, "FTZ@80 | R@16, " SRC_A ", F@32, P@87 !@90"},
    {"FSEL", 0xa08, "FTZ@80 | R@16, " SRC_A ", C -@63 |@62, P@87 !@90"},
    {"FSEL", 0x1c08, "FTZ@80 | R@16, " SRC_A ", UR@32 -@63 |@62, P@87 !@90"},
    {"FMNMX", 0x209, FMNMX_MODS "| R@16, " SRC_A ", " SRC_B ", P@87 !@90"},
    {"FMNMX", 0x809, FMNMX_MODS "| R@16, " SRC_A ", F@32, P@87 !@90"},
    {"FMNMX", 0xa09, FMNMX_MODS "| R@16, " SRC_A ", C -@63 |@62, P@87 !@90"},
    {"FMNMX", 0x1c09, FMNMX_MODS "| R@16, " SRC_A ", UR@32 -@63 |@62, P@87 !@90"},
    // FRND's type is [84:86) and [75:77) together: F32 (2, 2), F16 (1, 1, the immediate a half),
    // F64 (3, 3, key 0x13).
    {"FRND", 0x307, FRND_MODS("=2@84:2 =2@75:2") "| R@16, " SRC_B},
    {"FRND", 0x907, FRND_MODS("=2@84:2 =2@75:2") "| R@16, F@32"},
    {"FRND", 0xb07, FRND_MODS("=2@84:2 =2@75:2") "| R@16, C -@63 |@62"},
    {"FRND", 0x1d07, FRND_MODS("=2@84:2 =2@75:2") "| R@16, UR@32 -@63 |@62"},
    {"FRND", 0x307, FRND_MODS("F16 =1@84:2 =1@75:2") "| R@16, " SRC_B},
    {"FRND", 0x907, FRND_MODS("F16 =1@84:2 =1@75:2") "| R@16, H@32"},
    {"FRND", 0xb07, FRND_MODS("F16 =1@84:2 =1@75:2") "| R@16, C -@63 |@62 csp"},
    {"FRND", 0x1d07, FRND_MODS("F16 =1@84:2 =1@75:2") "| R@16, UR@32 -@63 |@62"},
    {"FRND", 0x313, FRND_MODS("F64 =3@84:2 =3@75:2") "| R@16, " SRC_B},
    {"FRND", 0x913, FRND_MODS("F64 =3@84:2 =3@75:2") "| R@16, D@32"},
    {"FRND", 0xb13, FRND_MODS("F64 =3@84:2 =3@75:2") "| R@16, C -@63 |@62"},
    {"FRND", 0x1d13, FRND_MODS("F64 =3@84:2 =3@75:2") "| R@16, UR@32 -@63 |@62"},
    {"MUFU", 0x308,
     "{COS,SIN,EX2,LG2,RCP,RSQ,?,?,SQRT,TANH,?,?,?,?,?,?}@74:4 F16@73 | R@16, " SRC_B},
    {"MUFU", 0x308, "{?,?,?,?,?,?,RCP64H,RSQ64H,?,?,?,?,?,?,?,?}@74:4 | R@16, " SRC_B},
    {"MUFU", 0x908, "{COS,SIN,EX2,LG2,RCP,RSQ,?,?,SQRT,TANH,?,?,?,?,?,?}@74:4 | R@16, F@32"},
    // RCP64H and RSQ64H take the upper half of a double.
    {"MUFU", 0x908, "{?,?,?,?,?,?,RCP64H,RSQ64H,?,?,?,?,?,?,?,?}@74:4 | R@16, D@32"},
    {"MUFU", 0xb08,
     "{COS,SIN,EX2,LG2,RCP,RSQ,RCP64H,RSQ64H,SQRT,TANH,?,?,?,?,?,?}@74:4 =0@73:1 | R@16, "
     "C -@63 |@62"},
    // Half-precision constant operands print a space between bank and offset (CUDA 11.8 and 13.0).
    {"MUFU", 0xb08,
     "{COS,SIN,EX2,LG2,RCP,RSQ,?,?,SQRT,TANH,?,?,?,?,?,?}@74:4 F16 =1@73:1 | R@16, "
     "C -@63 |@62 csp"},
    {"FSWZADD", 0x822, "FTZ@80 {,RM,RP,RZ}@78 NDV@77 | R@16, R@24 r@122, R@64 r@124, SWZ@32"},
    {"FCHK", 0x302, "| P@81, " SRC_A ", " SRC_B},
    {"FCHK", 0x902, "| P@81, " SRC_A ", F@32"},
    {"FCHK", 0xb02, "| P@81, " SRC_A ", C -@63 |@62"},
    {"FCHK", 0x1d02, "| P@81, " SRC_A ", UR@32 -@63 |@62"},
};

// Packed half precision. Swizzles: a [74:76), b [60:62), c [81:83) (H1_H0 is the default); a's
// absolute value is bit 73, c's negation and absolute value bits 84 and 83. The second source
// may be a register, an immediate pair, a constant (printed "c[0x0] [0x4]") or a uniform
// register; HADD2 and HFMA2's addend use the third-source slot ([9:12) = 2, 3, 7), HMUL2, HMNMX2
// and HFMA2's multiplier the second ([9:12) = 4, 5, 6).
#define HSWZ "{,F32,H0_H0,H1_H1}"
#define HSRC_A "R@24 -@72 |@73 r@122 ." HSWZ "@74:2"
#define HSRC_B "R@32 -@63 |@62 r@123 ." HSWZ "@60:2"
#define HSRC_C "R@64 -@84 |@83 r@124 ." HSWZ "@81:2"
// Their swizzle prints inside an absolute value's bars ("|UR0.H0_H0|"): not known here, so a
// constant or uniform register has no absolute value in these forms.
#define HCONST "C -@63 csp ." HSWZ "@60:2"
#define HUNIFORM "UR@32 -@63 ." HSWZ "@60:2"
// FMZ (76) and FTZ (80) exclude each other (nvdisasm: INVALID3): one line each. HADD2.F32 has
// no absolute value of a (bit 73 is ignored then); HADD2.F32's immediate is a single half and
// HFMA2.BF16_V2's immediates are bf16 pairs: neither is known here. HFMA2.RELU (79) takes a
// predicate operand of its own: left out too. BF16_V2 (85) prints nothing with .F32 (78).
#define HMNMX2_MODS "=0@85:1 F32@78 FTZ@80 NAN@81 XORSIGN@82 "
#define HSRC_A_NOABS "R@24 -@72 r@122 ." HSWZ "@74:2"
#define FLUSH_FORMS(NAME, KEY, HEAD, TAIL, OPERANDS)                     \
    {NAME, KEY, HEAD "FMZ =1@76:1 =0@80:1 " TAIL "| R@16, " OPERANDS}, { \
        NAME, KEY, HEAD "=0@76:1 FTZ@80 " TAIL "| R@16, " OPERANDS       \
    }
#define HFMA2_FORMS(KEY, OPERANDS)                                             \
    FLUSH_FORMS("HFMA2", KEY, "=0@85:1 F32@78 ", "SAT@77 =0@79:1 ", OPERANDS), \
        FLUSH_FORMS("HFMA2", KEY, "BF16_V2 =1@85:1 =0@78:1 ", "SAT@77 =0@79:1 ", OPERANDS)
// Packed comparisons: HSETP2's H_AND (71) joins the two halves' results; HSET2's BF (71) writes
// 1.0 instead of all ones. Orders as nvdisasm prints them (CUDA 11.8, single-bit variations).
#define HCMP "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@76:4 "
#define HSETP2_LINE(KEY, B)                                                                       \
    {                                                                                             \
        "HSETP2", KEY,                                                                            \
            HCMP "H_AND@71 FTZ@80 {AND,OR,XOR,?}@69:2 | P@81, P@84, " HSRC_A ", " B ", P@87 !@90" \
    }
#define HSET2_LINE(KEY, B)                                                                  \
    {                                                                                       \
        "HSET2", KEY,                                                                       \
            "BF@71 " HCMP "FTZ@80 {AND,OR,XOR,?}@69:2 | R@16, " HSRC_A ", " B ", P@87 !@90" \
    }
#define HCOMPARE_FORMS(LINE, LOW)                                                     \
    LINE(0x200 | LOW, HSRC_B), LINE(0x400 | LOW, "H2@32"), LINE(0x600 | LOW, HCONST), \
        LINE(0x1e00 | LOW, HUNIFORM)
#define HADD2_FORMS(KEY, B)                                                    \
    {"HADD2", KEY, "=0@78:1 FTZ@80 SAT@77 | R@16, " HSRC_A ", " B}, {          \
        "HADD2", KEY, "F32 =1@78:1 FTZ@80 SAT@77 | R@16, " HSRC_A_NOABS ", " B \
    }

constexpr FormSpec kHalfForms[] = {
    HCOMPARE_FORMS(HSETP2_LINE, 0x34),
    HCOMPARE_FORMS(HSET2_LINE, 0x33),
    HADD2_FORMS(0x230, HSRC_B),
    {"HADD2", 0x430, "=0@78:1 FTZ@80 SAT@77 | R@16, " HSRC_A ", H2@32"},
    HADD2_FORMS(0x630, HCONST),
    HADD2_FORMS(0x1e30, HUNIFORM),
    FLUSH_FORMS("HMUL2", 0x232, "F32@78 ", "SAT@77 ", HSRC_A ", " HSRC_B),
    FLUSH_FORMS("HMUL2", 0x832, "F32@78 ", "SAT@77 ", HSRC_A ", H2@32"),
    FLUSH_FORMS("HMUL2", 0xa32, "F32@78 ", "SAT@77 ", HSRC_A ", " HCONST),
    FLUSH_FORMS("HMUL2", 0x1c32, "F32@78 ", "SAT@77 ", HSRC_A ", " HUNIFORM),
    HFMA2_FORMS(0x231, HSRC_A ", " HSRC_B ", " HSRC_C),
    {"HFMA2", 0x431, "F32@78 FTZ@80 SAT@77 | R@16, " HSRC_A ", R@64 r@123, H2@32"},
    FLUSH_FORMS("HFMA2", 0x831, "=0@85:1 F32@78 ", "SAT@77 =0@79:1 ", HSRC_A ", H2@32, " HSRC_C),
    HFMA2_FORMS(0xa31, HSRC_A ", " HCONST ", " HSRC_C),
    HFMA2_FORMS(0x1c31, HSRC_A ", " HUNIFORM ", " HSRC_C),
    {"HMNMX2", 0x240, HMNMX2_MODS "| R@16, " HSRC_A ", " HSRC_B ", P@87 !@90"},
    {"HMNMX2", 0x840, HMNMX2_MODS "| R@16, " HSRC_A ", H2@32, P@87 !@90"},
    {"HMNMX2", 0xa40, HMNMX2_MODS "| R@16, " HSRC_A ", " HCONST ", P@87 !@90"},
    {"HMNMX2", 0x1c40, HMNMX2_MODS "| R@16, " HSRC_A ", " HUNIFORM ", P@87 !@90"},
    {"F2FP", 0x23e,
     "SATFINITE@77 RELU@75 BF16@76 PACK_AB =0@78:1 =255@64:8 | R@16, R@24 r@122, R@32 r@123"},
};

#define DRND "{,RM,RP,RZ}@78 "
#define DSETP_MODS \
    "{MIN,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,?}@76:4 {AND,OR,XOR,?}@74"

// Double precision: the FP32 layouts without FTZ and SAT; DADD's second source is in the third
// source slot [64:72).
constexpr FormSpec kDoubleForms[] = {
    {"DFMA", 0x22b, DRND "| R@16, " SRC_A ", " SRC_B ", " SRC_C},
    {"DFMA", 0x42b, DRND "| R@16, " SRC_A ", R@64 -@75 |@74 r@123, D@32"},
    {"DFMA", 0x62b, DRND "| R@16, " SRC_A ", R@64 -@75 |@74 r@123, C -@63 |@62"},
    {"DFMA", 0x82b, DRND "| R@16, " SRC_A ", D@32, " SRC_C},
    {"DFMA", 0xa2b, DRND "| R@16, " SRC_A ", C -@63 |@62, " SRC_C},
    {"DMUL", 0x228, DRND "| R@16, " SRC_A ", " SRC_B},
    {"DMUL", 0x828, DRND "| R@16, " SRC_A ", D@32"},
    {"DMUL", 0xa28, DRND "| R@16, " SRC_A ", C -@63 |@62"},
    {"DADD", 0x229, DRND "| R@16, " SRC_A ", R@64 -@75 |@74 r@124"},
    {"DADD", 0x429, DRND "| R@16, " SRC_A ", D@32"},
    {"DADD", 0x629, DRND "| R@16, " SRC_A ", C -@63 |@62"},
    {"DSETP", 0x22a, DSETP_MODS "| P@81, P@84, " SRC_A ", " SRC_B ", P@87 !@90"},
    {"DSETP", 0x42a, DSETP_MODS "| P@81, P@84, " SRC_A ", D@32, P@87 !@90"},
    {"DSETP", 0x62a, DSETP_MODS "| P@81, P@84, " SRC_A ", C -@63 |@62, P@87 !@90"},
};

}  // namespace

std::span<const FormSpec> FloatForms() {
    static const std::vector<FormSpec> forms = [] {
        std::vector<FormSpec> all(std::begin(kForms), std::end(kForms));
        all.insert(all.end(), std::begin(kDoubleForms), std::end(kDoubleForms));
        all.insert(all.end(), std::begin(kHalfForms), std::end(kHalfForms));
        return all;
    }();
    return forms;
}

}  // namespace shader::sass
